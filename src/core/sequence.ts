// A ruleset whose sequence the flow machines own (src/flow/sequence-machines.ts): the ruleset gives
// its table rules and, per step of a neutral turn model, pure guards and resolutions; the machine
// holds round, initiative, who acts, which units acted and the phase, and hands the rules and the HUD
// a read-only snapshot of it. Plain types here so that a ruleset types its parts where it writes them.
import type { Dice } from './dice';
import type { OptionChoice } from './option-choice';
import type { Command, GameEvent, PendingDecision, VictoryResult } from './play-view-types';

/**
 * The machine's step: a setup stage before the first round (`setup`; `stageOver` between a stage's
 * last command and the next stage's start, inside one command's events), between rounds, the initiative's winner choosing who acts first, a side picks a unit, a unit (or a side's phase) acts, the round's
 * end, the game's end; and in the card-driven model a card to draw, a forced step awaiting its roll,
 * the unit offered deciding, a readiness window open, a turn's start or end awaiting decisions its hook raised,
 * a close-combat exchange under way (its step: `exchange`).
 */
/** How the next unit to act is chosen: a card drawn, initiative and alternate picks, the phasing player. */
export type ActivationModel = 'cards' | 'alternating' | 'igougo';

export type SequenceStep = 'setup' | 'stageOver' | 'between' | 'first' | 'pick' | 'activation' | 'phase' | 'end' | 'over' | 'draw' | 'forced' | 'offer' | 'window' | 'opening' | 'closing' | 'exchange';

/** Cards: how the unit offered (or acting) came to it: its card drawn, a command, its readiness used. */
export type OfferVia = 'card' | 'command' | 'readiness';

/** Cards: a readiness window between activations: the sides still to declare, and each side's declared unit (null: none). */
export interface ReadinessWindow {
  readonly pending: readonly string[];
  readonly declared: Readonly<Record<string, string | null>>;
}

/** Where the sequence stands, as the machine gives it: read-only to the rules, the HUD and the player. */
export interface SequenceView {
  readonly step: SequenceStep;
  /** The round (or game turn) on, or the last one between rounds; 0 before the first. */
  readonly round: number;
  /** The round after which the game ends. */
  readonly lastRound: number;
  /** The sides, in the scenario's order. */
  readonly sides: readonly string[];
  /** The side to act (picking, acting, in its phase); null between rounds and at a round's end. */
  readonly side: string | null;
  /** Alternating: the side that acts first this round (while the initiative's winner chooses, the winner). */
  readonly first: string | null;
  /** Alternating: the unit acting now. */
  readonly unit: string | null;
  /** Alternating: the units acting with `unit` in its activation (`activationUnits`); absent when it acts alone. */
  readonly together?: readonly string[];
  /** Units that have acted: this round (alternating) or this phase (phases). */
  readonly acted: readonly string[];
  /** Phases: the phase on (one of the program's phases). */
  readonly phase: string | null;
  /** Phases: the sides that have played their turn this game turn. */
  readonly played: readonly string[];
  // The card-driven model's own (absent from the other models' views).
  /** Cards: the cards left in the deck, top first. */
  readonly deck?: readonly string[];
  /** Cards: the cards drawn this turn, in order (spent ones included). */
  readonly drawn?: readonly string[];
  /** Cards: how the unit offered or acting came to it (null when none is). */
  readonly via?: OfferVia | null;
  /** Cards: the unit whose command brought the unit offered (via 'command'). */
  readonly by?: string | null;
  /** Cards: the forced step awaited (one of the program's `forcedSteps`), or null. */
  readonly forced?: string | null;
  /** Cards: units that went into readiness this turn and have not used it. */
  readonly ready?: readonly string[];
  /** Cards: the readiness window open now, or null. */
  readonly readiness?: ReadinessWindow | null;
  /** Cards: ready units to act next, in the roll-off's order. */
  readonly queue?: readonly string[];
  /** Cards: the action commands the acting unit has taken in this activation, in order. */
  readonly taken?: readonly string[];
  /** Cards: the step of the close-combat exchange on (one of the program's `exchange.steps`); absent outside one. */
  readonly exchange?: string;
  /** Setup: the stage on (one of the program's `setup.stages`); absent once the setup is over, or without one. */
  readonly setup?: string;
}

/** The card-driven model's view: every cards field present. */
export type CardsView = SequenceView & Required<Pick<SequenceView, 'deck' | 'drawn' | 'via' | 'by' | 'forced' | 'ready' | 'readiness' | 'queue' | 'taken'>>;

/** A game state of a sequenced ruleset: the rules' table data and the machine's sequence. */
export interface Sequenced<T> {
  readonly table: T;
  readonly seq: SequenceView;
}

/** A step's resolution: the events it leads to, or the rules' refusal. */
export type Resolution = { ok: true; events: GameEvent[] } | { ok: false; reason: string; rule?: string };

/** What the rules read besides the state (`Sc`: the scenario, `Q`: the table's queries). */
export interface SequenceCtx<Sc, Q> {
  scenario: Sc;
  table: Q;
}

/** The rules of the table, without any sequence: units, positions, damage, and the actions a unit or a phasing side takes. */
export interface TableRules<T, Sc, Q> {
  readonly id: string;
  readonly version: string;
  validateScenario(scenario: Sc): Array<{ path: string; message: string }>;
  setup(scenario: Sc, ctx: { table: Q }): T;
  /** The action commands the acting unit (or the phasing side, in its phase) may give now, each with its side. */
  actions(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q>): Command[];
  /**
   * Cards: the sides with an action due in the activation now, read from the table (a charge's
   * defensive fire: the charged side's); absent: the acting unit's. The legal actions carry these sides.
   */
  actionSides?(s: Sequenced<T>): readonly string[];
  /** The command types of the actions (the machine's acting step takes these). */
  readonly actionTypes: readonly string[];
  /** An action resolved: its events (dice rolled through `dice`), or the refusal. */
  act(s: Sequenced<T>, command: Command, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): Resolution;
  /**
   * The choice the game waits for from one side (often not the side acting), read from the table, in
   * every model: it pre-empts the machine's step (its options are then the legal commands, its side
   * the only one heard) until answered; the step's closing event (an activation's end) waits for the
   * last answer.
   */
  pendingDecision?(s: Sequenced<T>, ctx: { scenario: Sc }): PendingDecision | undefined;
  /** The command types that answer decisions. */
  readonly answerTypes?: readonly string[];
  /**
   * An answer resolved (dice through `dice`). Apart from `act`: an answer is no action of the
   * activation (the acting unit does not spend it, another side sends it, any step may await it).
   */
  answer?(s: Sequenced<T>, command: Command, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): Resolution;
  /**
   * One event folded into the table: the rules' own; in the card-driven model the machine's too (the
   * sequence is the machine's to fold, but the table may follow an activation's start or a turn's end).
   */
  evolve(table: T, event: GameEvent): T;
  victory(s: Sequenced<T>, ctx: { scenario: Sc }): VictoryResult | undefined;
  /**
   * Commands a side may give at any moment (a surrender), in every step, even inside another side's
   * activation or while a decision is open: `legal` lists those of a side now (none: not now), and
   * `resolve` gives their events, the rules' own; the game's end is then the rules' `victory`.
   */
  readonly anytime?: AnytimeCommands<T, Sc, Q>;
  /**
   * Earlier forms of this game's state a save may have hashed (a table that held a field since gone or
   * lacked one since added, alone or with the machine's sequence); none when absent.
   */
  savedForms?(s: Sequenced<T>): readonly unknown[];
  /**
   * The scenario as the table now stands (terrain placed during play, tags agreed): the game's table
   * is rebuilt from it when it changes. Return the scenario itself while nothing changed it (the same
   * object: no rebuild is looked for). Absent: the table is the scenario's, fixed for the game.
   */
  tableScenario?(table: T, scenario: Sc): Sc;
  /** What the players may choose for this scenario when a game starts (optional rules, readings, house values); none when absent. */
  optionChoices?(scenario: Sc): OptionChoice[];
  /** The scenario as played with these options, or their problems (paths under the options); identity when absent. */
  applyOptions?(scenario: Sc, options: ChosenOptions): { scenario: Sc; issues: Array<{ path: string; message: string }> };
}

/** TableRules.anytime: the command types a side may give at any moment, its legal ones now, their resolution. */
export interface AnytimeCommands<T, Sc, Q> {
  readonly types: readonly string[];
  /** The rule that allows them (refusals and the sides heard cite it). */
  readonly rule: string;
  legal(s: Sequenced<T>, side: string): Command[];
  resolve(s: Sequenced<T>, command: Command, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): Resolution;
}

/** The options chosen when a game starts, as the game layer keeps them (its GameOptions: rule ids, readings, house values by name). */
export interface ChosenOptions {
  readonly rules?: Readonly<Record<string, boolean>>;
  readonly readings?: Readonly<Record<string, string>>;
  readonly house?: Readonly<Record<string, string>>;
}

/** What every model asks of the ruleset: its table rules, its words for the sequence's commands, the rule ids the steps cite. */
interface ProgramBase<T, Sc, Q> {
  readonly rules: TableRules<T, Sc, Q>;
  /** Guard: the units of a side that could act at all (on the table, able): the machine leaves out those that acted. */
  units(table: T, side: string): string[];
  /** The round after which the game ends (read once, at setup). */
  lastRound(scenario: Sc): number;
  /** Guard: is the game decided on the table (a side has nothing left, the rules' verdict)? The machine then ends it at once. */
  won(table: T, sides: readonly string[]): boolean;
  /** The word for a round in the log ("Round", "Turn"). */
  readonly roundWord: string;
  /**
   * Setup before the first round (terrain placed, forces deployed, who starts): its stages for a
   * scenario, in order, run by the machine before `between`. Without it, or with no stage, the game
   * starts between rounds. Not in the card-driven model.
   */
  readonly setup?: SetupProgram<T, Sc, Q>;
}

/** ProgramBase.setup: the command types of every stage (their role is `setup`), and a scenario's stages. */
export interface SetupProgram<T, Sc, Q> {
  readonly types: readonly string[];
  /** The stages of this scenario's setup, in order (read once per scenario object). */
  stages(scenario: Sc): readonly SetupStage<T, Sc, Q>[];
}

/**
 * One stage of a setup. `roll`: one command any side may send (dice for who places first); `choose`:
 * one command from `side` (the roll's winner picks an edge); `alternate`: the sides take turns, one
 * command each (a terrain piece, a unit deployed), starting with `side`; after each the other side
 * goes if it has anything `left`, else the same side goes on; the stage ends when neither has anything left.
 */
export interface SetupStage<T, Sc = unknown, Q = unknown> {
  /** Its name: the sequence's `setup` while it is on (no '.'). */
  readonly name: string;
  readonly rule: string;
  readonly kind: 'roll' | 'choose' | 'alternate';
  /** What the stage awaits, in players' words, without side names ("place a terrain piece"). */
  readonly title: string;
  /** The side to send its first command, read from the table as the stages before left it; null: any side (a roll). */
  side(s: Sequenced<T>): string | null;
  /** The stage's commands a side may send now. */
  legal(s: Sequenced<T>, side: string, ctx: SequenceCtx<Sc, Q>): Command[];
  /** A command of the stage resolved (dice through `dice`): its table events, or the refusal. */
  resolve(s: Sequenced<T>, command: Command, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): Resolution;
  /** `alternate`: how many commands a side has still to give in this stage (pieces left to place, units to deploy), read from the table. */
  left?(table: T, side: string): number;
}

/** Initiative each round, then the sides alternate, one unit's activation each; a side with no unit left lets the other act on. */
export interface AlternatingProgram<T, Sc = unknown, Q = unknown> extends ProgramBase<T, Sc, Q> {
  readonly model: 'alternating';
  /**
   * The commands of the sequence's steps, in the ruleset's words; `first`: the initiative winner's
   * choice (field `choice`: 'act' to act first, 'pass' to hand the first activation over), needed when
   * `initiative` lets the winner choose.
   */
  readonly commands: { readonly begin: string; readonly select: string; readonly end: string; readonly first?: string };
  /** The rules each step cites: initiative, the alternate picks, the round's end, the winner's choice (else `begin`'s). */
  readonly rule: { readonly begin: string; readonly select: string; readonly end: string; readonly first?: string };
  /**
   * Resolution of a round's start: the dice rolled for initiative and the log's line, with the side
   * that acts first, or the winner who then chooses (`commands.first`) to act first or hand it over.
   */
  initiative(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): InitiativeResolution;
  /**
   * The units that activate together when this select command is taken, the one selected first (a
   * vehicle and the squad beside it): all count as acted once the activation is over, and the actions
   * of each are taken in it. Without it the unit acts alone.
   */
  activationUnits?(s: Sequenced<T>, select: Command): string[];
  /**
   * Guard, asked after each action of an activation and after the last answer to a decision it raised
   * (`s`: the state then): is the activation over? Without it the activation ends with its one action
   * (or that action's last answer).
   */
  activationOver?(s: Sequenced<T>): boolean;
}

/** Alternating: a round's initiative: the side acting first, or the winner who chooses. */
export type InitiativeResolution = { first: string; text: string } | { winner: string; text: string; choose: true };

/** You go, I go: each side in turn plays the phases in order; after every side, the game turn ends. */
export interface PhasesProgram<T, Sc = unknown, Q = unknown> extends ProgramBase<T, Sc, Q> {
  readonly model: 'phases';
  /** The phases of a side's turn, in order (the machine's states). */
  readonly phases: readonly string[];
  readonly commands: { readonly begin: string; readonly endPhase: string; readonly end: string };
  /** The rules each step cites: the sides' order and phases, the turn's end. */
  readonly rule: { readonly begin: string; readonly endPhase: string; readonly end: string };
}

/** A forced step's resolution: its events, and whether the unit goes on to decide its activation (else the activation is spent). */
export type ForcedResolution = { ok: true; events: GameEvent[]; goesOn: boolean } | { ok: false; reason: string; rule?: string };

/**
 * Card-driven activation: each turn a deck (one card a unit or a leader) is built and shuffled; cards
 * are drawn one by one; the unit a card offers may first face a forced step (a test awaiting a roll),
 * then decides: act (its actions), pass, go into readiness, or — a leader — command another unit, which
 * is then offered. After an activation a readiness window may open: the sides with ready units declare
 * one (or none), a roll-off orders them, and they act before the next card. The turn ends when the deck
 * is empty and nobody is queued; after the last turn the game is over.
 */
export interface CardsProgram<T, Sc = unknown, Q = unknown> extends ProgramBase<T, Sc, Q> {
  readonly model: 'cards';
  readonly commands: {
    readonly begin: string; readonly draw: string; readonly activate: string; readonly pass: string;
    readonly command: string; readonly ready: string; readonly resolve: string; readonly declare: string; readonly end: string;
    /** Ends the activation early (legal whenever the acting unit's side is the one to act in it). */
    readonly endActivation: string;
  };
  /**
   * The fields of its `command` command, so its saved commands keep their shape: the leader offered
   * (`unit`) and the unit he commands (`target`); the machine's own are `unitId` and `target`.
   */
  readonly commandFields?: { readonly unit: string; readonly target: string };
  /** The rules each step cites. */
  readonly rule: {
    readonly begin: string; readonly draw: string; readonly activate: string; readonly command: string;
    readonly ready: string; readonly readiness: string; readonly end: string;
  };
  /** The names of the forced steps (the machine's `forced` holds one). */
  readonly forcedSteps: readonly string[];
  /**
   * A close-combat exchange: a forced step the machine runs as nested states, one per step the ruleset
   * names, instead of asking `resolveForced`. Without it every forced step is resolved whole.
   */
  readonly exchange?: ExchangeProgram<T, Sc, Q>;
  /**
   * A game that opens inside a turn (a scenario's starting states): the sequence it starts in, read
   * from the scenario and the table as set up (its round, the deck left, the cards drawn, who acted or
   * waits ready); undefined, or without it, the game starts before its first turn.
   */
  opensAt?(table: T, scenario: Sc): OpeningSequence | undefined;
  /** Resolution of a turn's start: the new deck, built and shuffled with the dice, top first, and the log's line. */
  deal(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): { deck: string[]; text: string };
  /**
   * Resolution at a turn's start, before the deal (the turn to open is `seq.round + 1`; a preparation
   * barrage): its events; a decision they raise holds the deal back until its last answer.
   */
  turnStart?(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): GameEvent[];
  /** Resolution at a turn's end (the wounded carried back): its events; a decision they raise holds the turn's end back until its last answer. */
  turnEnd?(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): GameEvent[];
  /** Resolution of a card drawn: the unit it offers its activation, or null (a spent card), and the log's line. */
  card(s: Sequenced<T>, card: string, ctx: SequenceCtx<Sc, Q>): { unit: string | null; text: string; rule?: string };
  /** The side a unit belongs to. */
  sideOf(table: T, unit: string): string;
  /**
   * Guard, asked after every action of an activation (the state as the action left it, `seq.taken`
   * listing the actions so far): is the activation over (its actions used, the unit gone or routed)?
   */
  activationOver(s: Sequenced<T>, unit: string): boolean;
  /**
   * Guard: the forced step the unit offered must face before it decides (one of `forcedSteps`), or null;
   * asked again after each step the unit goes on from, so a step must change what this reads. `s`: the
   * table and the machine's sequence as it stands (the unit offered).
   */
  forced(s: Sequenced<T>, unit: string): string | null;
  /**
   * Resolution of a forced step (dice through `dice`). When its events raise a decision (a melee
   * round's wounds, chosen by their owners) the step waits for the last answer, then `forcedGoesOn` says.
   * When its events hold the machine's activate event (the step starts the activation: a unit locked
   * in a fight, a rout) the activation goes on from there, ended by `activationOver` or its end command.
   */
  resolveForced(s: Sequenced<T>, step: string, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): ForcedResolution;
  /** After a forced step's decisions are answered (`s`: the state then): does the unit go on to decide? Without it the activation is spent. */
  forcedGoesOn?(s: Sequenced<T>, step: string): boolean;
  /**
   * Guard: the units the offered unit may command (a leader's; none for others). With the
   * battlefield's `queries` (the legal list, a command's resolution) the exact answer, measured; the
   * machine's own guard, folding events, has none: then those it may command short of a measure.
   * `s`: the table and the machine's sequence as it stands (the leader offered).
   */
  commandable(s: Sequenced<T>, unit: string, queries?: Q): string[];
  /**
   * The units that act together on the offered unit's card when it activates with this command, it
   * first (a leader going with the group he is with, a half on its parent's card): all count as having
   * acted from then on (their own cards are spent). Without it the unit acts alone.
   */
  activationUnits?(s: Sequenced<T>, command: Command): string[];
  /**
   * The activate commands the unit offered may send (its words: a joined leader going with his group
   * or leaving it …); only these are taken. Without it one: `{ type, side, unitId }`.
   */
  activateOptions?(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q>): Command[];
  /**
   * Why an activate command that is none of `activateOptions` is refused, in the rules' words (K-7.1c a
   * pinned unit may only shoot …); without it, or undefined, the model's own words.
   */
  activateRefusal?(s: Sequenced<T>, command: Command, ctx: SequenceCtx<Sc, Q>): { reason: string; rule?: string } | undefined;
  /**
   * Resolution of the activate command once the unit is activated (`s`: the state after the machine's
   * activate event): the table's events of the activation's start (the action it chose), or the
   * refusal. The rules' guard `activationOver` is then asked (an action with nothing to do ends it at once).
   */
  activated?(s: Sequenced<T>, command: Command, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): Resolution;
  /**
   * Guard: may this ready unit still use its readiness now (asked besides its being on the table and
   * not having acted)? A window opens only for sides with such a unit; a queued unit that no longer may
   * is passed over. Without it every such ready unit may.
   */
  mayUseReadiness?(table: T, unit: string): boolean;
  /**
   * A table event's mark on the sequence (`table`: the state before it): the units whose activation it
   * spends outside their own (a rout that counts as the unit's activation: they count as acted) and
   * those it takes out of readiness (charged into a melee, routed, gone). Without it none.
   */
  tableEffects?(table: T, event: GameEvent): TableEffects | undefined;
  /**
   * Guard: may the acting side end the activation now (no step of the activation's own awaited, a
   * charge's test …)? Without it, whenever no other side's action is due.
   */
  mayEndActivation?(s: Sequenced<T>): boolean;
  /**
   * The units whose actions the activation now takes (the acting unit, those acting on its card with
   * it, a half split off it during the activation); without it the acting unit alone.
   */
  actingUnits?(s: Sequenced<T>): readonly string[];
  /**
   * What the game waits for from the side(s) to act now, in the ruleset's words and without side names
   * (a refusal of another side's command gives it), and the rule that says so; undefined: the model's own.
   */
  awaiting?(s: Sequenced<T>): { awaiting: string; rule?: string } | undefined;
  /** Guard: may the unit offered go into readiness instead of acting (only on its own card)? `s`: the table and the machine's sequence as it stands. */
  mayReady(s: Sequenced<T>, unit: string): boolean;
  /**
   * Its own words on a machine event about to be logged (`s`: the state before it): fields added to
   * it (its text, its rule, fields its own readers want; the machine's own fields stay the machine's),
   * and table lines logged just before it (a ruleset writing more lines than the machine has events).
   */
  dress?(role: CardsEventRole, event: GameEvent, s: Sequenced<T>, ctx: SequenceCtx<Sc, Q>, command: Command): { fields?: Readonly<Record<string, unknown>>; before?: GameEvent[] } | undefined;
  /**
   * Table lines logged just after a machine event (`s`: the state after it, `prev`: before it): what
   * the step led to in the ruleset's words (a card spent, a unit offered, a readiness window opened).
   */
  follow?(role: CardsEventRole, event: GameEvent, s: Sequenced<T>, prev: Sequenced<T>, ctx: SequenceCtx<Sc, Q>, command: Command): GameEvent[];
  /**
   * Table lines after every command's events (`s`: the state after them, `events` the command's so
   * far): the checks that close each decision in the ruleset (a scenario's hidden units revealed, a
   * verdict reached by any command).
   */
  settle?(s: Sequenced<T>, command: Command, events: readonly GameEvent[], ctx: SequenceCtx<Sc, Q>): GameEvent[];
  /**
   * The machine logs no event of its own per action (the table keeps the activation's progress, and
   * `seq.taken` stays empty); the rules' guard `activationOver` is still asked after each action.
   */
  readonly quietActions?: boolean;
  /**
   * Its words for the machine's events (the log's event types), as `commands` are for its commands;
   * those not named keep the machine's own (src/flow's SEQUENCE_EVENTS.cards).
   */
  readonly events?: Partial<Record<CardsEventRole, string>>;
  /**
   * Resolution of a readiness window's roll-off among the sides that declared a unit (dice through
   * `dice`): their order, the log's line; `rounds`, when given, each round of dice (a tie re-rolled)
   * logged as its own event with its rolls, before the window closes.
   */
  rollOff(sides: readonly string[], ctx: SequenceCtx<Sc, Q> & { dice: Dice }): { order: string[]; text: string; rounds?: readonly RollOffRound[] };
}

/**
 * Cards: a close-combat exchange, run by the machine as nested states inside the forced step it is
 * (`forced`). Its steps come in order; each is taken when its guard `due` holds on the state the
 * steps before it left, resolved by its pure `resolve`, and skipped otherwise (a round's outcome
 * ending the exchange leaves the later steps not due). A decision a step's events raise holds the
 * exchange at that step until its last answer; then the steps after it go on. The exchange ends with
 * the forced step's resolved event (`forcedGoesOn` says whether the unit then decides), unless a step
 * ended the unit's activation itself (the activate and acted events in its resolution).
 */
export interface ExchangeProgram<T, Sc = unknown, Q = unknown> {
  /** The forced step that is the exchange (one of `forcedSteps`). */
  readonly forced: string;
  /** Its steps, in order (the machine's nested states). */
  readonly steps: readonly ExchangeStep<T, Sc, Q>[];
  /**
   * Guard: inside an activation, does this command of it start the exchange (a charge's first round,
   * fought in the charger's activation)? Its steps then run as after the forced step, and end the
   * activation (its acted event); where none does, the forced step's end closes it, the activation
   * spent. Without it the exchange is the forced step's alone.
   */
  opens?(s: Sequenced<T>, command: Command): boolean;
  /** What the exchange awaits at its step (`seq.exchange`), in the ruleset's words (a refusal gives them); without it the model's. */
  awaiting?(s: Sequenced<T>): string;
}

/** One step of a close-combat exchange: its name, the rule it resolves, its guard and its resolution. */
export interface ExchangeStep<T, Sc = unknown, Q = unknown> {
  readonly name: string;
  readonly rule: string;
  /** Guard: is the step due on this state (else the exchange goes on to the next)? */
  due(s: Sequenced<T>): boolean;
  /** Resolution (dice through `dice`): its events, at least one when due (the first marks the step in the log), or the refusal. */
  resolve(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): Resolution;
}

/**
 * Cards: where a game opening inside a turn starts (CardsProgram.opensAt): the deck's next card is drawn
 * first, or the turn ends when none is left; `between`: the game opens after turn `round`, before the next.
 */
export interface OpeningSequence {
  readonly round: number;
  readonly between?: boolean;
  readonly deck: readonly string[];
  readonly drawn: readonly string[];
  readonly acted: readonly string[];
  readonly ready: readonly string[];
}

/** Cards: what a table event changes in the sequence (CardsProgram.tableEffects). */
export interface TableEffects {
  readonly acted?: readonly string[];
  readonly unready?: readonly string[];
}

/** The events of the cards machine, by role (a program may name them: `CardsProgram.events`). */
export type CardsEventRole = 'begin' | 'draw' | 'resolved' | 'activate' | 'pass' | 'ready' | 'command' | 'action' | 'acted' | 'declare' | 'rolled' | 'close' | 'end' | 'opening' | 'closing';

/** One round of a readiness roll-off: each side's die, and the log's line (a tie, or who goes first). */
export interface RollOffRound {
  readonly rolls: ReadonlyArray<{ readonly side: string; readonly value: number }>;
  readonly text: string;
}

export type SequenceProgram<T, Sc = unknown, Q = unknown> = AlternatingProgram<T, Sc, Q> | PhasesProgram<T, Sc, Q> | CardsProgram<T, Sc, Q>;
