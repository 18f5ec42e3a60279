// The toy cards ruleset (tests only, not shipped) as one module: card-driven activation — a deck of unit
// cards each turn, a move then a shot, forced steps before acting, a leader commanding a squad,
// readiness, owners' choices, return fire, turn start and end hooks — in cm. It drops into src/rules/toycards/ with one registry line
// (tests/rules/toy-plug-in.test.ts). Its sequence is the flow's cards machine: the rules hold only the table.
import type { CardsProgram, TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { answerCards, pendingCards, turnEndRally, turnStartSnipers } from './choices';
import { cardsLog, cardsPhase, describeCards } from './hud';
import { cardsPlayer } from './player';
import {
  actCards, actionSides, activationOver, cardUnits, cardsActions, cardsVictory, commandableUnits, dealCards, drawnCard, evolveCards, mayGoReady, readinessRollOff, resolveForcedStep,
  forcedStep, setupCards, sideOfUnit, type CardsState, type CardsTable,
} from './rules';

/** TC-1 two sides, infantry squads and leaders. */
function validateCardsScenario(scenario: Scenario): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (scenario.sides.length !== 2) out.push({ path: '$.sides', message: `expected two sides, got ${scenario.sides.length}` });
  (scenario.units ?? []).forEach((u, i) => {
    if (u.type !== 'infantry' && u.type !== 'leader') out.push({ path: `$.units[${i}].type`, message: `expected "infantry" or "leader", got ${JSON.stringify(u.type)}` });
  });
  return out;
}

/**
 * The sequence is the flow's cards machine (TC-1 the deck, TC-2 the offer, TC-4 command, TC-5 the
 * nerve test, TC-6 readiness, TC-7 the turn limit); this ruleset deals and reads the cards, names its
 * forced step and gives its guards, its roll-off and its table rules.
 */
const sequence: CardsProgram<CardsTable, Scenario, TableQueries> = {
  model: 'cards',
  commands: { begin: 'BEGIN_TURN', draw: 'DRAW_CARD', activate: 'ACTIVATE', pass: 'PASS', command: 'COMMAND', ready: 'READY', resolve: 'RESOLVE', declare: 'READINESS', end: 'END_TURN', endActivation: 'END_ACTIVATION' },
  rule: { begin: 'TC-1', draw: 'TC-2', activate: 'TC-2', command: 'TC-4', ready: 'TC-6', readiness: 'TC-6', end: 'TC-7' },
  roundWord: 'Turn',
  forcedSteps: ['nerve test', 'get up'],
  units: cardUnits,
  lastRound: (scenario) => scenario.turnLimit ?? 3,
  // TC-7 a side with nothing left ends the game at once.
  won: (t, sides) => sides.some((side) => cardUnits(t, side).length === 0),
  // TC-12 snipers before the deal; TC-11 the sides rally at the turn's end.
  turnStart: turnStartSnipers,
  turnEnd: turnEndRally,
  deal: dealCards,
  card: drawnCard,
  sideOf: sideOfUnit,
  activationOver,
  forced: (s, unit) => forcedStep(s.table, unit),
  resolveForced: resolveForcedStep,
  commandable: (s, unit) => commandableUnits(s.table, unit),
  mayReady: (s, unit) => mayGoReady(s.table, unit),
  rollOff: readinessRollOff,
  rules: {
    id: 'toycards',
    version: '1',
    validateScenario: validateCardsScenario,
    setup: (scenario) => setupCards(scenario),
    actionTypes: ['HOLD', 'MOVE', 'SHOOT', 'RETURN_FIRE', 'HOLD_FIRE'],
    // TC-10 the side shot at may fire back inside the shooter's activation.
    actionSides,
    actions: (s, { scenario, table }) => cardsActions(s, scenario, table),
    act: actCards,
    // TC-9 the owner of a unit hit chooses who falls.
    pendingDecision: (s, { scenario }) => pendingCards(s, scenario),
    answerTypes: ['ALLOCATE_HIT', 'RALLY'],
    answer: answerCards,
    evolve: evolveCards,
    victory: (s: CardsState, { scenario }) => cardsVictory(s, scenario),
  },
};

const RULES = [
  { id: 'TC-1', title: 'The deck', text: 'Each turn every unit on the table has a card; each card gets a d6 and the deck is drawn highest first.' },
  { id: 'TC-2', title: 'A card drawn', text: 'The card\'s unit acts, passes, or goes ready; a card whose unit is gone or has acted is spent.' },
  { id: 'TC-3', title: 'Actions', text: 'An acting unit holds, or shoots at an enemy unit within 30 cm (a d6 a figure, hitting on 4+), or moves up to 10 cm and then may shoot; a hold or a shot ends the activation, and the unit may end it after moving.' },
  { id: 'TC-4', title: 'Command', text: 'A leader\'s card may instead command a squad within 15 cm, which then acts on it.' },
  { id: 'TC-5', title: 'Shaken', text: 'A unit hit is shaken; offered its activation it first tests its nerve: 4+ steadies it, else the activation is spent.' },
  { id: 'TC-6', title: 'Readiness', text: 'A squad may go ready on its card and act after any later activation; if both sides declare, a d6 roll-off sets the order.' },
  { id: 'TC-7', title: 'The end', text: 'The game ends when a side has nothing left or after the last turn; more figures standing wins.' },
  { id: 'TC-8', title: 'Pinned', text: 'A unit hit twice by one shot is also pinned: offered its activation (after any nerve test) it tries to get up, 3+ on a d6; else the activation is spent. The pin is gone either way.' },
  { id: 'TC-9', title: 'Who falls', text: 'Fewer hits than the unit hit has men: its owner chooses, a hit at a time, which man falls; as many or more: all fall.' },
  { id: 'TC-10', title: 'Return fire', text: 'A unit shot at and not pinned by it may at once fire back at the shooter, a d6 a man hitting on 5+ (TC-9 for who falls), or hold its fire; the shooter\'s activation ends after.' },
  { id: 'TC-11', title: 'Rally', text: 'At the end of the turn each side with a shaken unit chooses one of them that rallies (no longer shaken), or none.' },
  { id: 'TC-12', title: 'Snipers', text: 'From the second turn, as the turn opens and before the deal, each side rolls a d6: on a 6 its sniper hits the enemy unit with the most men (TC-9 for who falls).' },
];

const hud = {
  describe: describeCards,
  log: cardsLog,
  rules: () => RULES,
  moveCommand: () => undefined,
  contactedEnemy: () => undefined,
  dragAsCharge: () => undefined,
};

export const toycardsModule = {
  sequence,
  name: 'Toy cards (card-driven)',
  phase: cardsPhase,
  // The turn the log's lines are labelled with (`cli play`).
  turnOf: (s: CardsState) => s.seq.round,
  hud,
  measure: 'cm' as const,
  dice: { sides: [6] },
  sightPoints: [{ name: 'centre', fraction: 0.5 }],
  validateScenarioData: validateCardsScenario,
  player: cardsPlayer,
};
