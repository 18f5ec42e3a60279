// The toy armour ruleset (tests only, not shipped) as one module: initiative and alternating
// activation, one vehicle with a hull facing and a turret arc, a template attack, in cm. It drops into
// src/rules/toyarmour/ with one registry line (tests/rules/toy-plug-in.test.ts).
import type { ActivationStage, Command, FlowAdapter, GameEvent, PlayView, TableQueries, TurnStage } from '../../core';
import type { Scenario } from '../../scenario';
import { armourPlayer } from './player';
import { armourVictory, decideArmour, evolveArmour, legalArmour, setupArmour, type ArmourState } from './rules';

const sideName = (scenario: Scenario, side: string | null | undefined) => scenario.sides.find((x) => x.id === side)?.name ?? side ?? '';

const ruleset = {
  id: 'toyarmour',
  version: '1',
  activationModel: 'alternating' as const,
  meleeModel: 'none' as const,
  validateScenario: (scenario: Scenario) => validateArmourScenario(scenario),
  setup: (scenario: Scenario) => setupArmour(scenario),
  legalCommands: (s: ArmourState, ctx: { scenario: Scenario; table: TableQueries }) => legalArmour(s, ctx.scenario, ctx.table),
  // TA-2 the side whose turn it is acts; starting and ending a round is anyone's.
  actingSides: (s: ArmourState, _c: Command, { scenario }: { scenario: Scenario }) =>
    s.open && s.toAct ? { sides: [s.toAct], rule: 'TA-2' } : { sides: scenario.sides.map((x) => x.id), rule: 'TA-1', anySide: true },
  decide: decideArmour,
  evolve: (s: ArmourState, e: GameEvent) => evolveArmour(s, e),
  victory: (s: ArmourState, { scenario }: { scenario: Scenario }) => armourVictory(s, scenario),
};

/** TA-8 two sides, exactly one vehicle. */
function validateArmourScenario(scenario: Scenario): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (scenario.sides.length !== 2) out.push({ path: '$.sides', message: `expected two sides, got ${scenario.sides.length}` });
  const vehicles = (scenario.units ?? []).filter((u) => u.type === 'vehicle');
  if (vehicles.length !== 1 || vehicles[0]!.figures.length !== 1) out.push({ path: '$.units', message: 'expected exactly one vehicle unit of one figure' });
  return out;
}

function phase(s: ArmourState): { side: string | undefined; awaiting: string; label: string } {
  if (s.over) return { side: undefined, awaiting: 'over', label: 'The game is over' };
  if (!s.open) return { side: undefined, awaiting: 'between-turns', label: `Round ${s.round + 1}: roll for initiative` };
  if (!s.toAct) return { side: undefined, awaiting: 'turn-end', label: `Round ${s.round}: end the round` };
  return { side: s.toAct, awaiting: s.current ? 'action' : 'pick', label: `Round ${s.round}: ${s.current ? 'the selected unit acts' : 'select a unit'}` };
}

const flow: FlowAdapter<ArmourState> = {
  activationModel: 'alternating',
  meleeModel: 'none',
  // TA-2 a unit is picked by selecting it, then takes one action, which ends its activation.
  steps: {
    beginTurn: ['BEGIN_TURN'], pick: ['SELECT_UNIT'], window: [], windowState: 'window', endTurn: ['END_TURN'], resolve: [],
    choose: ['HOLD', 'MOVE', 'SHOOT', 'PIVOT', 'TEMPLATE'], choosers: ['unit'], forced: {}, melee: [],
  },
  turnStage(s): TurnStage {
    if (s.over) return 'over';
    if (!s.open) return 'between-turns';
    if (s.current) return 'activation';
    return s.toAct ? 'pick' : 'turn-end';
  },
  activationStage: (s): ActivationStage => (s.current ? { kind: 'choosing', chooser: 'unit' } : { kind: 'none' }),
  meleeStage: () => 'none',
  sideToAct: (s) => (s.open && s.toAct ? s.toAct : undefined),
  activationEnded: (events) => events.some((e) => e.type === 'UNIT_ACTED'),
  meleeOutcome: () => 'none',
  meleeRoundFought: () => ({ fought: false, loserTested: false }),
};

const RULES = [
  { id: 'TA-1', title: 'Initiative', text: 'Each round both sides roll a d6; the higher activates first (ties re-rolled).' },
  { id: 'TA-2', title: 'Alternating activation', text: 'Sides take turns to activate one unit; a side with none left passes.' },
  { id: 'TA-5', title: 'Turret arc', text: 'The vehicle fires only within 45° of its turret bearing.' },
  { id: 'TA-6', title: 'Template', text: 'Every figure whose base centre is within 4 cm of the template centre is attacked.' },
  { id: 'TA-7', title: 'Armour', text: 'A hit on the vehicle strikes its front, side or rear armour by the angle off its hull facing.' },
];

const hud = {
  describe: (s: ArmourState, { scenario }: { scenario: Scenario; table: TableQueries }): PlayView => ({
    rulesetId: 'toyarmour', scenarioTitle: scenario.title, sides: scenario.sides.map((x) => ({ id: x.id, name: x.name })),
    prompt: { side: phase(s).side ?? null, headline: phase(s).label, detail: s.toAct ? `${sideName(scenario, s.toAct)} to act` : '', turn: s.round },
    units: [], actions: [], targets: [],
  }),
  log: (_s: ArmourState, log: ReadonlyArray<{ command: Command; events: readonly GameEvent[] }>) =>
    log.flatMap((entry, commandIndex) => entry.events.map((e) => ({ commandIndex, type: e.type, text: e.text ?? e.type, ...(e.rule ? { rule: e.rule } : {}) })))
      .map((line, index) => ({ index, ...line })),
  rules: () => RULES,
  moveCommand: () => undefined,
  contactedEnemy: () => undefined,
  dragAsCharge: () => undefined,
};

export const toyarmourModule = {
  ruleset,
  name: 'Toy armour (alternating)',
  phase,
  // The round the log's lines are labelled with (`cli play`).
  turnOf: (s: ArmourState) => s.round,
  flow,
  hud,
  measure: 'cm' as const,
  dice: { sides: [6] },
  sightPoints: [{ name: 'centre', fraction: 0.5 }],
  validateScenarioData: validateArmourScenario,
  player: armourPlayer,
};
