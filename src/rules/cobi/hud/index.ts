// COBI as the play HUD shows it (the neutral PlayView): the squads with their figures, the legal
// choices as buttons (initiative, activating a squad, hold, the offered moves), the result; the log
// with each die; the rules panel; the move a drag makes. Lengths in cm.
import { formatDistance, hypot, type Command, type GameEvent, type PlayAction, type PlayFigureMove, type PlayLogLine, type PlayUnit, type PlayView, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { sideName, unitName } from '../scenario-data';
import { sideUnits, unitFigures, type CState } from '../state';
import { cobiVictory } from '../sequence/victory';
import { cobiPhase } from './phase';
import { cobiRules } from './rules-panel';

interface Ctx {
  scenario: Scenario;
  table: TableQueries;
  legal: Command[];
}

const COMPASS_NAMES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
/** Bearing of a step (dx, dz), degrees in [0, 360): 0 = north (+z), 90 = east (+x). */
const bearing = (dx: number, dz: number) => ((Math.atan2(dx, dz) * 180) / Math.PI + 360) % 360;

function describeUnits(s: CState, scenario: Scenario): PlayUnit[] {
  return s.table.units.map((u) => {
    const figs = s.table.figures.filter((f) => f.unit === u.id);
    const activated = s.seq.acted.includes(u.id);
    return {
      id: u.id, side: u.side, name: u.name, kind: 'squad',
      status: s.seq.unit === u.id ? ['acting'] : activated ? ['activated'] : [],
      strength: { now: figs.filter((f) => f.alive).length, start: figs.length },
      figures: figs.map((f) => ({
        id: f.id, unitId: u.id, side: u.side, at: [f.at[0], f.at[1]] as [number, number], floor: 0, facing: f.facing,
        condition: f.alive ? 'healthy' : 'dead', ...(f.alive ? {} : { removed: 'down' }),
        role: scenario.units?.find((x) => x.id === u.id)?.figures.find((x) => x.id === f.id)?.role,
      })),
      activated,
    };
  });
}

/** A MOVE of the whole squad the same way, as its button reads: "Move 15 cm N". */
function moveAction(s: CState, c: Command): PlayAction | undefined {
  const moves = c.moves as PlayFigureMove[];
  const first = moves[0];
  const f = first && unitFigures(s.table, String(c.unitId)).find((x) => x.id === first.figureId);
  if (!f) return undefined;
  const [dx, dz] = [first.to[0] - f.at[0], first.to[1] - f.at[1]];
  const b = bearing(dx, dz);
  const d = hypot(dx, dz);
  const name = COMPASS_NAMES[Math.round(b / 45) % 8];
  return { id: `move:${name}:${d.toFixed(1)}`, label: `Move ${formatDistance(d)} ${name}`, rule: 'C-3.3.1e', command: c };
}

/** C-3.2d the winner's choice in round 1, C-3.2f in later rounds. */
const firstRule = (s: CState) => (s.seq.round > 1 ? 'C-3.2f' : 'C-3.2d');

function actionOf(c: Command, s: CState, scenario: Scenario): PlayAction | undefined {
  switch (c.type) {
    case 'BEGIN_ROUND': return { id: 'begin-round', label: `Roll for the initiative (round ${s.seq.round + 1})`, rule: s.seq.round ? 'C-3.2f' : 'C-3.0a', command: c };
    case 'CHOOSE_FIRST': return c.choice === 'act'
      ? { id: 'first:act', label: 'Act first', rule: firstRule(s), command: c }
      : { id: 'first:pass', label: 'Hand the first activation over', rule: firstRule(s), command: c };
    case 'SURRENDER': return { id: `surrender:${String(c.side)}`, label: `${sideName(scenario, String(c.side))}: surrender`, rule: 'C-3.2g', hint: 'The game ends; the other side wins', place: 'game', command: c };
    case 'END_ROUND': return { id: 'end-round', label: 'End the round', rule: 'C-3.2g', command: c };
    case 'SELECT_UNIT': return { id: `select:${String(c.unitId)}`, label: `Activate ${unitName(scenario, String(c.unitId))}`, rule: 'C-3.3a', command: c };
    case 'HOLD': return { id: 'hold', label: 'Hold', rule: 'C-3.3c', hint: 'The squad does nothing this round', command: c };
    case 'MOVE': return moveAction(s, c);
    default: return undefined;
  }
}

function detailOf(s: CState, scenario: Scenario): string {
  const { step, side, unit } = s.seq;
  if (step === 'over') return '';
  if (step === 'between') return 'Both sides roll; the higher chooses who acts first, a tie is rolled again (C-3.0a/b)';
  if (step === 'first' && side) return `${sideName(scenario, side)} won the initiative: act first, or hand the first activation over (${firstRule(s)})`;
  if (step === 'end' || !side) return 'Every squad has acted';
  const who = sideName(scenario, side);
  if (step === 'activation' && unit) return `${who}: hold, or move ${unitName(scenario, unit)} up to 15 cm (8 cm through difficult ground)`;
  const left = sideUnits(s.table, side).filter((u) => !s.seq.acted.includes(u)).length;
  return `${who} to act: ${left} squad(s) left to activate this round`;
}

export function describeCobi(s: CState, ctx: Ctx): PlayView {
  const { scenario, legal } = ctx;
  const p = cobiPhase(s);
  const result = cobiVictory(s, scenario);
  return {
    rulesetId: 'cobi', scenarioTitle: scenario.title,
    sides: scenario.sides.map((x) => ({ id: x.id, name: x.name, ...(x.colour ? { colour: x.colour } : {}) })),
    prompt: { side: p.side ?? null, headline: p.label, detail: detailOf(s, scenario), turn: s.seq.round, turnWord: 'Round', ...(scenario.turnLimit ? { turnLimit: scenario.turnLimit } : {}) },
    units: describeUnits(s, scenario),
    ...(s.seq.step === 'activation' && s.seq.unit ? { activeUnitId: s.seq.unit } : {}),
    actions: legal.map((c) => actionOf(c, s, scenario)).filter((a): a is PlayAction => a !== undefined),
    targets: [],
    measure: 'cm',
    ...(result ? { victory: result } : {}),
  };
}

interface Roll { sides: number; value: number; purpose: string; rule?: string }

/** The game log: a line an event, each die with its purpose and value (the dice tray reads `dice`), and the command's side. */
export function cobiLog(_s: CState, log: ReadonlyArray<{ command: Command; events: readonly GameEvent[] }>): PlayLogLine[] {
  return log.flatMap((entry, commandIndex) => entry.events.map((e) => {
    const side = entry.command.side ? { side: String(entry.command.side) } : {};
    const rule = e.rule ? { rule: String(e.rule) } : {};
    if (e.type !== 'DICE_ROLLED') return { commandIndex, type: e.type, text: String(e.text ?? e.type), ...rule, ...side };
    const roll = e.roll as Roll;
    return { commandIndex, type: e.type, text: `${roll.purpose}: d${roll.sides} → ${roll.value}`, ...rule, ...side, dice: { purpose: roll.purpose, values: [roll.value], sides: roll.sides, ...rule } };
  })).map((line, index) => ({ index, ...line }));
}

/** The MOVE a drag makes: the dragged figures of the activated squad to where they were dropped. */
function moveCommand(s: CState, moves: readonly PlayFigureMove[]): Command | undefined {
  const { unit, side } = s.seq;
  if (s.seq.step !== 'activation' || !unit || !side || !moves.length) return undefined;
  return { type: 'MOVE', side, unitId: unit, moves: moves.map((m) => ({ figureId: m.figureId, to: [m.to[0], m.to[1]] })) };
}

export const cobiHud = {
  describe: describeCobi,
  log: cobiLog,
  rules: () => cobiRules(),
  moveCommand,
  contactedEnemy: () => undefined,
  dragAsCharge: () => undefined,
};
