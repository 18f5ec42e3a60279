// The toy cards rules (tests only): the table and its guards and resolutions; the sequence — a deck of
// unit cards each turn, a card's unit acting, passing, going ready or (the leader) commanding a squad,
// a shaken unit's nerve test first, readiness windows after activations — is the flow's cards machine
// (index.ts). An activation: hold, shoot, or move and then shoot or end it; the unit shot at may fire back
// (TC-10). The owners' choices and the turn's hooks are in choices.ts. Lengths in cm. Rule ids TC-n.
import { baseDistance, hypot, within, type Command, type Dice, type GameEvent, type Resolution, type RollOffRound, type Sequenced, type SequenceCtx, type TableQueries, type Vec2 } from '../../core';
import type { Scenario } from '../../scenario';

export interface CardFigure {
  id: string;
  unit: string;
  side: string;
  at: Vec2;
  alive: boolean;
}

/** Hits of a shot whose owner is choosing the figures that fall (TC-9). */
export interface Allocation {
  target: string;
  hits: number;
}

/** A unit shot at that may fire back at its shooter (TC-10). */
export interface ReturnFire {
  unit: string;
  at: string;
}

/** The table: the figures, the leaders' units, the units shaken and those pinned by fire, hits awaiting their owner's choice, return fire due (the sequence is the machine's). */
export interface CardsTable {
  figures: CardFigure[];
  leaders: string[];
  shaken: string[];
  pinned: string[];
  allocating: Allocation | null;
  returnFire: ReturnFire | null;
  /** TC-11 the sides still to choose a shaken unit to rally at the turn's end, in order. */
  rally: string[];
}

export type CardsState = Sequenced<CardsTable>;
export type Ctx = SequenceCtx<Scenario, TableQueries>;

/** TC-3 a move and the rifles' range; TC-4 a leader's command range (cm). */
export const MOVE = 10;
export const RANGE = 30;
export const COMMAND_RANGE = 15;
/** TC-3 a hit on 4+; TC-5 the nerve test passes on 4+; TC-8 two hits of a shot pin, getting up on 3+. */
export const HIT = 4;
export const NERVE = 4;
export const PIN_HITS = 2;
export const GET_UP = 3;
/** TC-10 return fire hits on 5+. */
export const RETURN_HIT = 5;
const RADIUS = 1.25;
const COMPASS = [0, 45, 90, 135, 180, 225, 270, 315];

const live = (t: CardsTable) => t.figures.filter((f) => f.alive);
export const unitFigures = (t: CardsTable, unit: string) => live(t).filter((f) => f.unit === unit);
export const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
export const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;
const cm = (d: number) => `${d.toFixed(1)} cm`;
export const no = (reason: string, rule: string): Resolution => ({ ok: false, reason, rule });

/** TC-1 the units of a side still on the table (each has a card). */
export function cardUnits(t: CardsTable, side: string): string[] {
  return [...new Set(live(t).filter((f) => f.side === side).map((f) => f.unit))];
}

export function sideOfUnit(t: CardsTable, unit: string): string {
  return t.figures.find((f) => f.unit === unit)!.side;
}

/** The nearest distance between two groups of figures on the battlefield (cm, height counts). */
function distance(table: TableQueries, a: readonly CardFigure[], b: readonly CardFigure[]): number {
  const base = (f: CardFigure) => ({ at: f.at, radius: RADIUS, y: table.standHeight(f.at[0], f.at[1]) });
  let best = Infinity;
  for (const x of a) for (const y of b) best = Math.min(best, baseDistance(base(x), base(y)));
  return best;
}

/** Centre-to-centre distance of two units on the table plan (cm): the leader's command reach (TC-4). */
function planDistance(t: CardsTable, a: string, b: string): number {
  const centre = (u: string) => {
    const fs = unitFigures(t, u);
    return [fs.reduce((n, f) => n + f.at[0], 0) / fs.length, fs.reduce((n, f) => n + f.at[1], 0) / fs.length] as Vec2;
  };
  const [p, q] = [centre(a), centre(b)];
  return hypot(p[0] - q[0], p[1] - q[1]);
}

export function setupCards(scenario: Scenario): CardsTable {
  const units = scenario.units ?? [];
  return {
    figures: units.flatMap((u) => u.figures.map((f) => ({ id: f.id, unit: u.id, side: u.side, at: f.at, alive: true }))),
    leaders: units.filter((u) => u.type === 'leader').map((u) => u.id),
    shaken: [],
    pinned: [],
    allocating: null,
    returnFire: null,
    rally: [],
  };
}

/** TC-1 each turn every unit on the table has a card; each card gets a d6 and the deck is drawn highest first (ties in the scenario's order). */
export function dealCards(s: CardsState, { scenario, dice }: Ctx & { dice: Dice }): { deck: string[]; text: string } {
  const units = s.seq.sides.flatMap((side) => cardUnits(s.table, side));
  const rolled = units.map((unit, i) => ({ unit, i, roll: dice.roll(6, `card of ${nameOf(scenario, unit)}`, 'TC-1') }));
  const deck = rolled.sort((a, b) => b.roll - a.roll || a.i - b.i).map((r) => r.unit);
  return { deck, text: `Turn ${s.seq.round + 1}: ${deck.length} cards shuffled into the deck` };
}

/** TC-2 a drawn card offers its unit an activation, unless the unit is gone or has already acted (commanded): the card is spent. */
export function drawnCard(s: CardsState, card: string, { scenario }: Ctx): { unit: string | null; text: string; rule?: string } {
  if (unitFigures(s.table, card).length === 0) return { unit: null, text: `${nameOf(scenario, card)} is no longer on the table: the card is spent`, rule: 'TC-1' };
  if (s.seq.acted.includes(card)) return { unit: null, text: `${nameOf(scenario, card)} has already acted this turn: the card is spent`, rule: 'TC-4' };
  return { unit: card, text: `${nameOf(scenario, card)}'s card is drawn` };
}

/** TC-5, TC-8 the forced steps of a unit offered its activation, in order: a shaken unit tests its nerve, then a pinned one tries to get up. */
export const forcedStep = (t: CardsTable, unit: string): string | null => (t.shaken.includes(unit) ? 'nerve test' : t.pinned.includes(unit) ? 'get up' : null);

type Forced = { ok: true; events: GameEvent[]; goesOn: boolean };

/** TC-5 the nerve test: a d6, 4+ steadies the unit (it goes on); else it stays shaken and the activation is spent. TC-8 getting up: a d6, 3+ it goes on; the pin is gone either way. */
export function resolveForcedStep(s: CardsState, step: string, { scenario, dice }: Ctx & { dice: Dice }): Forced {
  const unit = s.seq.unit!;
  const name = nameOf(scenario, unit);
  if (step === 'get up') {
    const roll = dice.roll(6, `${name} get up (${GET_UP}+)`, 'TC-8');
    const up = roll >= GET_UP;
    return { ok: true, goesOn: up, events: [{ type: 'GOT_UP', rule: 'TC-8', unit, roll, up, text: `${name} try to get up: ${roll}, ${up ? 'they go on' : 'they stay down this activation'}` }] };
  }
  const roll = dice.roll(6, `nerve test of ${name} (${NERVE}+)`, 'TC-5');
  const steady = roll >= NERVE;
  return { ok: true, goesOn: steady, events: [{ type: 'NERVE_TESTED', rule: 'TC-5', unit, roll, steady, text: `${name} tests its nerve: ${roll}, ${steady ? 'steady' : 'still shaken'}` }] };
}

/** TC-4 the leader's card may command a squad of his side within COMMAND_RANGE cm. */
export function commandableUnits(t: CardsTable, unit: string): string[] {
  if (!t.leaders.includes(unit)) return [];
  const side = sideOfUnit(t, unit);
  return cardUnits(t, side).filter((u) => u !== unit && !t.leaders.includes(u) && within(planDistance(t, unit, u), COMMAND_RANGE));
}

/** TC-6 a squad (not the leader, not shaken) may go into readiness on its own card. */
export const mayGoReady = (t: CardsTable, unit: string) => !t.leaders.includes(unit) && !t.shaken.includes(unit);

/** TC-6 the readiness roll-off: a d6 a side, the higher first, ties re-rolled; each round of dice its own line. */
export function readinessRollOff(sides: readonly string[], { scenario, dice }: Ctx & { dice: Dice }): { order: string[]; text: string; rounds: RollOffRound[] } {
  const [a, b] = sides as [string, string];
  const rounds: RollOffRound[] = [];
  let [ra, rb] = [0, 0];
  while (ra === rb) {
    ra = dice.roll(6, `readiness roll-off: ${sideName(scenario, a)}`, 'TC-6');
    rb = dice.roll(6, `readiness roll-off: ${sideName(scenario, b)}`, 'TC-6');
    const first = ra > rb ? a : b;
    rounds.push({ rolls: [{ side: a, value: ra }, { side: b, value: rb }], text: `Readiness roll-off ${sideName(scenario, a)} ${ra}, ${sideName(scenario, b)} ${rb}${ra === rb ? ': a tie, rolled again' : `: ${sideName(scenario, first)} go first`}` });
  }
  const order = ra > rb ? [a, b] : [b, a];
  return { order, text: `Readiness roll-off ${ra}–${rb}: ${sideName(scenario, order[0]!)} go first`, rounds };
}

/** TC-3 an action of the activated unit (`s.seq.unit`): hold, move (once, first) or shoot. */
export function actCards(s: CardsState, c: Command, ctx: Ctx & { dice: Dice }): Resolution {
  const { scenario, table, dice } = ctx;
  if (c.type === 'RETURN_FIRE' || c.type === 'HOLD_FIRE') return actReturnFire(s, c, ctx);
  const unit = s.seq.unit!;
  const own = unitFigures(s.table, unit);
  switch (c.type) {
    case 'HOLD':
      if (s.seq.taken?.length) return no(`${nameOf(scenario, unit)} has moved: it may shoot or end its activation`, 'TC-3');
      return { ok: true, events: [{ type: 'UNIT_HELD', rule: 'TC-3', unit, text: `${nameOf(scenario, unit)} hold` }] };
    case 'MOVE': {
      if (s.seq.taken?.length) return no(`${nameOf(scenario, unit)} may move only as its activation's first action`, 'TC-3');
      const [dx, dz] = [Number(c.dx), Number(c.dz)];
      if (!Number.isFinite(dx) || !Number.isFinite(dz)) return no('a move needs dx and dz (cm)', 'TC-3');
      const length = hypot(dx, dz);
      if (!within(length, MOVE)) return no(`a move of ${cm(length)} is beyond ${MOVE} cm`, 'TC-3');
      if (!stays(own, dx, dz, scenario)) return no('a figure would leave the table', 'TC-3');
      return { ok: true, events: [{ type: 'UNIT_MOVED', rule: 'TC-3', unit, dx, dz, text: `${nameOf(scenario, unit)} move ${cm(length)}` }] };
    }
    case 'SHOOT': {
      const target = String(c.target);
      const enemy = unitFigures(s.table, target);
      if (enemy.length === 0 || enemy[0]!.side === s.seq.side) return no('the target is not an enemy unit on the table', 'TC-3');
      const range = distance(table, own, enemy);
      if (!within(range, RANGE)) return no(`${nameOf(scenario, target)} is ${cm(range)} away, beyond ${RANGE} cm`, 'TC-3');
      const hits = own.map(() => dice.roll(6, `shot by ${nameOf(scenario, unit)} (${HIT}+)`, 'TC-3')).filter((r) => r >= HIT).length;
      // TC-9 hits enough for every figure: all fall; fewer: the owner chooses who falls (a decision).
      const fallen = hits >= enemy.length ? enemy.map((f) => f.id) : [];
      return { ok: true, events: [{ type: 'UNIT_SHOT', rule: 'TC-3', unit, target, hits, fallen, text: `${nameOf(scenario, unit)} shoot at ${nameOf(scenario, target)}, ${cm(range)} away: ${hits} hit${hits === 1 ? '' : 's'}${hits ? `, it is shaken (TC-5)${hits >= PIN_HITS ? ' and pinned (TC-8)' : ''}` : ''}` }] };
    }
  }
  return no(`unknown command ${c.type}`, 'TC-3');
}

/** TC-10 the return fire due now, if any: the unit shot at and its shooter both still stand. */
export function returnFireDue(t: CardsTable): ReturnFire | null {
  const rf = t.returnFire;
  return rf && unitFigures(t, rf.unit).length > 0 && unitFigures(t, rf.at).length > 0 ? rf : null;
}

/** TC-10 the unit shot at fires back (a d6 a man, 5+; TC-9 its owner's choice of who falls) or holds its fire. */
function actReturnFire(s: CardsState, c: Command, { scenario, dice }: Ctx & { dice: Dice }): Resolution {
  const rf = returnFireDue(s.table);
  if (!rf || c.unitId !== rf.unit) return no(`${nameOf(scenario, String(c.unitId))} has no return fire due`, 'TC-10');
  const [by, at] = [nameOf(scenario, rf.unit), nameOf(scenario, rf.at)];
  if (c.type === 'HOLD_FIRE') return { ok: true, events: [{ type: 'FIRE_HELD', rule: 'TC-10', unit: rf.unit, text: `${by} hold their fire` }] };
  const enemy = unitFigures(s.table, rf.at);
  const hits = unitFigures(s.table, rf.unit).map(() => dice.roll(6, `return fire by ${by} (${RETURN_HIT}+)`, 'TC-10')).filter((r) => r >= RETURN_HIT).length;
  const fallen = hits >= enemy.length ? enemy.map((f) => f.id) : [];
  return { ok: true, events: [{ type: 'FIRE_RETURNED', rule: 'TC-10', unit: rf.unit, target: rf.at, hits, fallen, text: `${by} return fire at ${at}: ${hits} hit${hits === 1 ? '' : 's'}` }] };
}

function stays(own: readonly CardFigure[], dx: number, dz: number, scenario: Scenario): boolean {
  return own.every((f) => f.at[0] + dx >= 0 && f.at[0] + dx <= scenario.table.width && f.at[1] + dz >= 0 && f.at[1] + dz <= scenario.table.depth);
}

/** The table after one of the rules' events: a move, a shot's fallen and its target shaken (TC-5) or pinned (TC-8), a steady nerve, a pin gone. */
export function evolveCards(t: CardsTable, e: GameEvent): CardsTable {
  switch (e.type) {
    case 'UNIT_MOVED':
      return { ...t, figures: t.figures.map((f) => (f.unit === e.unit ? { ...f, at: [f.at[0] + (e.dx as number), f.at[1] + (e.dz as number)] as Vec2 } : f)) };
    case 'UNIT_SHOT': {
      const fallen = e.fallen as string[];
      const hits = e.hits as number;
      if (!hits) return t;
      const target = String(e.target);
      const pinned = hits >= PIN_HITS && !t.pinned.includes(target) ? [...t.pinned, target] : t.pinned;
      const allocating = fallen.length ? null : { target, hits };
      // TC-10 a unit not pinned by the shot may fire back.
      const returnFire = pinned.includes(target) ? null : { unit: target, at: String(e.unit) };
      return { ...t, figures: t.figures.map((f) => (fallen.includes(f.id) ? { ...f, alive: false } : f)), shaken: t.shaken.includes(target) ? t.shaken : [...t.shaken, target], pinned, allocating, returnFire };
    }
    case 'FIRE_RETURNED': {
      const fallen = e.fallen as string[];
      const hits = e.hits as number;
      const allocating = hits && !fallen.length ? { target: String(e.target), hits } : null;
      return { ...t, figures: t.figures.map((f) => (fallen.includes(f.id) ? { ...f, alive: false } : f)), allocating, returnFire: null };
    }
    case 'FIRE_HELD':
      return { ...t, returnFire: null };
    case 'RALLY_CALLED':
      return { ...t, rally: [...(e.sides as string[])] };
    case 'RALLIED':
      return { ...t, rally: t.rally.filter((x) => x !== e.side), shaken: t.shaken.filter((u) => u !== e.unit) };
    case 'SNIPED': {
      const fallen = e.fallen as string[];
      return { ...t, figures: t.figures.map((f) => (fallen.includes(f.id) ? { ...f, alive: false } : f)), allocating: fallen.length ? null : { target: String(e.target), hits: 1 } };
    }
    case 'HIT_ALLOCATED': {
      const a = t.allocating!;
      return { ...t, figures: t.figures.map((f) => (f.id === e.figure ? { ...f, alive: false } : f)), allocating: a.hits > 1 ? { ...a, hits: a.hits - 1 } : null };
    }
    case 'GOT_UP':
      return { ...t, pinned: t.pinned.filter((u) => u !== e.unit) };
    case 'NERVE_TESTED':
      return e.steady ? { ...t, shaken: t.shaken.filter((u) => u !== e.unit) } : t;
    default:
      return t;
  }
}

/** TC-3 the activation is over after a hold or a shot, or when the unit is gone (a move leaves it a shot, or it ends it). */
export function activationOver(s: CardsState, unit: string): boolean {
  if (returnFireDue(s.table)) return false;
  return unitFigures(s.table, unit).length === 0 || (s.seq.taken ?? []).some((a) => a === 'HOLD' || a === 'SHOOT');
}

/** TC-10 the sides with an action due: the side shot at while its return fire is due, else the acting unit's. */
export function actionSides(s: CardsState): string[] {
  const rf = returnFireDue(s.table);
  return rf ? [sideOfUnit(s.table, rf.unit)] : s.seq.side ? [s.seq.side] : [];
}

/** TC-3 every action the activated unit may take now (first: a hold, moves the eight compass ways; then and after a move: shots within range); TC-10 only the return fire when it is due. */
export function cardsActions(s: CardsState, scenario: Scenario, table: TableQueries): Command[] {
  const unitId = s.seq.unit;
  const side = s.seq.side;
  if (!unitId || !side) return [];
  const rf = returnFireDue(s.table);
  if (rf) {
    const by = sideOfUnit(s.table, rf.unit);
    return [{ type: 'RETURN_FIRE', side: by, unitId: rf.unit, target: rf.at }, { type: 'HOLD_FIRE', side: by, unitId: rf.unit }];
  }
  const own = unitFigures(s.table, unitId);
  const first = !s.seq.taken?.length;
  const out: Command[] = first ? [{ type: 'HOLD', side, unitId }] : [];
  if (first) for (const b of COMPASS) {
    const r = (b * Math.PI) / 180;
    const [dx, dz] = [Math.round(MOVE * Math.sin(r) * 10) / 10, Math.round(MOVE * Math.cos(r) * 10) / 10];
    if (within(hypot(dx, dz), MOVE) && stays(own, dx, dz, scenario)) out.push({ type: 'MOVE', side, unitId, dx, dz });
  }
  const enemies = [...new Set(live(s.table).filter((f) => f.side !== side).map((f) => f.unit))];
  for (const target of enemies) if (within(distance(table, own, unitFigures(s.table, target)), RANGE)) out.push({ type: 'SHOOT', side, unitId, target });
  return out;
}

/** TC-7 the game ends when a side has nothing left, or after the last turn: more figures standing wins. */
export function cardsVictory(s: CardsState, scenario: Scenario): { winner: string | null; reason: string; rule: string } | undefined {
  const sides = scenario.sides.map((x) => x.id);
  const gone = sides.find((side) => cardUnits(s.table, side).length === 0);
  if (!gone && s.seq.step !== 'over') return undefined;
  const [a, b] = sides.map((side) => live(s.table).filter((f) => f.side === side).length) as [number, number];
  const winner = a === b ? null : a > b ? sides[0]! : sides[1]!;
  const why = gone ? `${sideName(scenario, gone)} have nothing left` : `turn ${s.seq.round} was the last`;
  return { winner, reason: `${why}: ${a}–${b}${winner ? `, ${sideName(scenario, winner)} win` : ', a draw'}`, rule: 'TC-7' };
}
