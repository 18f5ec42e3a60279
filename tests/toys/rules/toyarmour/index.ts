// The toy armour ruleset (tests only, not shipped) as one module: initiative and alternating
// activation, one vehicle with a hull facing and a turret arc, a template attack, in cm. It drops into
// src/rules/toyarmour/ with one registry line (tests/rules/toy-plug-in.test.ts). Its sequence is the
// flow's alternating machine: the rules hold only the table.
import type { AlternatingProgram, TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { armourLog, armourPhase, describeArmour } from './hud';
import { armourPlayer } from './player';
import { armourSetup, armourSetupStart, armourTableScenario, evolveArmourSetup } from './setup';
import { actArmour, answerArmour, armourActions, armourDecision, armourInitiative, armourInitiativeChoice, armourSurrender, armourSurrenders, armourTogether, armourUnits, armourVictory, evolveArmour, setupArmour, type ArmourState, type ArmourTable } from './rules';

/** TA-8 two sides, exactly one vehicle. */
function validateArmourScenario(scenario: Scenario): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (scenario.sides.length !== 2) out.push({ path: '$.sides', message: `expected two sides, got ${scenario.sides.length}` });
  const vehicles = (scenario.units ?? []).filter((u) => u.type === 'vehicle');
  if (vehicles.length !== 1 || vehicles[0]!.figures.length !== 1) out.push({ path: '$.units', message: 'expected exactly one vehicle unit of one figure' });
  return out;
}

/**
 * The sequence is the flow's alternating machine (TA-1 initiative each round, TA-2 alternate
 * activations, one action each, TA-8 the round limit); this ruleset gives it the initiative roll, its
 * units and its table rules, and names the sequence's commands.
 */
const sequence: AlternatingProgram<ArmourTable, Scenario, TableQueries> = {
  model: 'alternating',
  commands: { begin: 'BEGIN_TURN', select: 'SELECT_UNIT', end: 'END_TURN' },
  rule: { begin: 'TA-1', select: 'TA-2', end: 'TA-8' },
  roundWord: 'Round',
  units: armourUnits,
  lastRound: (scenario) => scenario.turnLimit ?? 3,
  // TA-8 a side with nothing left ends the game at once.
  won: (t, sides) => sides.some((side) => armourUnits(t, side).length === 0),
  initiative: armourInitiative,
  rules: {
    id: 'toyarmour',
    version: '3',
    validateScenario: validateArmourScenario,
    setup: (scenario) => setupArmour(scenario),
    actionTypes: ['HOLD', 'MOVE', 'SHOOT', 'PIVOT', 'TEMPLATE'],
    actions: (s, { scenario, table }) => armourActions(s, scenario, table),
    act: actArmour,
    evolve: evolveArmour,
    // TA-7 an angled hit: its owner picks the face struck (the activation's end waits for the answer).
    pendingDecision: (s, { scenario }) => armourDecision(s, scenario),
    answerTypes: ['CHOOSE_FACE'],
    answer: answerArmour,
    victory: (s: ArmourState, { scenario }) => armourVictory(s, scenario),
  },
};

/**
 * The variant sequence (the same table rules): TA-9 the initiative's winner chooses to act first or
 * hand over, TA-10 a vehicle and a squad beside it activate together, TA-11 a side may surrender at
 * any moment.
 */
export const variantSequence: AlternatingProgram<ArmourTable, Scenario, TableQueries> = {
  ...sequence,
  commands: { ...sequence.commands, first: 'CHOOSE_FIRST' },
  rule: { ...sequence.rule, first: 'TA-9' },
  initiative: armourInitiativeChoice,
  activationUnits: armourTogether,
  rules: { ...sequence.rules, anytime: { types: ['SURRENDER'], rule: 'TA-11', legal: armourSurrenders, resolve: armourSurrender } },
};

const RULES = [
  { id: 'TA-1', title: 'Initiative', text: 'Each round both sides roll a d6; the higher activates first (ties re-rolled).' },
  { id: 'TA-2', title: 'Alternating activation', text: 'Sides take turns to activate one unit; a side with none left passes.' },
  { id: 'TA-3', title: 'Actions', text: 'An activated unit holds, moves or shoots; a squad shoots at an enemy figure within 30 cm, each soldier hitting on 4+.' },
  { id: 'TA-4', title: 'Movement', text: 'A squad moves up to 10 cm, every figure the same way, staying on the table.' },
  { id: 'TA-5', title: 'Turret arc', text: 'The vehicle fires only within 45° of its turret bearing.' },
  { id: 'TA-6', title: 'Template', text: 'Every figure whose base centre is within 4 cm of the template centre is attacked.' },
  { id: 'TA-7', title: 'Armour', text: 'A hit on the vehicle strikes its front, side or rear armour by the angle off its hull facing; within 15° of the line between two faces its owner picks which.' },
  { id: 'TA-8', title: 'The end', text: 'The game ends when a side has nothing left or after the last round; the side with more left standing wins.' },
  { id: 'TA-9', title: 'Choosing the first (variant)', text: 'The initiative winner chooses to activate first or to hand the first activation to the other side.' },
  { id: 'TA-10', title: 'Vehicle and squad (variant)', text: 'A vehicle activated takes with it a ready squad of its side with a figure within 5 cm of the hull: both count as activated, and either takes the one action.' },
  { id: 'TA-11', title: 'Surrender (variant)', text: 'A side may surrender at any moment, even in the other side\'s activation; the other side wins.' },
];

/** The setup variant's rules (TA-12…TA-14). */
const SETUP_RULES = [
  { id: 'TA-12', title: 'Setup roll (setup variant)', text: 'Before the first round both sides roll a d6 (ties re-rolled); the higher places terrain first.' },
  { id: 'TA-13', title: 'Terrain (setup variant)', text: 'The sides take turns to place the scenario\'s terrain pool, the roll\'s winner the larger share; a piece stands at least 15 cm from the west and east edges. A side with none left lets the other place on.' },
  { id: 'TA-14', title: 'Deployment (setup variant)', text: 'The sides take turns to deploy a unit within 10 cm of their own edge, the roll\'s loser first.' },
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
  sequence,
  name: 'Toy armour (alternating)',
  phase: armourPhase,
  // The round the log's lines are labelled with (`cli play`).
  turnOf: (s: ArmourState) => s.seq.round,
  hud,
  measure: 'cm' as const,
  dice: { sides: [6] },
  sightPoints: [{ name: 'centre', fraction: 0.5 }],
  validateScenarioData: validateArmourScenario,
  player: armourPlayer,
};

/** The toy with the variant sequence (TA-9…TA-11). */
export const toyarmourVariantModule = { ...toyarmourModule, name: 'Toy armour (alternating, variant)', sequence: variantSequence };

/**
 * The setup variant (the same rounds as the plain toy): TA-12 a roll, TA-13 the terrain pool placed by
 * turns, TA-14 deployment by turns, before the first round; the pieces placed make the table.
 */
export const setupSequence: AlternatingProgram<ArmourTable, Scenario, TableQueries> = {
  ...sequence,
  setup: armourSetup,
  rules: {
    ...sequence.rules,
    setup: (scenario) => ({ ...setupArmour(scenario), setup: armourSetupStart(scenario) }),
    evolve: (t, e) => evolveArmourSetup(evolveArmour(t, e), e),
    tableScenario: armourTableScenario,
  },
};

/** The toy with the setup variant (TA-12…TA-14). */
export const toyarmourSetupModule = { ...toyarmourModule, name: 'Toy armour (alternating, setup)', sequence: setupSequence, hud: { ...hud, rules: () => [...RULES, ...SETUP_RULES] } };
