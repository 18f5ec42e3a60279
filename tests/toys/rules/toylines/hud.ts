// The toy lines game as the play HUD shows it (the neutral PlayView): the phase, the lines with their
// figures, the moves of the move phase as buttons and, in the fire phase, each line's targets with the
// range measured on the battlefield. Lengths reach the HUD in cm and are shown in inches (the view's
// measure); the move buttons read in inches too.
import { formatDistance, within, type Command, type GameEvent, type PlayAction, type PlayLogLine, type PlayPanel, type PlayTarget, type PlayUnit, type PlayView, type TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { CLOSE_RANGE, CM_PER_INCH, HIT_CLOSE, HIT_FAR, MAX_RANGE, MOVE_INCHES, lineFigures, lineRange, linesDecision, linesVictory, type LinesState } from './rules';

interface Ctx {
  scenario: Scenario;
  table: TableQueries;
  /** The legal commands now (the sequence's steps are the flow machine's). */
  legal: Command[];
}

/** A length in inches as the HUD shows it ("6.0″"), through the same formatting as every other label. */
const inchLabel = (inch: number) => formatDistance(inch * CM_PER_INCH, 'inch');
const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
const sideName = (scenario: Scenario, side: string | null | undefined) => scenario.sides.find((x) => x.id === side)?.name ?? side ?? '';
/** TL-2 the moves offered as buttons: straight ahead by each legal length, and the full move obliquely. */
const WHEEL_WORDS: Record<string, string> = { '0': 'ahead', '-45': 'obliquely left', '45': 'obliquely right' };

/** The neutral description of the current phase: the side to act, what is awaited, a label (the HUD's headline). */
export function linesPhase(s: LinesState): { side: string | undefined; awaiting: string; label: string } {
  const { step, round, side, phase } = s.seq;
  if (step === 'over') return { side: undefined, awaiting: 'over', label: 'The game is over' };
  // TL-6 a shaken line's owner answers, whoever is phasing.
  const shaken = s.table.shaken?.[0];
  const owner = shaken && s.table.figures.find((f) => f.alive && f.unit === shaken)?.side;
  if (owner) return { side: owner, awaiting: 'decision', label: `Turn ${round}: a shaken line stands or falls back` };
  if (step === 'end') return { side: undefined, awaiting: 'turn-end', label: `Turn ${round}: end the turn` };
  if (step !== 'phase' || !side) return { side: undefined, awaiting: 'between-turns', label: `Turn ${round + 1} is about to begin` };
  return { side, awaiting: phase!, label: `Turn ${round}: ${phase} phase` };
}

function detailOf(s: LinesState, scenario: Scenario): string {
  if (s.seq.step !== 'phase' || !s.seq.side) return '';
  const who = sideName(scenario, s.seq.side);
  return s.seq.phase === 'move'
    ? `${who}: move phase — each line may move once, up to ${inchLabel(MOVE_INCHES)} (TL-2)`
    : `${who}: fire phase — each line may fire once within ${inchLabel(MAX_RANGE)}, hitting on ${HIT_CLOSE}+ within ${inchLabel(CLOSE_RANGE)}, else ${HIT_FAR}+ (TL-3)`;
}

export function linesUnits(s: LinesState, scenario: Scenario): PlayUnit[] {
  const ahead = (side: string) => ({ north: 180, east: 270, west: 90 } as Record<string, number>)[scenario.sides.find((x) => x.id === side)?.edge ?? ''] ?? 0;
  return (scenario.units ?? []).map((u) => {
    const figs = s.table.figures.filter((f) => f.unit === u.id);
    const done = s.seq.acted.includes(u.id);
    const status = done ? [s.seq.phase === 'fire' ? 'fired' : 'moved'] : s.seq.side === u.side ? ['ready'] : [];
    return {
      id: u.id, side: u.side, name: u.name ?? u.id, kind: `line of ${figs.length}`, status,
      strength: { now: figs.filter((f) => f.alive).length, start: figs.length }, activated: done || s.seq.played.includes(u.side),
      figures: figs.map((f) => ({ id: f.id, unitId: f.unit, side: f.side, at: [f.at[0], f.at[1]] as [number, number], floor: 0, facing: ahead(f.side), condition: f.alive ? 'healthy' : 'dead', weapon: 'musket', ...(f.alive ? {} : { removed: 'fallen' }) })),
    };
  });
}

function actionOf(c: Command, s: LinesState, scenario: Scenario): PlayAction | undefined {
  const unit = String(c.unitId ?? '');
  switch (c.type) {
    case 'BEGIN_TURN': return { id: 'begin-turn', label: `Begin turn ${s.seq.round + 1}`, rule: 'TL-1', command: c };
    case 'END_TURN': return { id: 'end-turn', label: `End turn ${s.seq.round}`, rule: 'TL-5', command: c };
    case 'END_PHASE': return { id: 'end-phase', label: `End the ${s.seq.phase} phase`, rule: 'TL-1', command: c };
    case 'RALLY_LINE': return { id: `rally:${String(c.choice)}`, label: `${nameOf(scenario, unit)}: ${c.choice === 'stand' ? 'stand' : 'fall back'}`, rule: 'TL-6', command: c };
    case 'MOVE_LINE': {
      const [inch, wheel] = [Number(c.inches), Number(c.wheel ?? 0)];
      if (wheel !== 0 && inch !== MOVE_INCHES) return undefined;
      return { id: `move:${unit}:${inch}:${wheel}`, label: `${nameOf(scenario, unit)}: ${inchLabel(inch)} ${WHEEL_WORDS[String(wheel)]}`, rule: 'TL-2', command: c };
    }
    default: return undefined;
  }
}

/** A line's targets in the fire phase: every enemy line, with the range and the score to hit, refused beyond MAX_RANGE. */
function targetsOf(s: LinesState, ctx: Ctx, unit: string, legal: Command[]): PlayTarget[] {
  const { scenario, table } = ctx;
  const enemy = [...new Set(s.table.figures.filter((f) => f.alive && f.side !== s.seq.side).map((f) => f.unit))];
  return enemy.map((target): PlayTarget => {
    const range = lineRange(s, table, unit, target);
    const command = legal.find((c) => c.type === 'FIRE' && c.unitId === unit && c.targetId === target);
    const need = within(range, CLOSE_RANGE) ? HIT_CLOSE : HIT_FAR;
    const left = lineFigures(s, target).length;
    return {
      unitId: target, name: nameOf(scenario, target), side: s.table.figures.find((f) => f.unit === target)!.side, distance: range * CM_PER_INCH,
      visible: left, total: s.table.figures.filter((f) => f.unit === target).length, cover: 'open',
      notes: command ? [`d20 a figure, ${need}+ to hit`] : [],
      ...(command ? { command } : { refusal: { reason: `beyond ${inchLabel(MAX_RANGE)}`, rule: 'TL-3' } }),
    };
  });
}

export function describeLines(s: LinesState, ctx: Ctx): PlayView {
  const { scenario, legal } = ctx;
  const p = linesPhase(s);
  const result = linesVictory(s, scenario);
  // TL-6 a choice asked of a shaken line's owner: the HUD prompts that side (hot seat hands the screen over).
  const decision = result ? undefined : linesDecision(s, scenario);
  // TL-3 in the fire phase every line that has not fired may: the first is the active one, the rest get their own target lists.
  const firing = s.seq.phase === 'fire' && s.seq.side ? [...new Set(lineFiguresOfSide(s, s.seq.side))].filter((u) => !s.seq.acted.includes(u)) : [];
  const [active, ...others] = firing;
  const panels: PlayPanel[] = others.map((unitId) => ({ kind: 'targets', id: 'fire', unitId, name: nameOf(scenario, unitId), rule: 'TL-3', targets: targetsOf(s, ctx, unitId, legal) }));
  return {
    rulesetId: 'toylines', scenarioTitle: scenario.title, sides: scenario.sides.map((x) => ({ id: x.id, name: x.name, ...(x.colour ? { colour: x.colour } : {}) })),
    ...(decision ? { decision } : {}),
    prompt: { side: decision?.side ?? p.side ?? null, headline: decision?.label ?? p.label, detail: decision ? 'Standing is the default (TL-6)' : detailOf(s, scenario), turn: s.seq.round, ...(scenario.turnLimit ? { turnLimit: scenario.turnLimit } : {}) },
    units: linesUnits(s, scenario),
    ...(active ? { activeUnitId: active } : {}),
    actions: legal.map((c) => actionOf(c, s, scenario)).filter((a): a is PlayAction => a !== undefined),
    targets: active ? targetsOf(s, ctx, active, legal) : [],
    ...(panels.length ? { panels } : {}),
    ...(result ? { victory: { winner: result.winner, reason: result.reason, rule: result.rule } } : {}),
  };
}

const lineFiguresOfSide = (s: LinesState, side: string) => s.table.figures.filter((f) => f.alive && f.side === side).map((f) => f.unit);

interface Roll { sides: number; value: number; purpose: string; rule?: string }

/** The game log: one line an event, each die rolled with its purpose and value (the dice tray reads `dice`), and the side of the command. */
export function linesLog(_s: LinesState, log: ReadonlyArray<{ command: Command; events: readonly GameEvent[] }>): PlayLogLine[] {
  return log.flatMap((entry, commandIndex) => entry.events.map((e) => {
    const side = entry.command.side ? { side: entry.command.side } : {};
    const rule = e.rule ? { rule: e.rule } : {};
    if (e.type !== 'DICE_ROLLED') return { commandIndex, type: e.type, text: e.text ?? e.type, ...rule, ...side };
    const roll = e.roll as Roll;
    return { commandIndex, type: e.type, text: `${roll.purpose}: d${roll.sides} → ${roll.value}`, ...rule, ...side, dice: { purpose: roll.purpose, values: [roll.value], sides: roll.sides, ...rule } };
  })).map((line, index) => ({ index, ...line }));
}
