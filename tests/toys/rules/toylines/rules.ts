// The toy lines rules (tests only): the table and the phases' actions — in the move phase each line
// of figures moves all together, in the fire phase it fires (a d20 a figure). The sequence (you go,
// I go: each side's move then fire phase, then the other side, then the game turn's end) is the
// flow's phases machine (index.ts). Lengths are inches (1" = 2.54 cm) measured on the battlefield.
// Rule ids TL-n.
import { groupDistance, hypot, within, type Command, type Dice, type GameEvent, type PendingDecision, type Resolution, type Sequenced, type SequenceCtx, type TableQueries, type Vec2 } from '../../core';
import type { Scenario } from '../../scenario';

/** TL-0 one inch in the battlefield's cm. */
export const CM_PER_INCH = 2.54;
/** TL-2 a line moves up to this many inches; TL-3 fires up to this far, hitting on HIT_CLOSE+ within CLOSE_RANGE, else HIT_FAR+. */
export const MOVE_INCHES = 6;
export const MAX_RANGE = 24;
export const CLOSE_RANGE = 12;
export const HIT_CLOSE = 16;
export const HIT_FAR = 19;
/** TL-6 a shaken line falls back this many inches, straight back toward its own edge. */
export const FALL_BACK_INCHES = 2;
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

/** The table: the figures (the turn, the phasing side, its phase and the lines done in it are the machine's). */
export interface LinesTable {
  figures: LineFigure[];
  /** TL-6 lines shaken by fire whose owner has still to choose: stand or fall back, in order (absent when none). */
  shaken?: string[];
}

/** The game state: the table and the machine's read-only sequence (`seq.phase` is a LinesPhase). */
export type LinesState = Sequenced<LinesTable>;

/** TL-1 the phases of a side's turn, in order. */
export const LINES_PHASES: readonly LinesPhase[] = ['move', 'fire'];

const BASE_RADIUS = 1.25;
export const inches = (cm: number) => cm / CM_PER_INCH;
/** A length as the log reads it: inches to a tenth. */
export const inchText = (inch: number) => `${inch.toFixed(1)}"`;
const sidesOf = (scenario: Scenario) => scenario.sides.map((x) => x.id);
const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;
const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
const alive = (s: LinesState) => s.table.figures.filter((f) => f.alive);
export const lineFigures = (s: LinesState, unit: string) => alive(s).filter((f) => f.unit === unit);
const linesOf = (s: LinesState, side: string) => [...new Set(alive(s).filter((f) => f.side === side).map((f) => f.unit))];
/** TL-1 the lines of a side still on the table (the machine's guard reads them). */
export const sideLines = (t: LinesTable, side: string) => [...new Set(t.figures.filter((f) => f.alive && f.side === side).map((f) => f.unit))];

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

export function setupLines(scenario: Scenario): LinesTable {
  return { figures: (scenario.units ?? []).flatMap((u) => u.figures.map((f) => ({ id: f.id, unit: u.id, side: u.side, at: f.at, alive: true }))) };
}

const no = (reason: string, rule: string): Resolution => ({ ok: false, reason, rule });

/** Where a line's figures end after moving `inch` inches `wheel` degrees off ahead (all together), or undefined off the table. */
function moved(s: LinesState, scenario: Scenario, unit: string, side: string, inch: number, wheel: number): Vec2[] | undefined {
  const r = ((ahead(scenario, side) + wheel) * Math.PI) / 180;
  const [dx, dz] = [inch * CM_PER_INCH * Math.sin(r), inch * CM_PER_INCH * Math.cos(r)];
  const to = lineFigures(s, unit).map((f) => [f.at[0] + dx, f.at[1] + dz] as Vec2);
  return to.every(([x, z]) => x >= 0 && x <= scenario.table.width && z >= 0 && z <= scenario.table.depth) ? to : undefined;
}

/** TL-2, TL-3 a line's action in the phasing side's phase (`s.seq`): its events, or the refusal. */
export function actLines(s: LinesState, c: Command, ctx: SequenceCtx<Scenario, TableQueries> & { dice: Dice }): Resolution {
  const { scenario, table, dice } = ctx;
  const sides = sidesOf(scenario);
  const done = s.seq.acted;
  switch (c.type) {
    case 'MOVE_LINE': {
      // TL-2 in the move phase each line moves once, every figure the same distance the same way.
      if (s.seq.phase !== 'move') return no('lines move in the move phase', 'TL-2');
      const unit = String(c.unitId);
      if (!linesOf(s, s.seq.side!).includes(unit)) return no(`${nameOf(scenario, unit)} is not a line of the phasing side`, 'TL-2');
      if (done.includes(unit)) return no(`${nameOf(scenario, unit)} has moved this phase`, 'TL-2');
      const [inch, wheel] = [Number(c.inches), Number(c.wheel ?? 0)];
      if (!Number.isFinite(inch) || inch <= 0 || !within(inch, MOVE_INCHES)) return no(`a line moves more than 0" and at most ${MOVE_INCHES}", got ${JSON.stringify(c.inches)}`, 'TL-2');
      if (!WHEELS.includes(wheel)) return no('a line goes ahead (wheel 0) or obliquely (wheel -45 or 45)', 'TL-2');
      const to = moved(s, scenario, unit, s.seq.side!, inch, wheel);
      if (!to) return no('a figure would leave the table', 'TL-2');
      const figs = lineFigures(s, unit);
      const cm = hypot(to[0]![0] - figs[0]!.at[0], to[0]![1] - figs[0]!.at[1]);
      return { ok: true, events: [{ type: 'LINE_MOVED', rule: 'TL-2', unit, inches: Math.round(inches(cm) * 10) / 10, wheel, to, text: `${nameOf(scenario, unit)} move ${inchText(inches(cm))}${wheel ? ` obliquely (${wheel}°)` : ''}` }] };
    }
    case 'FIRE': {
      // TL-3 in the fire phase each line fires once at an enemy line within MAX_RANGE: a d20 a figure.
      if (s.seq.phase !== 'fire') return no('lines fire in the fire phase', 'TL-3');
      const unit = String(c.unitId);
      const target = String(c.targetId);
      if (!linesOf(s, s.seq.side!).includes(unit)) return no(`${nameOf(scenario, unit)} is not a line of the phasing side`, 'TL-3');
      if (done.includes(unit)) return no(`${nameOf(scenario, unit)} has fired this phase`, 'TL-3');
      if (!linesOf(s, sides.find((x) => x !== s.seq.side)!).includes(target)) return no('the target is not an enemy line on the table', 'TL-3');
      const range = lineRange(s, table, unit, target);
      if (!within(range, MAX_RANGE)) return no(`${nameOf(scenario, target)} is ${inchText(range)} away, beyond ${MAX_RANGE}"`, 'TL-3');
      const need = within(range, CLOSE_RANGE) ? HIT_CLOSE : HIT_FAR;
      const rolls = lineFigures(s, unit).map(() => dice.roll(20, `fire of ${nameOf(scenario, unit)} (${need}+)`, 'TL-3'));
      const hits = rolls.filter((r) => r >= need).length;
      // TL-4 each hit takes a figure off the target line, from its end.
      const line = lineFigures(s, target);
      const fallen = line.slice(Math.max(0, line.length - hits)).map((f) => f.id);
      // TL-6 a line that loses figures and still stands is shaken: its owner chooses, before play goes on.
      const owner = line[0]!.side;
      const shaken: GameEvent[] = fallen.length && fallen.length < line.length
        ? [{ type: 'LINE_SHAKEN', rule: 'TL-6', unit: target, side: owner, text: `${nameOf(scenario, target)} shaken: ${sideName(scenario, owner)} choose to stand or fall back` }]
        : [];
      return { ok: true, events: [{
        type: 'LINE_FIRED', rule: 'TL-3', unit, target, rangeInches: Math.round(range * 10) / 10, need, rolls, hits, fallen,
        text: `${nameOf(scenario, unit)} fire at ${nameOf(scenario, target)}, ${inchText(range)} away, needing ${need}+: ${hits} hit${hits === 1 ? '' : 's'}`,
      }, ...shaken] };
    }
  }
  return no(`unknown command ${c.type}`, 'TL-1');
}

/** TL-6 the owner's choice awaited for the first shaken line: stand (the default), or fall back where it stays on the table. */
export function linesDecision(s: LinesState, scenario: Scenario): PendingDecision | undefined {
  const unit = s.table.shaken?.[0];
  const figs = unit ? lineFigures(s, unit) : [];
  if (!unit || !figs.length) return undefined;
  const side = figs[0]!.side;
  const back = moved(s, scenario, unit, side, FALL_BACK_INCHES, 180);
  return {
    side, kind: 'shaken-line', rule: 'TL-6', unitId: unit, label: `${nameOf(scenario, unit)} is shaken: stand, or fall back ${FALL_BACK_INCHES}"?`,
    options: [
      { label: 'Stand', command: { type: 'RALLY_LINE', side, unitId: unit, choice: 'stand' } },
      ...(back ? [{ label: `Fall back ${FALL_BACK_INCHES}"`, command: { type: 'RALLY_LINE', side, unitId: unit, choice: 'fall back' } }] : []),
    ],
  };
}

/** TL-6 the owner's answer for a shaken line: it stands, or falls back straight toward its own edge. */
export function answerLines(s: LinesState, c: Command, { scenario }: SequenceCtx<Scenario, TableQueries> & { dice: Dice }): Resolution {
  const asked = linesDecision(s, scenario);
  if (!asked) return no('no shaken line awaits a choice', 'TL-6');
  const unit = asked.unitId!;
  if (c.unitId !== unit) return no(`${nameOf(scenario, unit)} is the shaken line`, 'TL-6');
  const who = sideName(scenario, asked.side);
  if (c.choice === 'stand') return { ok: true, events: [{ type: 'LINE_RALLIED', rule: 'TL-6', unit, choice: 'stand', chosenBy: asked.side, text: `${who} choose: ${nameOf(scenario, unit)} stand` }] };
  const to = c.choice === 'fall back' ? moved(s, scenario, unit, asked.side, FALL_BACK_INCHES, 180) : undefined;
  if (!to) return no(c.choice === 'fall back' ? 'the line would leave the table' : 'a shaken line stands or falls back', 'TL-6');
  return { ok: true, events: [{ type: 'LINE_RALLIED', rule: 'TL-6', unit, choice: 'fall back', chosenBy: asked.side, to, text: `${who} choose: ${nameOf(scenario, unit)} fall back ${inchText(FALL_BACK_INCHES)}` }] };
}

/** The table after one of the rules' events. */
export function evolveLines(t: LinesTable, e: GameEvent): LinesTable {
  switch (e.type) {
    case 'LINE_MOVED': {
      const to = e.to as Vec2[];
      let i = 0;
      return { ...t, figures: t.figures.map((f) => (f.alive && f.unit === e.unit ? { ...f, at: to[i++]! } : f)) };
    }
    case 'LINE_FIRED': {
      const fallen = e.fallen as string[];
      return { ...t, figures: t.figures.map((f) => (fallen.includes(f.id) ? { ...f, alive: false } : f)) };
    }
    case 'LINE_SHAKEN':
      return { ...t, shaken: [...(t.shaken ?? []), e.unit as string] };
    case 'LINE_RALLIED': {
      // The field goes when no line is left shaken, so a table without any keeps its shape.
      const { shaken = [], ...plain } = t;
      const rest = shaken.slice(1);
      const to = e.to as Vec2[] | undefined;
      let i = 0;
      const figures = to ? t.figures.map((f) => (f.alive && f.unit === e.unit ? { ...f, at: to[i++]! } : f)) : t.figures;
      return rest.length ? { ...plain, figures, shaken: rest } : { ...plain, figures };
    }
    default:
      return t;
  }
}

/** TL-5 the game ends when a side has no figures left, or after the last turn: more figures left wins. */
export function linesVictory(s: LinesState, scenario: Scenario): { winner: string | null; reason: string; rule: string } | undefined {
  const sides = sidesOf(scenario);
  const counts = sides.map((side) => alive(s).filter((f) => f.side === side).length);
  const gone = sides.find((_, i) => counts[i] === 0);
  if (!gone && s.seq.step !== 'over') return undefined;
  const [a, b] = counts as [number, number];
  const winner = a === b ? null : a > b ? sides[0]! : sides[1]!;
  const why = gone ? `${sideName(scenario, gone)} have no figures left` : `turn ${s.seq.round} was the last`;
  return { winner, reason: `${why}: ${a}–${b} figures${winner ? `, ${sideName(scenario, winner)} win` : ', a draw'}`, rule: 'TL-5' };
}

/** Every action the phasing side may take in its phase now (each with its side). */
export function linesActions(s: LinesState, scenario: Scenario, table: TableQueries): Command[] {
  const side = s.seq.side;
  if (!side) return [];
  const sides = sidesOf(scenario);
  const out: Command[] = [];
  const ready = linesOf(s, side).filter((u) => !s.seq.acted.includes(u));
  if (s.seq.phase === 'move') {
    for (const unitId of ready) for (const inch of [2, 4, MOVE_INCHES]) for (const wheel of WHEELS) if (moved(s, scenario, unitId, side, inch, wheel)) out.push({ type: 'MOVE_LINE', side, unitId, inches: inch, wheel });
  } else {
    const enemy = linesOf(s, sides.find((x) => x !== side)!);
    for (const unitId of ready) for (const targetId of enemy) if (within(lineRange(s, table, unitId, targetId), MAX_RANGE)) out.push({ type: 'FIRE', side, unitId, targetId });
  }
  return out;
}
