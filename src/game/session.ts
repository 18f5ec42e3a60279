// A game in progress: dispatch commands through a ruleset with the game's own seeded dice, keep
// the command log and every event, undo what touched no dice, save, and rebuild any past state.
// Game options (chosen at the start) make the scenario that is played: `scenario` is that one,
// `baseScenario` the file as loaded (its hash identifies the game in saves). Every command carries
// its side; one from a side the ruleset says may not act now is refused before the rules see it.
import { SeededDice, hashValue, type Dice } from '../core';
import { withBeatsOnUnits, type Scenario } from '../scenario';
import { GameOptionsError, hasOptions, parseGameOptions, type GameOptions } from './options';
import { sideRefusal, withSideToAct } from './sides';
import type { ActingSides, Command, DiceRolledEvent, GameEvent, PendingDecision, Ruleset, VictoryResult } from './types';

export interface LogEntry<C extends Command = Command, E extends GameEvent = GameEvent> {
  command: C;
  events: Array<E | DiceRolledEvent>;
}

/**
 * A table built for the scenario as played: game options may change the terrain (optional-terrain), so
 * a game whose options are read from a save or a start dialog gets its table once they are applied.
 */
export class TableFor<Q> {
  constructor(readonly build: (played: Scenario) => Q) {}
}

/** Does the scenario as played stand on the file's own table (no terrain switched: the same relief and features)? */
export function sameTable(played: Scenario, base: Scenario): boolean {
  return played.table === base.table && played.relief === base.relief && played.features === base.features;
}

/** A key for the table a scenario builds (size, relief, features): games with equal terrain share one. */
export function tableKey(s: Scenario): string {
  return hashValue({ table: s.table, relief: s.relief ?? null, features: s.features });
}

export interface SessionInit<S, C extends Command, E extends GameEvent, Q> {
  ruleset: Ruleset<S, C, E, Q>;
  scenario: Scenario;
  /** The table's queries, or how to build them for the scenario as played (options applied). */
  table: Q | TableFor<Q>;
  seed: number;
  /** Tests inject dice; otherwise the game's seeded dice are used. */
  dice?: Dice;
  /** What the players chose at the start (checked; the ruleset applies them to the scenario). */
  options?: GameOptions;
  /** Where the options came from, for error messages (default "options"), and their JSON path there (default "$"). */
  optionsSource?: string;
  optionsPath?: string;
}

/** The scenario played with these options (the scenario itself without any); throws GameOptionsError naming the path. */
export function scenarioWithOptions<S, C extends Command, E extends GameEvent, Q>(
  ruleset: Ruleset<S, C, E, Q>, scenario: Scenario, options: GameOptions, where = 'options', base = '$',
): Scenario {
  if (!hasOptions(options)) return scenario;
  if (!ruleset.applyOptions) throw new GameOptionsError(`${where}: ${base}: the ${ruleset.id} ruleset has no game options: expected none`);
  const r = ruleset.applyOptions(scenario, options);
  if (r.issues.length) throw new GameOptionsError(r.issues.map((i) => `${where}: ${[base, i.path].filter(Boolean).join('.')}: ${i.message}`).join('; '));
  // Whatever the ruleset's options leave out, the beats keep to the units played (beats-present.ts).
  return withBeatsOnUnits(r.scenario);
}

/** Scenario hashes per scenario object (scenarios are never changed in place): a new game of the same scenario does not hash it again. */
const SCENARIO_HASHES = new WeakMap<Scenario, string>();

function scenarioHash(scenario: Scenario): string {
  let h = SCENARIO_HASHES.get(scenario);
  if (h === undefined) SCENARIO_HASHES.set(scenario, (h = hashValue(scenario)));
  return h;
}

export class GameSession<S, C extends Command = Command, E extends GameEvent = GameEvent, Q = unknown> {
  readonly ruleset: Ruleset<S, C, E, Q>;
  /** The scenario as played (the file with the game options applied). */
  readonly scenario: Scenario;
  /** The scenario file as loaded, before options. */
  readonly baseScenario: Scenario;
  /** Hash of the file as loaded (saves check it), not of the options' result. */
  readonly scenarioHash: string;
  readonly seed: number;
  /** The options chosen at the start, canonical (empty when none). */
  readonly options: GameOptions;
  /** The table of the scenario as played, before anything is placed on it. */
  private readonly playedTable: Q;
  /** How to build a table for a scenario (absent: the table was given built, and stays). */
  private readonly tableFor?: TableFor<Q>;
  /** Tables built for the terrain placed during play, by tableKey (a piece taken back finds its table again). */
  private readonly placedTables = new Map<string, Q>();
  /** The state the table was last read for, the scenario the rules gave for it, and its table. */
  private tableAt?: S;
  private tableScenarioAt?: Scenario;
  private tableNow?: Q;
  private readonly initial: S;
  private current: S;
  private readonly entries: Array<LogEntry<C, E>> = [];
  /** Seeded-dice state before each entry, so undo can rewind the dice with the state. */
  private readonly diceStates: number[][] = [];
  private dice: SeededDice;
  private readonly injected?: Dice;

  constructor(init: SessionInit<S, C, E, Q>) {
    this.ruleset = init.ruleset;
    this.baseScenario = init.scenario;
    this.scenarioHash = scenarioHash(init.scenario);
    const where = init.optionsSource ?? 'options';
    const base = init.optionsPath ?? '$';
    this.options = parseGameOptions(init.options, where, base);
    this.scenario = scenarioWithOptions(init.ruleset, init.scenario, this.options, where, base);
    this.seed = init.seed;
    if (init.table instanceof TableFor) this.tableFor = init.table as TableFor<Q>;
    this.playedTable = this.tableFor ? this.tableFor.build(this.scenario) : (init.table as Q);
    this.injected = init.dice;
    this.dice = new SeededDice(init.seed);
    this.initial = init.ruleset.setup(this.scenario, { table: this.playedTable });
    this.current = this.initial;
  }

  get state(): S {
    return this.current;
  }

  /** The scenario as the table now stands: the rules' reading of the state (terrain placed during play), else the scenario as played. */
  get tableScenario(): Scenario {
    return this.ruleset.tableScenario ? this.ruleset.tableScenario(this.current, this.scenario) : this.scenario;
  }

  /**
   * The table the game is played on now: built from the scenario as played, and rebuilt (through
   * TableFor, cached by tableKey) when the rules' tableScenario changes with the state. A table given
   * built, or rules without tableScenario, keep the one table all game.
   */
  get table(): Q {
    if (!this.ruleset.tableScenario || !this.tableFor) return this.playedTable;
    if (this.tableAt !== this.current || this.tableNow === undefined) {
      const played = this.ruleset.tableScenario(this.current, this.scenario);
      if (played !== this.tableScenarioAt || this.tableNow === undefined) {
        this.tableScenarioAt = played;
        this.tableNow = played === this.scenario ? this.playedTable : this.placedTable(played);
      }
      this.tableAt = this.current;
    }
    return this.tableNow;
  }

  private placedTable(played: Scenario): Q {
    const key = tableKey(played);
    let t = this.placedTables.get(key);
    if (t === undefined) this.placedTables.set(key, (t = this.tableFor!.build(played)));
    return t;
  }

  get log(): ReadonlyArray<LogEntry<C, E>> {
    return this.entries;
  }

  get events(): Array<E | DiceRolledEvent> {
    return this.entries.flatMap((e) => e.events);
  }

  legalCommands(): C[] {
    return this.ruleset.legalCommands(this.current, { scenario: this.scenario, table: this.table });
  }

  /** The choice the game waits for now from one side (often not the side acting), if any. */
  pendingDecision(): PendingDecision<C> | undefined {
    return this.ruleset.pendingDecision?.(this.current, { scenario: this.scenario, table: this.table });
  }

  victory(): VictoryResult | undefined {
    return this.ruleset.victory(this.current, { scenario: this.scenario });
  }

  /** The sides that may send this command now (the ruleset's answer). */
  actingSides(command: C): ActingSides {
    return this.ruleset.actingSides(this.current, command, { scenario: this.scenario });
  }

  /** The command with the side to act stamped on it when it names none (old saves, players that leave it out). */
  withSideToAct(command: C): C {
    return withSideToAct(this.ruleset, this.current, this.scenario, command);
  }

  /**
   * Apply a command: its events, dice rolls included, are folded into the state. Refusals change
   * nothing — a command without a side, or from a side that may not act now, among them.
   */
  dispatch(command: C): { ok: true; events: Array<E | DiceRolledEvent> } | { ok: false; reason: string; rule?: string } {
    const wrongSide = sideRefusal(this.scenario, command, this.actingSides(command));
    if (wrongSide) return wrongSide;
    const before = this.dice.state();
    const dice = this.injected ?? this.dice;
    const rollsBefore = dice.rolls.length;
    let decision;
    try {
      decision = this.ruleset.decide(this.current, command, { scenario: this.scenario, table: this.table, dice });
    } catch (err) {
      this.dice = new SeededDice(this.seed, before);
      throw err;
    }
    if (!decision.ok) {
      // A refused command must not consume dice: rewind (nothing to rewind when it rolled none).
      if (this.dice.rolls.length !== rollsBefore || this.injected) this.dice = new SeededDice(this.seed, before);
      return decision;
    }
    // Rolls come first: the rule events that follow were decided from them. (One array, filled in
    // place: no slice, map and spread of the two lists per command.)
    const events: Array<E | DiceRolledEvent> = [];
    const all = dice.rolls;
    for (let i = rollsBefore; i < all.length; i++) {
      const roll = all[i]!;
      events.push({ type: 'DICE_ROLLED', roll, rule: roll.rule, text: `${roll.purpose}: d${roll.sides} → ${roll.value}` });
    }
    for (let i = 0; i < decision.events.length; i++) events.push(decision.events[i]!);
    let s = this.current;
    for (const e of events) s = this.ruleset.evolve(s, e);
    this.current = s;
    this.entries.push({ command, events });
    this.diceStates.push(before);
    return { ok: true, events };
  }

  /**
   * Would the rules take this command now? Decided on a copy of the game's dice: nothing is recorded
   * and no die is spent (the machines ask it of a command their step does not take).
   */
  check(command: C): { ok: true } | { ok: false; reason: string; rule?: string } {
    const wrongSide = sideRefusal(this.scenario, command, this.actingSides(command));
    if (wrongSide) return wrongSide;
    // (Scripted dice are left alone: whether a command is taken does not hang on the numbers rolled.)
    const dice = new SeededDice(this.seed, this.dice.state());
    const decision = this.ruleset.decide(this.current, command, { scenario: this.scenario, table: this.table, dice });
    return decision.ok ? { ok: true } : decision;
  }

  /** Whether the last command can be taken back: only while it rolled no dice. */
  canUndo(): boolean {
    const last = this.entries[this.entries.length - 1];
    return !!last && !last.events.some((e) => e.type === 'DICE_ROLLED');
  }

  undo(): boolean {
    if (!this.canUndo()) return false;
    this.entries.pop();
    const before = this.diceStates.pop()!;
    this.dice = new SeededDice(this.seed, before);
    this.current = this.stateAt(this.events.length);
    return true;
  }

  /** The state after each logged command, in order (one pass: per-command readings of a long log). */
  *statesAfterCommands(): Generator<S> {
    let s = this.initial;
    for (const entry of this.entries) {
      for (const e of entry.events) s = this.ruleset.evolve(s, e);
      yield s;
    }
  }

  /** The state after the first `count` events (the replay scrubber). */
  stateAt(count: number): S {
    let s = this.initial;
    let n = 0;
    for (const entry of this.entries) {
      for (const e of entry.events) {
        if (n++ >= count) return s;
        s = this.ruleset.evolve(s, e);
      }
    }
    return s;
  }

  stateHash(): string {
    return hashValue(this.current);
  }
}
