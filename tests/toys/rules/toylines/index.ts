// The toy lines ruleset (tests only, not shipped) as one module: you go, I go, in phases (move, fire,
// end of the player's turn), d20s, lines of figures moved together, lengths in inches. It drops into
// src/rules/toylines/ with one registry line (tests/rules/toy-plug-in.test.ts). Its sequence is the
// flow's phases machine: the rules hold only the table.
import type { PhasesProgram, TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { describeLines, linesLog, linesPhase } from './hud';
import { linesPlayer } from './player';
import { actLines, answerLines, evolveLines, linesDecision, LINES_PHASES, linesActions, linesVictory, setupLines, sideLines, type LinesState, type LinesTable } from './rules';

/** TL-1 two sides, each with lines of figures (infantry units). */
function validateLinesScenario(scenario: Scenario): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (scenario.sides.length !== 2) out.push({ path: '$.sides', message: `expected two sides, got ${scenario.sides.length}` });
  (scenario.units ?? []).forEach((u, i) => {
    if (u.type !== 'infantry') out.push({ path: `$.units[${i}].type`, message: `expected "infantry" (a line of figures), got ${JSON.stringify(u.type)}` });
  });
  return out;
}

/**
 * The sequence is the flow's phases machine (TL-1: each side in the scenario's order plays its move
 * then its fire phase; TL-5 the turn limit); this ruleset names its phases and commands and gives its
 * lines and its table rules.
 */
const sequence: PhasesProgram<LinesTable, Scenario, TableQueries> = {
  model: 'phases',
  phases: LINES_PHASES,
  commands: { begin: 'BEGIN_TURN', endPhase: 'END_PHASE', end: 'END_TURN' },
  rule: { begin: 'TL-1', endPhase: 'TL-1', end: 'TL-5' },
  roundWord: 'Turn',
  units: sideLines,
  lastRound: (scenario) => scenario.turnLimit ?? 3,
  // TL-5 a side with no figure left ends the game at once.
  won: (t, sides) => sides.some((side) => sideLines(t, side).length === 0),
  rules: {
    id: 'toylines',
    version: '2',
    validateScenario: validateLinesScenario,
    setup: (scenario) => setupLines(scenario),
    actionTypes: ['MOVE_LINE', 'FIRE'],
    actions: (s, { scenario, table }) => linesActions(s, scenario, table),
    act: actLines,
    evolve: evolveLines,
    // TL-6 a shaken line's owner chooses, in the other side's fire phase: every step waits for the answer.
    pendingDecision: (s, { scenario }) => linesDecision(s, scenario),
    answerTypes: ['RALLY_LINE'],
    answer: answerLines,
    victory: (s: LinesState, { scenario }) => linesVictory(s, scenario),
  },
};

const RULES = [
  { id: 'TL-1', title: 'You go, I go', text: 'Each turn the sides play in order: move phase, fire phase, then the turn passes.' },
  { id: 'TL-2', title: 'Lines move together', text: 'In the move phase a line moves once, up to 6", every figure the same way.' },
  { id: 'TL-3', title: 'Fire', text: 'In the fire phase a line fires once within 24": a d20 a figure, 16+ within 12", else 19+.' },
  { id: 'TL-4', title: 'Losses', text: 'Each hit takes a figure off the end of the target line.' },
  { id: 'TL-5', title: 'The end', text: 'After the last turn the side with more figures left wins.' },
  { id: 'TL-6', title: 'Shaken', text: 'A line that loses figures to fire and still stands is shaken: its owner chooses at once to stand or fall back 2".' },
];

const hud = {
  describe: describeLines,
  log: linesLog,
  rules: () => RULES,
  moveCommand: () => undefined,
  contactedEnemy: () => undefined,
  dragAsCharge: () => undefined,
};

export const toylinesModule = {
  sequence,
  name: 'Toy lines (you go, I go)',
  phase: linesPhase,
  // The game turn the log's lines are labelled with (`cli play`).
  turnOf: (s: LinesState) => s.seq.round,
  hud,
  measure: 'inch' as const,
  dice: { sides: [20] },
  sightPoints: [{ name: 'head', fraction: 0.9 }],
  validateScenarioData: validateLinesScenario,
  player: linesPlayer,
};
