// The toy lines ruleset (tests only, not shipped) as one module: you go, I go, in phases (move, fire,
// end of the player's turn), d20s, lines of figures moved together, lengths in inches. It drops into
// src/rules/toylines/ with one registry line (tests/rules/toy-plug-in.test.ts).
import type { ActivationStage, Command, FlowAdapter, GameEvent, TableQueries, TurnStage } from '../../core';
import type { Scenario } from '../../scenario';
import { describeLines, linesLog, linesPhase } from './hud';
import { linesPlayer } from './player';
import { decideLines, evolveLines, legalLines, linesVictory, setupLines, type LinesState } from './rules';

/** TL-1 two sides, each with lines of figures (infantry units). */
function validateLinesScenario(scenario: Scenario): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (scenario.sides.length !== 2) out.push({ path: '$.sides', message: `expected two sides, got ${scenario.sides.length}` });
  (scenario.units ?? []).forEach((u, i) => {
    if (u.type !== 'infantry') out.push({ path: `$.units[${i}].type`, message: `expected "infantry" (a line of figures), got ${JSON.stringify(u.type)}` });
  });
  return out;
}

const ruleset = {
  id: 'toylines',
  version: '1',
  activationModel: 'igougo' as const,
  meleeModel: 'none' as const,
  validateScenario: validateLinesScenario,
  setup: (scenario: Scenario) => setupLines(scenario),
  legalCommands: (s: LinesState, ctx: { scenario: Scenario; table: TableQueries }) => legalLines(s, ctx.scenario, ctx.table),
  // TL-1 the phasing side acts; starting and ending a game turn is anyone's.
  actingSides: (s: LinesState, _c: Command, { scenario }: { scenario: Scenario }) =>
    s.phasing ? { sides: [s.phasing], rule: 'TL-1' } : { sides: scenario.sides.map((x) => x.id), rule: 'TL-1', anySide: true },
  decide: decideLines,
  evolve: (s: LinesState, e: GameEvent) => evolveLines(s, e),
  victory: (s: LinesState, { scenario }: { scenario: Scenario }) => linesVictory(s, scenario),
};

const PARTS = ['move', 'fire'] as const;

const flow: FlowAdapter<LinesState> = {
  activationModel: 'igougo',
  meleeModel: 'none',
  // TL-1 a player turn is one activation of the phasing side: its parts are the phases; no pick, no melee.
  steps: { beginTurn: ['BEGIN_TURN'], pick: [], window: [], windowState: 'window', endTurn: ['END_TURN'], resolve: [], choose: [], choosers: ['phasing'], forced: {}, melee: [] },
  turnStage(s): TurnStage {
    if (s.over) return 'over';
    if (s.phasing) return 'activation';
    return s.played.length ? 'turn-end' : 'between-turns';
  },
  activationStage: (s): ActivationStage => (s.phasing && s.phase ? { kind: 'acting', action: 'player-turn', parts: PARTS, done: PARTS.indexOf(s.phase) } : { kind: 'none' }),
  meleeStage: () => 'none',
  sideToAct: (s) => s.phasing ?? undefined,
  activationEnded: (events) => events.some((e) => e.type === 'PLAYER_TURN_ENDED'),
  meleeOutcome: () => 'none',
  meleeRoundFought: () => ({ fought: false, loserTested: false }),
};

const RULES = [
  { id: 'TL-1', title: 'You go, I go', text: 'Each turn the sides play in order: move phase, fire phase, then the turn passes.' },
  { id: 'TL-2', title: 'Lines move together', text: 'In the move phase a line moves once, up to 6", every figure the same way.' },
  { id: 'TL-3', title: 'Fire', text: 'In the fire phase a line fires once within 24": a d20 a figure, 16+ within 12", else 19+.' },
  { id: 'TL-4', title: 'Losses', text: 'Each hit takes a figure off the end of the target line.' },
  { id: 'TL-5', title: 'The end', text: 'After the last turn the side with more figures left wins.' },
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
  ruleset,
  name: 'Toy lines (you go, I go)',
  phase: linesPhase,
  // The game turn the log's lines are labelled with (`cli play`).
  turnOf: (s: LinesState) => s.turn,
  flow,
  hud,
  measure: 'inch' as const,
  dice: { sides: [20] },
  sightPoints: [{ name: 'head', fraction: 0.9 }],
  validateScenarioData: validateLinesScenario,
  player: linesPlayer,
};
