// The toy armour game as the play HUD shows it (the neutral PlayView): the units with their figures,
// the vehicle's hull facing, turret and armour arcs (drawn on the table, listed on its card), the legal
// choices as buttons and the active unit's targets, refused outside the turret's arc. Lengths in cm.
import { formatDistance, hypot, within, type Command, type GameEvent, type PlayAction, type PlayArc, type PlayFigure, type PlayLogLine, type PlayTarget, type PlayUnit, type PlayView, type TableQueries, type Vec2 } from '../../core';
import type { Scenario } from '../../scenario';
import {
  ARMOUR, GUN_RANGE, RIFLE_RANGE, TURRET_HALF_ARC, angleBetween, armourDecision, armourVictory, bearing, figureDistance, inTurretArc, readyUnits,
  type ArmourFigure, type ArmourState,
} from './rules';
import { setupTitle } from './setup';

interface Ctx {
  scenario: Scenario;
  table: TableQueries;
  /** The legal commands now (the sequence's steps are the flow machine's). */
  legal: Command[];
}

const COMPASS_NAMES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const norm = (deg: number) => ((deg % 360) + 360) % 360;
/** A bearing as a player reads it: "45° (NE)" for the eight compass points, else degrees. */
export function bearingText(deg: number): string {
  const d = norm(deg);
  const name = d % 45 === 0 ? COMPASS_NAMES[d / 45] : undefined;
  return name ? `${d}° (${name})` : `${d.toFixed(0)}°`;
}
/** An arc as a player reads it, clockwise: "0°–90°". */
export const arcText = (from: number, to: number) => `${norm(from).toFixed(0)}°–${norm(to).toFixed(0)}°`;

const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
const sideName = (scenario: Scenario, side: string | null | undefined) => scenario.sides.find((x) => x.id === side)?.name ?? side ?? '';
const live = (s: ArmourState) => s.table.figures.filter((f) => f.hp > 0);

/** TA-5 the turret's arc and TA-7 the hull's front, side and rear armour, around the vehicle. */
export function vehicleArcs(f: ArmourFigure): PlayArc[] {
  const turret = f.turret ?? f.facing;
  const h = f.facing;
  return [
    { from: norm(turret - TURRET_HALF_ARC), to: norm(turret + TURRET_HALF_ARC), kind: 'turret', range: GUN_RANGE, label: `Turret arc ${arcText(turret - TURRET_HALF_ARC, turret + TURRET_HALF_ARC)} (TA-5)` },
    { from: norm(h - 45), to: norm(h + 45), kind: 'hull-front', range: 8, label: `Front armour ${ARMOUR.front} (TA-7)` },
    { from: norm(h + 45), to: norm(h + 135), kind: 'hull-side', range: 6, label: `Side armour ${ARMOUR.side} (TA-7)` },
    { from: norm(h + 135), to: norm(h + 225), kind: 'hull-rear', range: 6, label: `Rear armour ${ARMOUR.rear} (TA-7)` },
    { from: norm(h + 225), to: norm(h + 315), kind: 'hull-side', range: 6, label: `Side armour ${ARMOUR.side} (TA-7)` },
  ];
}

function figureOf(scenario: Scenario, f: ArmourFigure): PlayFigure {
  const spec = scenario.units?.find((u) => u.id === f.unit)?.figures.find((x) => x.id === f.id);
  const down = f.hp <= 0;
  const condition = down ? 'dead' : f.vehicle && f.hp < 2 ? 'damaged' : 'healthy';
  return {
    id: f.id, unitId: f.unit, side: f.side, at: [f.at[0], f.at[1]], floor: 0, facing: f.facing, condition,
    ...(down ? { removed: f.vehicle ? 'knocked out' : 'down' } : {}),
    ...(f.vehicle ? { hull: { ...spec?.hull, turret: true }, turretFacing: f.turret ?? f.facing, arcs: vehicleArcs(f), weapon: 'gun (template)' } : { weapon: 'rifle' }),
  };
}

/** The vehicle's card chips: its hull facing and the turret's arc, as the rules read them. */
function vehicleChips(f: ArmourFigure): string[] {
  const turret = f.turret ?? f.facing;
  return [`hull ${bearingText(f.facing)}`, `turret ${bearingText(turret)}`, `turret arc ${arcText(turret - TURRET_HALF_ARC, turret + TURRET_HALF_ARC)}`];
}

export function describeUnits(s: ArmourState, scenario: Scenario): PlayUnit[] {
  return (scenario.units ?? []).map((u) => {
    const figs = s.table.figures.filter((f) => f.unit === u.id);
    const vehicle = figs.find((f) => f.vehicle && f.hp > 0);
    const activated = s.seq.acted.includes(u.id);
    const status = [...(vehicle ? vehicleChips(vehicle) : []), ...(s.seq.unit === u.id ? ['acting'] : activated ? ['activated'] : [])];
    return {
      id: u.id, side: u.side, name: u.name ?? u.id, kind: figs.some((f) => f.vehicle) ? 'vehicle' : 'rifle squad', status,
      strength: { now: figs.filter((f) => f.hp > 0).length, start: figs.length }, figures: figs.map((f) => figureOf(scenario, f)), activated,
    };
  });
}

/** The button for a legal command that is not a target's (those are listed as targets). */
function actionOf(c: Command, s: ArmourState, scenario: Scenario): PlayAction | undefined {
  const unit = String(c.unitId ?? '');
  switch (c.type) {
    case 'BEGIN_TURN': return { id: 'begin-turn', label: `Roll for initiative (round ${s.seq.round + 1})`, rule: 'TA-1', command: c };
    case 'END_TURN': return { id: 'end-turn', label: 'End the round', rule: 'TA-8', command: c };
    case 'SELECT_UNIT': return { id: `select:${unit}`, label: `Activate ${nameOf(scenario, unit)}`, rule: 'TA-2', command: c };
    case 'HOLD': return { id: 'hold', label: 'Hold', rule: 'TA-3', command: c };
    case 'MOVE': {
      const d = hypot(Number(c.dx), Number(c.dz));
      return { id: `move:${bearing([0, 0], [Number(c.dx), Number(c.dz)]).toFixed(0)}`, label: `Move ${formatDistance(d)} ${COMPASS_NAMES[Math.round(bearing([0, 0], [Number(c.dx), Number(c.dz)]) / 45) % 8]}`, rule: 'TA-4', command: c };
    }
    case 'PIVOT': return pivotAction(c, s);
    case 'CHOOSE_FIRST': return { id: `first:${String(c.choice)}`, label: c.choice === 'act' ? 'Act first' : 'Hand the first activation over', rule: 'TA-9', command: c };
    case 'SURRENDER': return { id: `surrender:${String(c.side)}`, label: `${scenario.sides.find((x) => x.id === c.side)?.name ?? String(c.side)}: surrender`, rule: 'TA-11', command: c };
    case 'SETUP_ROLL': return { id: 'setup-roll', label: 'Roll for who places terrain first', rule: 'TA-12', command: c };
    case 'PLACE_TERRAIN': return { id: `place:${String(c.piece)}:${String(c.at)}:${String(c.rotation)}`, label: `Place ${scenario.terrainPool?.find((p) => p.id === c.piece)?.name ?? String(c.piece)} at (${String(c.at)}), turned ${String(c.rotation)}°`, rule: 'TA-13', command: c };
    case 'DEPLOY': return { id: `deploy:${unit}:${String(c.at)}`, label: `Deploy ${nameOf(scenario, unit)} at (${String(c.at)})`, rule: 'TA-14', command: c };
    case 'CHOOSE_FACE': return { id: `face:${String(c.face)}`, label: `Take it on the ${String(c.face)} armour (${ARMOUR[c.face as keyof typeof ARMOUR]})`, rule: 'TA-7', command: c };
    default: return undefined;
  }
}

/**
 * TA-5 the pivots offered as buttons: the hull to another compass point with the turret along it, or
 * the turret alone to a point within 90° of the hull (the rules take any such pair; these are the plain ones).
 */
function pivotAction(c: Command, s: ArmourState): PlayAction | undefined {
  const v = live(s).find((f) => f.vehicle && f.unit === c.unitId);
  if (!v) return undefined;
  const [facing, turret] = [Number(c.facing), Number(c.turret)];
  if (facing !== v.facing && turret === facing) return { id: `pivot:${facing}`, label: `Turn to ${COMPASS_NAMES[facing / 45]}`, rule: 'TA-5', hint: `Hull and turret to ${bearingText(facing)}`, command: c };
  if (facing === v.facing && turret !== (v.turret ?? v.facing)) return { id: `turret:${turret}`, label: `Turret ${COMPASS_NAMES[turret / 45]}`, rule: 'TA-5', hint: `Turret to ${bearingText(turret)}, hull stays`, command: c };
  return undefined;
}

/** The active unit's targets, one per enemy unit: rifles within RIFLE_RANGE (TA-3), the gun inside its turret arc and GUN_RANGE (TA-5). */
function targetsOf(s: ArmourState, ctx: Ctx, legal: Command[]): PlayTarget[] {
  const { scenario, table } = ctx;
  const { unit, side } = s.seq;
  if (s.seq.step !== 'activation' || !unit || !side) return [];
  const own = live(s).filter((f) => f.unit === unit);
  const vehicle = own.find((f) => f.vehicle);
  const enemyUnits = [...new Set(live(s).filter((f) => f.side !== side).map((f) => f.unit))];
  return enemyUnits.map((unitId): PlayTarget => {
    const figs = live(s).filter((f) => f.unit === unitId);
    const base = { unitId, name: nameOf(scenario, unitId), side: figs[0]!.side, visible: figs.length, total: s.table.figures.filter((f) => f.unit === unitId).length, cover: 'open' };
    if (vehicle) {
      const nearest = figs.map((f) => ({ f, d: hypot(f.at[0] - vehicle.at[0], f.at[1] - vehicle.at[1]) })).sort((a, b) => a.d - b.d);
      const shot = nearest.find(({ f }) => legal.some((c) => c.type === 'TEMPLATE' && samePoint(c.at as Vec2, f.at)));
      if (shot) return { ...base, distance: shot.d, command: legal.find((c) => c.type === 'TEMPLATE' && samePoint(c.at as Vec2, shot.f.at))!, notes: [`in the turret arc, ${angleBetween(bearing(vehicle.at, shot.f.at), vehicle.turret ?? vehicle.facing).toFixed(0)}° off the turret`] };
      const { f, d } = nearest[0]!;
      const refusal = !inTurretArc(vehicle, f.at)
        ? { reason: `outside the turret arc ${arcText((vehicle.turret ?? vehicle.facing) - TURRET_HALF_ARC, (vehicle.turret ?? vehicle.facing) + TURRET_HALF_ARC)}`, rule: 'TA-5' }
        : { reason: `beyond the gun's ${formatDistance(GUN_RANGE)}`, rule: 'TA-5' };
      return { ...base, distance: d, refusal, notes: [] };
    }
    const range = Math.min(...own.flatMap((o) => figs.map((f) => figureDistance(table, o, f))));
    const command = legal.find((c) => c.type === 'SHOOT' && figs.some((f) => f.id === c.target));
    return { ...base, distance: range, notes: [], ...(command && within(range, RIFLE_RANGE) ? { command } : { refusal: { reason: `beyond the rifles' ${formatDistance(RIFLE_RANGE)}`, rule: 'TA-3' } }) };
  });
}

const samePoint = (a: Vec2 | undefined, b: Vec2) => !!a && a[0] === b[0] && a[1] === b[1];

/** The neutral description of the current phase: the side to act, what is awaited, a label (the HUD's headline). */
export function armourPhase(s: ArmourState): { side: string | undefined; awaiting: string; label: string } {
  const { step, round, side } = s.seq;
  if (step === 'over') return { side: undefined, awaiting: 'over', label: 'The game is over' };
  // TA-7 an angled hit awaits its owner's choice: that side answers, whoever is acting.
  const hit = s.table.angled?.[0];
  const owner = hit && s.table.figures.find((f) => f.id === hit.figure)?.side;
  if (owner) return { side: owner, awaiting: 'decision', label: `Round ${round}: pick the armour the angled hit strikes` };
  // TA-12…TA-14 (the setup variant) the stage on, before the first round.
  if (step === 'setup') return { side: side ?? undefined, awaiting: 'setup', label: `Setup: ${setupTitle(s.seq.setup)}` };
  if (step === 'between') return { side: undefined, awaiting: 'between-turns', label: `Round ${round + 1}: roll for initiative` };
  if (step === 'end' || !side) return { side: undefined, awaiting: 'turn-end', label: `Round ${round}: end the round` };
  // TA-9 (the variant) the initiative's winner chooses.
  if (step === 'first') return { side, awaiting: 'choice', label: `Round ${round}: act first or hand the first activation over` };
  const acting = step === 'activation';
  return { side, awaiting: acting ? 'action' : 'pick', label: `Round ${round}: ${acting ? 'the selected unit acts' : 'select a unit'}` };
}

/** What the player is to do now, under the phase's label. */
function detailOf(s: ArmourState, scenario: Scenario): string {
  const { step, side, unit } = s.seq;
  if (step === 'over') return '';
  if (step === 'setup') return side ? `${sideName(scenario, side)} to ${setupTitle(s.seq.setup)}` : 'Both sides roll a d6; the higher places terrain first (TA-12)';
  if (step === 'between') return 'Both sides roll a d6; the higher activates first (TA-1)';
  if (step === 'end' || !side) return 'Every unit has acted';
  const who = sideName(scenario, side);
  if (step === 'activation' && unit) return `${who}: choose what ${nameOf(scenario, unit)} does`;
  return `${who} to act: ${readyUnits(s, side).length} unit(s) left to activate this round`;
}

export function describeArmour(s: ArmourState, ctx: Ctx): PlayView {
  const { scenario, legal } = ctx;
  const p = armourPhase(s);
  const result = armourVictory(s, scenario);
  // TA-7 a choice asked of the vehicle's owner: the HUD prompts that side (hot seat hands the screen over).
  const decision = result ? undefined : armourDecision(s, scenario);
  return {
    rulesetId: 'toyarmour', scenarioTitle: scenario.title, sides: scenario.sides.map((x) => ({ id: x.id, name: x.name, ...(x.colour ? { colour: x.colour } : {}) })),
    ...(decision ? { decision } : {}),
    prompt: { side: decision?.side ?? p.side ?? null, headline: decision?.label ?? p.label, detail: decision ? 'The stronger face is listed first (TA-7)' : detailOf(s, scenario), turn: s.seq.round, ...(scenario.turnLimit ? { turnLimit: scenario.turnLimit } : {}) },
    units: describeUnits(s, scenario),
    ...(s.seq.step === 'activation' && s.seq.unit ? { activeUnitId: s.seq.unit } : {}),
    actions: legal.map((c) => actionOf(c, s, scenario)).filter((a): a is PlayAction => a !== undefined),
    targets: decision ? [] : targetsOf(s, ctx, legal),
    ...(result ? { victory: { winner: result.winner, reason: result.reason, rule: result.rule } } : {}),
  };
}

interface Roll { sides: number; value: number; purpose: string; rule?: string }

/** The game log: one line an event, each die rolled with its purpose and value (the dice tray reads `dice`), and the side of the command. */
export function armourLog(_s: ArmourState, log: ReadonlyArray<{ command: Command; events: readonly GameEvent[] }>): PlayLogLine[] {
  return log.flatMap((entry, commandIndex) => entry.events.map((e) => {
    const side = entry.command.side ? { side: entry.command.side } : {};
    const rule = e.rule ? { rule: e.rule } : {};
    if (e.type !== 'DICE_ROLLED') return { commandIndex, type: e.type, text: e.text ?? e.type, ...rule, ...side };
    const roll = e.roll as Roll;
    return { commandIndex, type: e.type, text: `${roll.purpose}: d${roll.sides} → ${roll.value}`, ...rule, ...side, dice: { purpose: roll.purpose, values: [roll.value], sides: roll.sides, ...rule } };
  })).map((line, index) => ({ index, ...line }));
}
