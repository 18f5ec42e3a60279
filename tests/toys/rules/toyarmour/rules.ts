// The toy armour rules (tests only): the table and the actions; the sequence — each round both sides
// roll a d6 for initiative, then alternate activating one unit each — is the flow's alternating
// machine, given this ruleset's initiative roll and its units (index.ts). Infantry move or shoot, the
// one vehicle pivots its hull and turret or fires a template. Lengths in cm, measured on the
// battlefield (height counts). Rule ids TA-n.
import { angleBetween, baseDistance, bearing, hypot, within, type Command, type Dice, type GameEvent, type PendingDecision, type Resolution, type Sequenced, type SequenceCtx, type TableQueries, type Vec2 } from '../../core';
import type { Scenario } from '../../scenario';
import type { ArmourSetup } from './setup';

export interface ArmourFigure {
  id: string;
  unit: string;
  side: string;
  at: Vec2;
  /** Hull facing (vehicles) or facing, degrees: 0 = north (+z), 90 = east (+x). */
  facing: number;
  /** Vehicles: the turret's bearing, degrees. */
  turret?: number;
  vehicle: boolean;
  /** Base radius, cm. */
  radius: number;
  /** Hits left: 1 for a soldier, 2 for the vehicle. */
  hp: number;
}

/** TA-7 a hit on the vehicle near the line between two faces, awaiting its owner's choice of the face struck. */
export interface AngledHit {
  figure: string;
  /** The two faces the line runs between, the stronger first (the default answer). */
  faces: [ArmourFace, ArmourFace];
}

/** The table: the figures (the sequence — round, who acts, which units acted — is the machine's). */
export interface ArmourTable {
  figures: ArmourFigure[];
  /** TA-7 angled hits whose face the owner has still to pick, in order (absent when none). */
  angled?: AngledHit[];
  /** TA-11 the side that surrendered (absent while none has). */
  surrendered?: string;
  /** TA-12…TA-14 (the setup variant) the setup's record: the roll's winner, the pool left, the pieces placed, the units to deploy. */
  setup?: ArmourSetup;
}

/** The game state: the table and the machine's read-only sequence. */
export type ArmourState = Sequenced<ArmourTable>;

/** TA-4 infantry move up to this far; TA-5 the vehicle fires its template up to this far (cm). */
export const INFANTRY_MOVE = 10;
export const RIFLE_RANGE = 30;
export const GUN_RANGE = 40;
/** TA-6 the template: every base centre within this radius of its centre (cm). */
export const TEMPLATE_RADIUS = 4;
/** TA-5 the turret arc: this many degrees either side of the turret's bearing. */
export const TURRET_HALF_ARC = 45;
/** TA-7 armour by the side hit: a penetration needs a d6 above it. */
export const ARMOUR = { front: 5, side: 4, rear: 3 } as const;
export type ArmourFace = keyof typeof ARMOUR;
/** TA-7 a hit this close (degrees) to the 45° or 135° line between two faces is angled: the owner picks which face takes it. */
export const ANGLED_BAND = 15;

const COMPASS = [0, 45, 90, 135, 180, 225, 270, 315];

/** Bearings (degrees clockwise from north) and the angle between two: the core's, shared with every ruleset. */
export { angleBetween, bearing };

/** TA-7 the armour a shot from `from` strikes, by its angle off the hull facing: front within 45°, rear beyond 135°, else side. */
export function armourFace(vehicle: ArmourFigure, from: Vec2): ArmourFace {
  const off = angleBetween(bearing(vehicle.at, from), vehicle.facing);
  return off <= 45 ? 'front' : off >= 135 ? 'rear' : 'side';
}

/** TA-7 the two faces an angled hit from `from` lies between (the stronger first), or undefined when it is plainly on one face. */
export function angledFaces(vehicle: ArmourFigure, from: Vec2): [ArmourFace, ArmourFace] | undefined {
  const off = angleBetween(bearing(vehicle.at, from), vehicle.facing);
  if (Math.abs(off - 45) <= ANGLED_BAND) return ['front', 'side'];
  if (Math.abs(off - 135) <= ANGLED_BAND) return ['side', 'rear'];
  return undefined;
}

/** TA-5 is the point inside the turret's arc? */
export function inTurretArc(vehicle: ArmourFigure, point: Vec2): boolean {
  return angleBetween(bearing(vehicle.at, point), vehicle.turret ?? vehicle.facing) <= TURRET_HALF_ARC + 1e-9;
}

const live = (t: ArmourTable) => t.figures.filter((f) => f.hp > 0);
const unitFigures = (t: ArmourTable, unit: string) => live(t).filter((f) => f.unit === unit);
const sidesOf = (scenario: Scenario) => scenario.sides.map((x) => x.id);
const base = (table: TableQueries, f: { at: Vec2; radius: number }) => ({ at: f.at, radius: f.radius, y: table.standHeight(f.at[0], f.at[1]) });

/** TA-2 the units of a side still on the table (the machine leaves out those that acted this round). */
export function armourUnits(t: ArmourTable, side: string): string[] {
  return [...new Set(live(t).filter((f) => f.side === side).map((f) => f.unit))];
}

/** Units of a side that may still be activated this round. */
export function readyUnits(s: ArmourState, side: string): string[] {
  return armourUnits(s.table, side).filter((u) => !s.seq.acted.includes(u));
}

/** Distance between two figures' bases on the battlefield (cm, height counts). */
export function figureDistance(table: TableQueries, a: ArmourFigure, b: ArmourFigure): number {
  return baseDistance(base(table, a), base(table, b));
}

/** TA-6 the figures the template centred at `at` covers: base centre within its radius (cm, height counts). */
export function underTemplate(t: ArmourTable, table: TableQueries, at: Vec2): ArmourFigure[] {
  const y = table.standHeight(at[0], at[1]);
  return live(t).filter((f) => hypot(hypot(f.at[0] - at[0], f.at[1] - at[1]), table.standHeight(f.at[0], f.at[1]) - y) <= TEMPLATE_RADIUS + 1e-9);
}

function wiped(t: ArmourTable, scenario: Scenario): string | undefined {
  return sidesOf(scenario).find((side) => armourUnits(t, side).length === 0);
}

export function setupArmour(scenario: Scenario): ArmourTable {
  const figures: ArmourFigure[] = (scenario.units ?? []).flatMap((u) =>
    u.figures.map((f) => {
      const vehicle = u.type === 'vehicle';
      return {
        id: f.id, unit: u.id, side: u.side, at: f.at, facing: f.facing ?? 0, vehicle, hp: vehicle ? 2 : 1,
        radius: vehicle ? (f.hull?.width ?? 3) / 2 : 1.25,
        ...(vehicle ? { turret: f.turretFacing ?? f.facing ?? 0 } : {}),
      };
    }),
  );
  return { figures };
}

type Refusal = { ok: false; reason: string; rule: string };
const no = (reason: string, rule: string): Refusal => ({ ok: false, reason, rule });
const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;
/** A figure as players read it: its unit's name and its place in the unit ("Red squad 2"). */
export function figureName(scenario: Scenario, f: { id: string; unit: string }): string {
  const unit = scenario.units?.find((u) => u.id === f.unit);
  const n = unit ? unit.figures.findIndex((x) => x.id === f.id) : -1;
  return unit && unit.figures.length > 1 && n >= 0 ? `${unit.name ?? unit.id} ${n + 1}` : nameOf(scenario, f.unit);
}
const cm = (d: number) => `${d.toFixed(1)} cm`;

type Ctx = SequenceCtx<Scenario, TableQueries>;

/** TA-1 both sides roll a d6, a tie re-rolled until one is higher: the winner and the log's line. */
function rollInitiative(s: ArmourState, { scenario, dice }: Ctx & { dice: Dice }): { winner: string; text: string } {
  const sides = sidesOf(scenario);
  let a = 0;
  let b = 0;
  while (a === b) {
    a = dice.roll(6, `initiative of ${sideName(scenario, sides[0]!)}`, 'TA-1');
    b = dice.roll(6, `initiative of ${sideName(scenario, sides[1]!)}`, 'TA-1');
  }
  const winner = a > b ? sides[0]! : sides[1]!;
  return { winner, text: `Round ${s.seq.round + 1}: ${sideName(scenario, winner)} win the initiative (${a}–${b})` };
}

/** TA-1 the resolution of a round's start: the initiative's winner activates first. */
export function armourInitiative(s: ArmourState, ctx: Ctx & { dice: Dice }): { first: string; text: string } {
  const r = rollInitiative(s, ctx);
  return { first: r.winner, text: r.text };
}

/** TA-9 (the variant) the initiative's winner chooses to act first or hand the first activation over. */
export function armourInitiativeChoice(s: ArmourState, ctx: Ctx & { dice: Dice }): { winner: string; text: string; choose: true } {
  return { ...rollInitiative(s, ctx), choose: true };
}

/** TA-10 a squad activates with its vehicle when a figure of it stands within this far of the hull's base (cm, on the ground plan). */
export const TOGETHER_RANGE = 5;

/**
 * TA-10 (the variant) the units activating when `select` is taken: a vehicle with the first ready squad
 * of its side within TOGETHER_RANGE of it; any other unit alone.
 */
export function armourTogether(s: ArmourState, select: Command): string[] {
  const unit = String(select.unitId);
  const vehicle = unitFigures(s.table, unit).find((f) => f.vehicle);
  if (!vehicle) return [unit];
  const near = readyUnits(s, vehicle.side).find((u) => u !== unit && unitFigures(s.table, u).some((f) => !f.vehicle && hypot(f.at[0] - vehicle.at[0], f.at[1] - vehicle.at[1]) - f.radius - vehicle.radius <= TOGETHER_RANGE + 1e-9));
  return near ? [unit, near] : [unit];
}

/** TA-11 (the variant) a side may surrender at any moment of the game. */
export function armourSurrenders(s: ArmourState, side: string): Command[] {
  return s.table.surrendered ? [] : [{ type: 'SURRENDER', side }];
}

/** TA-11 a side surrenders: the other wins. */
export function armourSurrender(_s: ArmourState, c: Command, { scenario }: Ctx & { dice: Dice }): Resolution {
  const side = String(c.side);
  return { ok: true, events: [{ type: 'SIDE_SURRENDERED', rule: 'TA-11', side, text: `${sideName(scenario, side)} surrender` }] };
}

/**
 * TA-7 a hit on a figure: a soldier falls; the vehicle's armour, by the face struck, must be beaten by a
 * d6. An angled hit waits for its owner to pick the face (answerArmour rolls it).
 */
function hitEvents(scenario: Scenario, dice: Dice, target: ArmourFigure, from: Vec2, rule: string): GameEvent[] {
  if (!target.vehicle) return [{ type: 'FIGURE_DOWN', rule, figure: target.id, text: `${figureName(scenario, target)} is down` }];
  const faces = angledFaces(target, from);
  if (faces) return [{ type: 'ARMOUR_ANGLED', rule: 'TA-7', figure: target.id, faces, text: `${nameOf(scenario, target.unit)} hit at an angle: ${sideName(scenario, target.side)} pick ${faces[0]} or ${faces[1]} armour` }];
  return [penetration(scenario, dice, target, armourFace(target, from))];
}

/** TA-7 the d6 against the armour of the face struck. */
function penetration(scenario: Scenario, dice: Dice, target: ArmourFigure, face: ArmourFace, chosenBy?: string): GameEvent {
  const roll = dice.roll(6, `penetration of the ${face} armour (${ARMOUR[face] + 1}+)`, 'TA-7');
  const through = roll > ARMOUR[face];
  const who = chosenBy ? `${sideName(scenario, chosenBy)} pick the ${face} armour: ` : '';
  return {
    type: 'ARMOUR_HIT', rule: 'TA-7', figure: target.id, face, armour: ARMOUR[face], roll, penetrated: through, ...(chosenBy ? { chosenBy } : {}),
    text: `${who}${nameOf(scenario, target.unit)} hit on its ${face} armour (${ARMOUR[face]}): ${roll}, ${through ? 'penetrated' : 'bounced off'}`,
  };
}

/** TA-7 the owner's choice awaited: the face the first angled hit strikes, the stronger face first. */
export function armourDecision(s: ArmourState, scenario: Scenario): PendingDecision | undefined {
  const hit = s.table.angled?.[0];
  const vehicle = hit && s.table.figures.find((f) => f.id === hit.figure);
  if (!hit || !vehicle) return undefined;
  const side = vehicle.side;
  return {
    side, kind: 'armour-face', rule: 'TA-7', unitId: vehicle.unit,
    label: `${nameOf(scenario, vehicle.unit)} hit at an angle: which armour takes it, ${hit.faces.map((f) => `${f} (${ARMOUR[f]})`).join(' or ')}?`,
    options: hit.faces.map((face) => ({ label: `${face} armour (${ARMOUR[face]})`, command: { type: 'CHOOSE_FACE', side, figure: vehicle.id, face } })),
  };
}

/** TA-7 the owner's answer: the face picked takes the angled hit, rolled against its armour. */
export function answerArmour(s: ArmourState, c: Command, { scenario, dice }: Ctx & { dice: Dice }): Resolution {
  const hit = s.table.angled?.[0];
  const vehicle = hit && s.table.figures.find((f) => f.id === hit.figure);
  if (!hit || !vehicle) return no('no angled hit awaits a choice', 'TA-7');
  if (c.figure !== hit.figure || !hit.faces.includes(c.face as ArmourFace)) return no(`the hit strikes the ${hit.faces.join(' or the ')} armour`, 'TA-7');
  return { ok: true, events: [penetration(scenario, dice, vehicle, c.face as ArmourFace, vehicle.side)] };
}

/** TA-3…TA-6 the action of the unit the machine has activated (`s.seq.unit`): its events, or the refusal. */
export function actArmour(s: ArmourState, c: Command, ctx: Ctx & { dice: Dice }): Resolution {
  const { scenario, table, dice } = ctx;
  // TA-10 the unit acting: the one activated, or a unit activated with it.
  const unit = typeof c.unitId === 'string' && s.seq.together?.includes(c.unitId) ? c.unitId : s.seq.unit!;
  const t = s.table;
  const own = unitFigures(t, unit);
  const vehicle = own.find((f) => f.vehicle);
  switch (c.type) {
    case 'HOLD':
      return { ok: true, events: [{ type: 'UNIT_HELD', rule: 'TA-3', unit, text: `${nameOf(scenario, unit)} hold` }] };
    case 'MOVE': {
      // TA-4 infantry move together, each figure the same way, up to INFANTRY_MOVE cm, staying on the table.
      if (vehicle) return no('the vehicle pivots; it does not move in this toy', 'TA-4');
      const [dx, dz] = [Number(c.dx), Number(c.dz)];
      if (!Number.isFinite(dx) || !Number.isFinite(dz)) return no('a move needs dx and dz (cm)', 'TA-4');
      const length = hypot(dx, dz);
      if (!within(length, INFANTRY_MOVE)) return no(`a move of ${cm(length)} is beyond ${INFANTRY_MOVE} cm`, 'TA-4');
      const off = own.some((f) => f.at[0] + dx < 0 || f.at[0] + dx > scenario.table.width || f.at[1] + dz < 0 || f.at[1] + dz > scenario.table.depth);
      if (off) return no('a figure would leave the table', 'TA-4');
      return { ok: true, events: [{ type: 'UNIT_MOVED', rule: 'TA-4', unit, dx, dz, cm: length, text: `${nameOf(scenario, unit)} move ${cm(length)}` }] };
    }
    case 'PIVOT': {
      // TA-5 the vehicle turns its hull and its turret to any of the eight compass bearings.
      if (!vehicle) return no('only the vehicle pivots', 'TA-5');
      const [facing, turret] = [Number(c.facing), Number(c.turret)];
      if (!COMPASS.includes(facing) || !COMPASS.includes(turret)) return no('facing and turret are compass bearings (0, 45 … 315)', 'TA-5');
      return { ok: true, events: [{ type: 'VEHICLE_PIVOTED', rule: 'TA-5', figure: vehicle.id, facing, turret, text: `${nameOf(scenario, unit)} hull to ${facing}°, turret to ${turret}°` }] };
    }
    case 'SHOOT': {
      // TA-3 every soldier of the unit shoots at one enemy figure within RIFLE_RANGE cm: a hit on 4+.
      if (vehicle) return no('the vehicle fires its template', 'TA-3');
      const target = live(t).find((f) => f.id === c.target);
      if (!target || target.side === s.seq.side) return no('the target is not an enemy figure on the table', 'TA-3');
      const range = Math.min(...own.map((f) => figureDistance(table, f, target)));
      if (!within(range, RIFLE_RANGE)) return no(`the target is ${cm(range)} away, beyond ${RIFLE_RANGE} cm`, 'TA-3');
      const events: GameEvent[] = [{ type: 'UNIT_SHOT', rule: 'TA-3', unit, target: target.id, cm: range, text: `${nameOf(scenario, unit)} shoot at ${figureName(scenario, target)}, ${cm(range)} away` }];
      let left = target.hp;
      for (const f of own) {
        if (left <= 0) break;
        if (dice.roll(6, `shot by ${figureName(scenario, f)} (4+)`, 'TA-3') < 4) continue;
        const hit = hitEvents(scenario, dice, target, f.at, 'TA-3');
        // An angled hit counts against the hits left until its face is picked (it may penetrate).
        if (hit.some((e) => e.type === 'FIGURE_DOWN' || e.penetrated || e.type === 'ARMOUR_ANGLED')) left--;
        events.push(...hit);
      }
      return { ok: true, events };
    }
    case 'TEMPLATE': {
      // TA-5 the gun fires only inside the turret's arc, up to GUN_RANGE cm; TA-6 its template hits every base centre within TEMPLATE_RADIUS.
      if (!vehicle) return no('only the vehicle fires a template', 'TA-5');
      const at = c.at as Vec2 | undefined;
      if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isFinite)) return no('a template needs its centre "at": [x, z] (cm)', 'TA-6');
      if (!inTurretArc(vehicle, at)) {
        return no(`the point is ${angleBetween(bearing(vehicle.at, at), vehicle.turret ?? vehicle.facing).toFixed(0)}° off the turret's bearing, outside its ${TURRET_HALF_ARC * 2}° arc`, 'TA-5');
      }
      const range = hypot(at[0] - vehicle.at[0], at[1] - vehicle.at[1]);
      if (!within(range, GUN_RANGE)) return no(`the point is ${cm(range)} away, beyond ${GUN_RANGE} cm`, 'TA-5');
      const under = underTemplate(t, table, at).filter((f) => f.id !== vehicle.id);
      const events: GameEvent[] = [{ type: 'TEMPLATE_FIRED', rule: 'TA-6', figure: vehicle.id, at, radius: TEMPLATE_RADIUS, under: under.map((f) => f.id), text: `${nameOf(scenario, unit)} fire a ${TEMPLATE_RADIUS} cm template ${cm(range)} away: ${under.length} under it` }];
      for (const f of under) {
        if (dice.roll(6, `template on ${figureName(scenario, f)} (3+)`, 'TA-6') >= 3) events.push(...hitEvents(scenario, dice, f, vehicle.at, 'TA-6'));
      }
      return { ok: true, events };
    }
  }
  return no(`unknown command ${c.type}`, 'TA-3');
}

function hurt(t: ArmourTable, id: string): ArmourTable {
  return { ...t, figures: t.figures.map((f) => (f.id === id ? { ...f, hp: f.hp - 1 } : f)) };
}

/** The table with its first angled hit answered (the field dropped when none is left, so a table without any keeps its shape). */
function answered(t: ArmourTable): ArmourTable {
  const [, ...rest] = t.angled ?? [];
  const { angled: _, ...plain } = t;
  return rest.length ? { ...plain, angled: rest } : plain;
}

/** The table after one of the rules' events. */
export function evolveArmour(t: ArmourTable, e: GameEvent): ArmourTable {
  switch (e.type) {
    case 'UNIT_MOVED':
      return { ...t, figures: t.figures.map((f) => (f.unit === e.unit ? { ...f, at: [f.at[0] + (e.dx as number), f.at[1] + (e.dz as number)] as Vec2 } : f)) };
    case 'VEHICLE_PIVOTED':
      return { ...t, figures: t.figures.map((f) => (f.id === e.figure ? { ...f, facing: e.facing as number, turret: e.turret as number } : f)) };
    case 'FIGURE_DOWN':
      return hurt(t, e.figure as string);
    case 'ARMOUR_ANGLED':
      return { ...t, angled: [...(t.angled ?? []), { figure: e.figure as string, faces: e.faces as [ArmourFace, ArmourFace] }] };
    case 'ARMOUR_HIT': {
      const after = e.chosenBy ? answered(t) : t;
      return e.penetrated ? hurt(after, e.figure as string) : after;
    }
    case 'SIDE_SURRENDERED':
      return { ...t, surrendered: e.side as string };
    default:
      return t;
  }
}

/** TA-8 the game ends when a side has nothing left, or after the last round (either way the machine's `over`): the side with more left standing wins. */
export function armourVictory(s: ArmourState, scenario: Scenario): { winner: string | null; reason: string; rule: string } | undefined {
  // TA-11 a surrender ends the game: the other side wins.
  const gaveUp = s.table.surrendered;
  if (gaveUp) {
    const winner = sidesOf(scenario).find((x) => x !== gaveUp) ?? null;
    return { winner, reason: `${sideName(scenario, gaveUp)} surrendered${winner ? `: ${sideName(scenario, winner)} win` : ''}`, rule: 'TA-11' };
  }
  const gone = wiped(s.table, scenario);
  if (!gone && s.seq.step !== 'over') return undefined;
  const score = (side: string) => live(s.table).filter((f) => f.side === side).reduce((n, f) => n + (f.vehicle ? 3 * f.hp : 1), 0);
  const [a, b] = sidesOf(scenario).map(score) as [number, number];
  const winner = a === b ? null : a > b ? sidesOf(scenario)[0]! : sidesOf(scenario)[1]!;
  const why = gone ? `${sideName(scenario, gone)} have nothing left` : `round ${s.seq.round} was the last`;
  return { winner, reason: `${why}: ${a}–${b}${winner ? `, ${sideName(scenario, winner)} win` : ', a draw'}`, rule: 'TA-8' };
}

/** Every action the activated unit may take now (each with its side). */
export function armourActions(s: ArmourState, scenario: Scenario, table: TableQueries): Command[] {
  const side = s.seq.side;
  if (!s.seq.unit || !side) return [];
  // TA-10 the units activated together each offer their actions.
  return [s.seq.unit, ...(s.seq.together ?? [])].flatMap((unitId) => unitActions(s, unitId, side, scenario, table));
}

function unitActions(s: ArmourState, unitId: string, side: string, scenario: Scenario, table: TableQueries): Command[] {
  const own = unitFigures(s.table, unitId);
  const out: Command[] = [{ type: 'HOLD', side, unitId }];
  const enemies = live(s.table).filter((f) => f.side !== side);
  const vehicle = own.find((f) => f.vehicle);
  if (vehicle) {
    for (const facing of COMPASS) for (const turret of COMPASS) if (angleBetween(facing, turret) <= 90) out.push({ type: 'PIVOT', side, unitId, facing, turret });
    for (const e of enemies) if (inTurretArc(vehicle, e.at) && within(hypot(e.at[0] - vehicle.at[0], e.at[1] - vehicle.at[1]), GUN_RANGE)) out.push({ type: 'TEMPLATE', side, unitId, at: e.at });
    return out;
  }
  for (const b of COMPASS) {
    const r = (b * Math.PI) / 180;
    const [dx, dz] = [Math.round(INFANTRY_MOVE * Math.sin(r) * 10) / 10, Math.round(INFANTRY_MOVE * Math.cos(r) * 10) / 10];
    if (moveStaysOnTable(own, dx, dz, scenario)) out.push({ type: 'MOVE', side, unitId, dx, dz });
  }
  for (const e of enemies) if (own.some((f) => within(figureDistance(table, f, e), RIFLE_RANGE))) out.push({ type: 'SHOOT', side, unitId, target: e.id });
  return out;
}

function moveStaysOnTable(own: ArmourFigure[], dx: number, dz: number, scenario: Scenario): boolean {
  return within(hypot(dx, dz), INFANTRY_MOVE) && own.every((f) => f.at[0] + dx >= 0 && f.at[0] + dx <= scenario.table.width && f.at[1] + dz >= 0 && f.at[1] + dz <= scenario.table.depth);
}
