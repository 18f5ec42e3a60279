// Kuularuisku's cards program as one object (CardsProgram): its words for the machine's commands and
// events, its guards and resolutions (program.ts), its lines around the machine's events (words.ts).
// It is Kuularuisku's sequence (the module's `sequence`); its actions and answers still go through the
// rules' own decide (ruleset.ts), which read the machine's sequence (reading.ts's rulesTable). The roles words.ts does not map keep the machine's words (program.ts).
import type { CardsProgram, Command, Dice, GameEvent, Resolution, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { KState } from '../state';
import { ACTION_TYPES } from '../actions';
import { FLOW_COMMAND_TYPES } from '../activation/commands';
import { FORCED_STEPS } from '../flow-types';
import { kuularuiskuRuleset } from '../ruleset';
import { card, commandable, deal, forced, lastRound, mayReady, mayUseReadiness, resolveForced, rollOff, sideOf, tableEffects, turnEnd, turnStart, units, won, type KSequenced } from './program';
import { actionChosen, dress, follow, offerOf, settle } from './words';
import { meleeExchange } from './exchange';
import { rulesState, rulesTable } from './reading';
import { activationUnits } from '../activation/offer';
import { phaseOf } from '../activation/phase';
import { actingUnits } from '../activation/legal';

/** The owners' answers (F6 choices): no action of the activation. */
const ANSWERS = ['ALLOCATE_WOUNDS', 'MEDIC_REROLL', 'TAKE_OVER', 'LEADER_DIVE', 'EVACUATION_MOVE', 'ESCORT_RETURN'];
/** The soldiers' actions, the charged side's (defensive fire, grenades), a charge's steps awaiting a roll (RESOLVE inside the activation). */
const ACTIONS = [...ACTION_TYPES, 'DEFENSIVE_FIRE', 'GRENADES', 'RESOLVE'];
/**
 * Of the rules' own commands, those the machine offers as the activation's actions: a charge's step
 * awaiting its roll (RESOLVE, K-6.2) among them; the owners' answers come as the pending decision's options.
 */
const isAction = (c: Command) => !FLOW_COMMAND_TYPES.has(c.type) || c.type === 'DEFENSIVE_FIRE' || c.type === 'GRENADES' || c.type === 'RESOLVE';

/**
 * The rules' own decision (an action, an answer), its events with the fields the machine reads on those
 * that are its events too: a deck shuffled after the barrage's last answer opens the turn (`round`, `deck`);
 * a turn ended by the evacuation's last answer lapses its unused readiness (`lapsed`, K-GAP-2).
 */
function decided(s: KSequenced, c: Command, ctx: Parameters<typeof kuularuiskuRuleset.decide>[2]): Resolution {
  const d = kuularuiskuRuleset.decide(rulesTable(s), c as never, ctx);
  if (!d.ok) return d;
  return { ok: true, events: (d.events as GameEvent[]).map(machineFields) };
}

/** Dice for asking the rules why a command is refused: a refusal rolls none. */
const NO_DICE: Dice = {
  roll: () => {
    throw new Error('asking why an activation is refused rolled a die');
  },
  rolls: [],
};

function machineFields(e: GameEvent): GameEvent {
  if (e.type === 'DECK_SHUFFLED') return { ...e, round: e.turn, deck: e.order };
  if (e.type === 'TURN_ENDED') return { ...e, lapsed: e.expiredReadiness };
  return e;
}

export const kuularuiskuSequence: CardsProgram<KState, Scenario, TableQueries> = {
  model: 'cards',
  commands: { begin: 'BEGIN_TURN', draw: 'DRAW_CARD', activate: 'ACTIVATE', pass: 'PASS', command: 'COMMAND', ready: 'READY', resolve: 'RESOLVE', declare: 'READINESS', end: 'END_TURN', endActivation: 'END_ACTIVATION' },
  commandFields: { unit: 'leaderId', target: 'unitId' },
  rule: { begin: 'K-2.1b', draw: 'K-2.1b', activate: 'K-2.1b', command: 'K-2.2a', ready: 'K-2.3a', readiness: 'K-2.3b', end: 'K-TERM-9' },
  events: {
    begin: 'DECK_SHUFFLED', draw: 'CARD_DRAWN', resolved: 'STEP_DONE', activate: 'ACTIVATION_STARTED', pass: 'ACTIVATION_ENDED', ready: 'READINESS_ENTERED',
    command: 'COMMAND_ISSUED', acted: 'ACTIVATION_ENDED', declare: 'READINESS_DECLARED', rolled: 'READINESS_ROLL_OFF', close: 'WINDOW_CLOSED', end: 'TURN_ENDED',
    // An owner's choice raised by the turn's start (the barrage) or end (the evacuation) is the opening or closing step.
    opening: 'CHOICE_PENDING',
    closing: 'CHOICE_PENDING',
  },
  turnStart: (s, ctx) => turnStart(rulesState(s as KSequenced), ctx),
  turnEnd: (s, ctx) => turnEnd(rulesState(s as KSequenced), ctx),
  roundWord: 'Turn',
  forcedSteps: FORCED_STEPS,
  // K-6.3a, K-6.4, K-6.5a a unit in melee offered its activation fights a round: the machine runs its steps (exchange.ts).
  exchange: meleeExchange,
  // K-2.1b a scenario opening inside a turn (rules.start.deck): the turn begun, its deck, the cards drawn, who acted or waits ready;
  // K-GAP-1 one opening at a later turn without a deck (rules.start.turn) starts between turns, after the turn before it.
  opensAt: (t) => (t.seq.turnOpen ? { round: t.seq.round, deck: t.seq.deck, drawn: t.seq.drawn, acted: t.seq.acted, ready: t.seq.ready }
    : t.seq.round > 0 ? { round: t.seq.round, deck: [], drawn: [], acted: [], ready: [], between: true } : undefined),
  quietActions: true,
  units,
  lastRound,
  won,
  deal: (s, ctx) => deal(rulesState(s as KSequenced), ctx),
  card: (s, drawn) => card(rulesState(s as KSequenced), drawn),
  sideOf,
  // K-2.4: the activation ends with END_ACTIVATION, at once for K-GAP-4's special action (a charge that comes to no melee ends it in the rules; its first round is the exchange, whose last step ends it).
  activationOver: (s) => s.table.activation?.action === 'special',
  // K-2.1b the units acting on the card (K-2.2d/e a joined leader's group, K-AMB-2 a covering half), the offered one first.
  activationUnits: (s, c) => {
    const units = activationUnits(rulesTable(s as KSequenced), offerOf(rulesState(s as KSequenced)), c.leaders === 'leave' ? 'leave' : 'with').units;
    return [s.seq.unit!, ...units.filter((u) => u !== s.seq.unit)];
  },
  // K-2.4, K-2.2e the actions (and choices of joined leaders) the rules allow the unit offered: their own list at an offer.
  activateOptions: (s, ctx) => (kuularuiskuRuleset.legalCommands(rulesTable(s as KSequenced), ctx) as Command[]).filter((c) => c.type === 'ACTIVATE'),
  // The rules' reason for an activation they do not offer (K-7.1c pinned, K-1.0c out of formation …); no dice are rolled to refuse.
  activateRefusal: (s, c, ctx) => {
    const d = kuularuiskuRuleset.decide(rulesTable(s as KSequenced), c as never, { ...ctx, dice: NO_DICE });
    return d.ok ? undefined : { reason: d.reason, ...(d.rule ? { rule: d.rule } : {}) };
  },
  activated: (s, c) => ({ ok: true, events: actionChosen(rulesState(s as KSequenced), c) }),
  // The guards read the machine's sequence (reading.ts), the table's records.
  forced: (s, unit) => forced(rulesTable(s as KSequenced), unit),
  resolveForced: (s, step, ctx) => resolveForced(rulesState(s as KSequenced), step, ctx),
  commandable: (s, unit, queries) => commandable(rulesTable(s as KSequenced), unit, queries),
  mayReady: (s, unit) => mayReady(rulesTable(s as KSequenced), unit),
  // K-2.4 the activation may end only between its actions (not while a charge's step awaits its roll or a side's choice).
  mayEndActivation: (s) => phaseOf(rulesTable(s as KSequenced)).kind === 'activation',
  // K-2.2d/e, K-1.1 the units acting on the card: a joined leader's group, a covering-fire half split off during it.
  actingUnits: (s) => (s.table.activation ? actingUnits(rulesTable(s as KSequenced)) : []),
  // What the side to act is awaited for, in the rules' words (K-2.1b, K-2.2a, K-2.3b, K-6.2a, K-5.5a …).
  awaiting: (s) => {
    const a = kuularuiskuRuleset.actingSides(rulesTable(s as KSequenced), { type: 'RESOLVE' }, undefined as never);
    return a.awaiting ? { awaiting: a.awaiting, ...(a.rule ? { rule: a.rule } : {}) } : undefined;
  },
  mayUseReadiness,
  tableEffects,
  rollOff: (sides, ctx) => rollOff(sides, ctx),
  dress: (role, e, s, ctx, c) => dress(role, e, rulesState(s as KSequenced), ctx, c),
  follow: (role, e, s, prev, ctx, c) => follow(role, e, rulesState(s as KSequenced), rulesState(prev as KSequenced), ctx, c),
  settle: (s, c, events, ctx) => settle(rulesState(s as KSequenced), c, events, ctx),
  rules: {
    id: kuularuiskuRuleset.id,
    version: kuularuiskuRuleset.version,
    validateScenario: (scenario) => kuularuiskuRuleset.validateScenario(scenario),
    setup: (scenario, ctx) => kuularuiskuRuleset.setup(scenario, ctx),
    actionTypes: ACTIONS,
    // K-6.2a / K-6.6a / K-7.2a inside an activation the side a charge's step awaits (defensive fire, grenades, a test's roll), as the rules read it.
    actionSides: (s) => kuularuiskuRuleset.actingSides(rulesTable(s as KSequenced), { type: 'RESOLVE' }, undefined as never).sides,
    actions: (s, ctx) => (kuularuiskuRuleset.legalCommands(rulesTable(s as KSequenced), ctx) as Command[]).filter(isAction),
    act: (s, c, ctx) => decided(s as KSequenced, c, ctx as never),
    pendingDecision: (s, ctx) => kuularuiskuRuleset.pendingDecision(rulesTable(s as KSequenced), ctx as never),
    answerTypes: ANSWERS,
    answer: (s, c, ctx) => decided(s as KSequenced, c, ctx as never),
    evolve: (t, e) => kuularuiskuRuleset.evolve(t, e as never),
    victory: (s) => kuularuiskuRuleset.victory(rulesTable(s as KSequenced), undefined as never),
    // A save made before the table kept its own turn hashed the table without it.
    savedTableForms: (t) => {
      const { turn: _turn, ...before } = t;
      return [before];
    },
    // Game options (options.ts): the scenario's optional rules, the bite's reading, named house options.
    optionChoices: (scenario) => kuularuiskuRuleset.optionChoices(scenario),
    applyOptions: (scenario, options) => kuularuiskuRuleset.applyOptions(scenario, options),
  },
};
