// The toy lines rules (tests only): you go, I go — the phasing side moves (each line of figures all
// together), then fires (a d20 a figure), then its turn ends and the other side goes; after both, the
// game turn ends. Lengths are inches (1" = 2.54 cm) measured on the battlefield. Rule ids TL-n.
import { groupDistance, hypot, within, type Command, type Dice, type GameEvent, type TableQueries, type Vec2 } from '../../core';
import type { Scenario } from '../../scenario';

/** TL-0 one inch in the battlefield's cm. */
export const CM_PER_INCH = 2.54;
/** TL-2 a line moves up to this many inches; TL-3 fires up to this far, hitting on HIT_CLOSE+ within CLOSE_RANGE, else HIT_FAR+. */
export const MOVE_INCHES = 6;
export const MAX_RANGE = 24;
export const CLOSE_RANGE = 12;
export const HIT_CLOSE = 16;
export const HIT_FAR = 19;
/** TL-2 the ways a line may go, degrees off straight ahead. */
const WHEELS = [-45, 0, 45];

export type LinesPhase = 'move' | 'fire';

export interface LineFigure {
  id: string;
  unit: string;
  side: string;
  at: Vec2;
  alive: boolean;
}

export interface LinesState {
  turn: number;
  /** The phasing side, or null between player turns. */
  phasing: string | null;
  phase: LinesPhase | null;
  /** Lines that moved or fired in this phase. */
  done: string[];
  /** Sides that have had their player turn this game turn. */
  played: string[];
  figures: LineFigure[];
  over: boolean;
}

const BASE_RADIUS = 1.25;
export const inches = (cm: number) => cm / CM_PER_INCH;
/** A length as the log reads it: inches to a tenth. */
export const inchText = (inch: number) => `${inch.toFixed(1)}"`;
const sidesOf = (scenario: Scenario) => scenario.sides.map((x) => x.id);
const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;
const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
const alive = (s: LinesState) => s.figures.filter((f) => f.alive);
export const lineFigures = (s: LinesState, unit: string) => alive(s).filter((f) => f.unit === unit);
const linesOf = (s: LinesState, side: string) => [...new Set(alive(s).filter((f) => f.side === side).map((f) => f.unit))];

/** TL-2 straight ahead for a side: away from its own table edge (degrees, 0 = north). */
function ahead(scenario: Scenario, side: string): number {
  const edge = scenario.sides.find((x) => x.id === side)?.edge;
  return edge === 'north' ? 180 : edge === 'east' ? 270 : edge === 'west' ? 90 : 0;
}

/** TL-3 the range between two lines: nearest bases on the battlefield (height counts), in inches. */
export function lineRange(s: LinesState, table: TableQueries, a: string, b: string): number {
  const bases = (unit: string) => lineFigures(s, unit).map((f) => ({ at: f.at, radius: BASE_RADIUS, y: table.standHeight(f.at[0], f.at[1]) }));
  return inches(groupDistance(bases(a), bases(b)));
}

export function setupLines(scenario: Scenario): LinesState {
  const figures = (scenario.units ?? []).flatMap((u) => u.figures.map((f) => ({ id: f.id, unit: u.id, side: u.side, at: f.at, alive: true })));
  return { turn: 0, phasing: null, phase: null, done: [], played: [], figures, over: false };
}

type Decision = { ok: true; events: GameEvent[] } | { ok: false; reason: string; rule: string };
const no = (reason: string, rule: string): Decision => ({ ok: false, reason, rule });

/** Where a line's figures end after moving `inch` inches `wheel` degrees off ahead (all together), or undefined off the table. */
function moved(s: LinesState, scenario: Scenario, unit: string, side: string, inch: number, wheel: number): Vec2[] | undefined {
  const r = ((ahead(scenario, side) + wheel) * Math.PI) / 180;
  const [dx, dz] = [inch * CM_PER_INCH * Math.sin(r), inch * CM_PER_INCH * Math.cos(r)];
  const to = lineFigures(s, unit).map((f) => [f.at[0] + dx, f.at[1] + dz] as Vec2);
  return to.every(([x, z]) => x >= 0 && x <= scenario.table.width && z >= 0 && z <= scenario.table.depth) ? to : undefined;
}

export function decideLines(s: LinesState, c: Command, ctx: { scenario: Scenario; table: TableQueries; dice: Dice }): Decision {
  const { scenario, table, dice } = ctx;
  const sides = sidesOf(scenario);
  if (s.over) return no('the game is over', 'TL-5');
  switch (c.type) {
    case 'BEGIN_TURN':
      if (s.phasing || s.played.length) return no('the game turn is still on', 'TL-1');
      // TL-1 the sides go in the scenario's order.
      return { ok: true, events: [{ type: 'TURN_STARTED', rule: 'TL-1', turn: s.turn + 1, phasing: sides[0], text: `Turn ${s.turn + 1}: ${sideName(scenario, sides[0]!)} go first` }] };
    case 'END_TURN':
      if (s.phasing || s.played.length < sides.length) return no('a side has still to play its turn', 'TL-1');
      return { ok: true, events: [{ type: 'TURN_ENDED', rule: 'TL-5', turn: s.turn, over: s.turn >= (scenario.turnLimit ?? 3), text: `Turn ${s.turn} ends` }] };
    case 'END_PHASE': {
      if (!s.phasing || !s.phase) return no('no phase is on', 'TL-1');
      const ended: GameEvent = { type: 'PHASE_ENDED', rule: 'TL-1', phase: s.phase, text: `${sideName(scenario, s.phasing)}: the ${s.phase} phase ends` };
      if (s.phase === 'move') return { ok: true, events: [ended] };
      const next = sides.find((x) => x !== s.phasing && !s.played.includes(x));
      return { ok: true, events: [ended, { type: 'PLAYER_TURN_ENDED', rule: 'TL-1', side: s.phasing, next: next ?? null, text: `${sideName(scenario, s.phasing)}' turn ends` }] };
    }
    case 'MOVE_LINE': {
      // TL-2 in the move phase each line moves once, every figure the same distance the same way.
      if (s.phase !== 'move') return no('lines move in the move phase', 'TL-2');
      const unit = String(c.unitId);
      if (!linesOf(s, s.phasing!).includes(unit)) return no(`${nameOf(scenario, unit)} is not a line of the phasing side`, 'TL-2');
      if (s.done.includes(unit)) return no(`${nameOf(scenario, unit)} has moved this phase`, 'TL-2');
      const [inch, wheel] = [Number(c.inches), Number(c.wheel ?? 0)];
      if (!Number.isFinite(inch) || inch <= 0 || !within(inch, MOVE_INCHES)) return no(`a line moves more than 0" and at most ${MOVE_INCHES}", got ${JSON.stringify(c.inches)}`, 'TL-2');
      if (!WHEELS.includes(wheel)) return no('a line goes ahead (wheel 0) or obliquely (wheel -45 or 45)', 'TL-2');
      const to = moved(s, scenario, unit, s.phasing!, inch, wheel);
      if (!to) return no('a figure would leave the table', 'TL-2');
      const figs = lineFigures(s, unit);
      const cm = hypot(to[0]![0] - figs[0]!.at[0], to[0]![1] - figs[0]!.at[1]);
      return { ok: true, events: [{ type: 'LINE_MOVED', rule: 'TL-2', unit, inches: Math.round(inches(cm) * 10) / 10, wheel, to, text: `${nameOf(scenario, unit)} move ${inchText(inches(cm))}${wheel ? ` obliquely (${wheel}°)` : ''}` }] };
    }
    case 'FIRE': {
      // TL-3 in the fire phase each line fires once at an enemy line within MAX_RANGE: a d20 a figure.
      if (s.phase !== 'fire') return no('lines fire in the fire phase', 'TL-3');
      const unit = String(c.unitId);
      const target = String(c.targetId);
      if (!linesOf(s, s.phasing!).includes(unit)) return no(`${nameOf(scenario, unit)} is not a line of the phasing side`, 'TL-3');
      if (s.done.includes(unit)) return no(`${nameOf(scenario, unit)} has fired this phase`, 'TL-3');
      if (!linesOf(s, sides.find((x) => x !== s.phasing)!).includes(target)) return no('the target is not an enemy line on the table', 'TL-3');
      const range = lineRange(s, table, unit, target);
      if (!within(range, MAX_RANGE)) return no(`${nameOf(scenario, target)} is ${inchText(range)} away, beyond ${MAX_RANGE}"`, 'TL-3');
      const need = within(range, CLOSE_RANGE) ? HIT_CLOSE : HIT_FAR;
      const rolls = lineFigures(s, unit).map(() => dice.roll(20, `fire of ${nameOf(scenario, unit)} (${need}+)`, 'TL-3'));
      const hits = rolls.filter((r) => r >= need).length;
      // TL-4 each hit takes a figure off the target line, from its end.
      const line = lineFigures(s, target);
      const fallen = line.slice(Math.max(0, line.length - hits)).map((f) => f.id);
      return { ok: true, events: [{
        type: 'LINE_FIRED', rule: 'TL-3', unit, target, rangeInches: Math.round(range * 10) / 10, need, rolls, hits, fallen,
        text: `${nameOf(scenario, unit)} fire at ${nameOf(scenario, target)}, ${inchText(range)} away, needing ${need}+: ${hits} hit${hits === 1 ? '' : 's'}`,
      }] };
    }
  }
  return no(`unknown command ${c.type}`, 'TL-1');
}

export function evolveLines(s: LinesState, e: GameEvent): LinesState {
  switch (e.type) {
    case 'TURN_STARTED':
      return { ...s, turn: e.turn as number, phasing: e.phasing as string, phase: 'move', done: [], played: [] };
    case 'PHASE_ENDED':
      return { ...s, phase: s.phase === 'move' ? 'fire' : null, done: [] };
    case 'PLAYER_TURN_ENDED': {
      const next = (e.next as string | null) ?? null;
      return { ...s, played: [...s.played, e.side as string], phasing: next, phase: next ? 'move' : null, done: [] };
    }
    case 'LINE_MOVED': {
      const to = e.to as Vec2[];
      let i = 0;
      return { ...s, done: [...s.done, e.unit as string], figures: s.figures.map((f) => (f.alive && f.unit === e.unit ? { ...f, at: to[i++]! } : f)) };
    }
    case 'LINE_FIRED': {
      const fallen = e.fallen as string[];
      return { ...s, done: [...s.done, e.unit as string], figures: s.figures.map((f) => (fallen.includes(f.id) ? { ...f, alive: false } : f)) };
    }
    case 'TURN_ENDED':
      return { ...s, played: [], over: e.over as boolean };
    default:
      return s;
  }
}

/** TL-5 the game ends when a side has no figures left, or after the last turn: more figures left wins. */
export function linesVictory(s: LinesState, scenario: Scenario): { winner: string | null; reason: string; rule: string } | undefined {
  const sides = sidesOf(scenario);
  const counts = sides.map((side) => alive(s).filter((f) => f.side === side).length);
  const gone = sides.find((_, i) => counts[i] === 0);
  if (!gone && !s.over) return undefined;
  const [a, b] = counts as [number, number];
  const winner = a === b ? null : a > b ? sides[0]! : sides[1]!;
  const why = gone ? `${sideName(scenario, gone)} have no figures left` : `turn ${s.turn} was the last`;
  return { winner, reason: `${why}: ${a}–${b} figures${winner ? `, ${sideName(scenario, winner)} win` : ', a draw'}`, rule: 'TL-5' };
}

/** Every command the side to act may give now (each with its side). */
export function legalLines(s: LinesState, scenario: Scenario, table: TableQueries): Command[] {
  if (linesVictory(s, scenario)) return [];
  const sides = sidesOf(scenario);
  if (!s.phasing) return s.played.length ? [{ type: 'END_TURN', side: sides[0] }] : [{ type: 'BEGIN_TURN', side: sides[0] }];
  const side = s.phasing;
  const out: Command[] = [{ type: 'END_PHASE', side }];
  const ready = linesOf(s, side).filter((u) => !s.done.includes(u));
  if (s.phase === 'move') {
    for (const unitId of ready) for (const inch of [2, 4, MOVE_INCHES]) for (const wheel of WHEELS) if (moved(s, scenario, unitId, side, inch, wheel)) out.push({ type: 'MOVE_LINE', side, unitId, inches: inch, wheel });
  } else {
    const enemy = linesOf(s, sides.find((x) => x !== side)!);
    for (const unitId of ready) for (const targetId of enemy) if (within(lineRange(s, table, unitId, targetId), MAX_RANGE)) out.push({ type: 'FIRE', side, unitId, targetId });
  }
  return out;
}
