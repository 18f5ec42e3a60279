// The toy armour ruleset (tests only, not shipped) as one module: initiative and alternating
// activation, one vehicle with a hull facing and a turret arc, a template attack, in cm. It drops into
// src/rules/toyarmour/ with one registry line (tests/rules/toy-plug-in.test.ts).
import type { ActivationStage, Command, FlowAdapter, GameEvent, TableQueries, TurnStage } from '../../core';
import type { Scenario } from '../../scenario';
import { armourLog, armourPhase, describeArmour } from './hud';
import { armourPlayer } from './player';
import { armourVictory, decideArmour, evolveArmour, legalArmour, setupArmour, type ArmourState } from './rules';

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
  { id: 'TA-3', title: 'Actions', text: 'An activated unit holds, moves or shoots; a squad shoots at an enemy figure within 30 cm, each soldier hitting on 4+.' },
  { id: 'TA-4', title: 'Movement', text: 'A squad moves up to 10 cm, every figure the same way, staying on the table.' },
  { id: 'TA-5', title: 'Turret arc', text: 'The vehicle fires only within 45° of its turret bearing.' },
  { id: 'TA-6', title: 'Template', text: 'Every figure whose base centre is within 4 cm of the template centre is attacked.' },
  { id: 'TA-7', title: 'Armour', text: 'A hit on the vehicle strikes its front, side or rear armour by the angle off its hull facing.' },
  { id: 'TA-8', title: 'The end', text: 'The game ends when a side has nothing left or after the last round; the side with more left standing wins.' },
];

const hud = {
  describe: describeArmour,
  log: armourLog,
  rules: () => RULES,
  moveCommand: () => undefined,
  contactedEnemy: () => undefined,
  dragAsCharge: () => undefined,
};

export const toyarmourModule = {
  ruleset,
  name: 'Toy armour (alternating)',
  phase: armourPhase,
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
