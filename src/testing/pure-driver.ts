// An immutable game for the machines: each command gives a new driver (state, dice state, events)
// and leaves the old one as it was, the way GameSession.dispatch would have played it (dice rolls
// first, refusals change nothing). Lets a machine snapshot carry its whole game, for model-based
// traversal (xstate/graph explores from many snapshots): pure-machines.ts wires it in.
import { SeededDice, hashValue } from '../core';
import { sideRefusal, type Command, type DiceRolledEvent, type GameEvent, type Ruleset } from '../game';
import type { Scenario } from '../scenario';
import type { DispatchResult, FlowAdapter, FlowDriver } from '../flow';

export interface PureGame<S> {
  ruleset: Ruleset<S, Command, GameEvent, unknown>;
  scenario: Scenario;
  table: unknown;
  seed: number;
}

export class PureDriver<S> implements FlowDriver<S> {
  private constructor(
    readonly game: PureGame<S>,
    readonly adapter: FlowAdapter<S>,
    readonly state: S,
    private readonly diceState: readonly number[] | undefined,
    private readonly events: readonly GameEvent[],
    readonly lastEvents: readonly GameEvent[],
    readonly commands: readonly Command[],
  ) {}

  /** A new game (the ruleset's setup, the game's seeded dice). */
  static start<S>(game: PureGame<S>, adapter: FlowAdapter<S>): PureDriver<S> {
    const state = game.ruleset.setup(game.scenario, { table: game.table });
    return new PureDriver(game, adapter, state, undefined, [], [], []);
  }

  get eventCount(): number {
    return this.events.length;
  }

  eventsSince(from: number): GameEvent[] {
    return this.events.slice(from);
  }

  /** The game after this command, and what happened; this driver is unchanged. */
  step(command: Command): { driver: PureDriver<S>; result: DispatchResult } {
    const wrongSide = sideRefusal(this.game.scenario, command, this.game.ruleset.actingSides(this.state, command, { scenario: this.game.scenario }));
    if (wrongSide) return { driver: this, result: wrongSide };
    const dice = new SeededDice(this.game.seed, this.diceState ? [...this.diceState] : undefined);
    const decision = this.game.ruleset.decide(this.state, command, { scenario: this.game.scenario, table: this.game.table, dice });
    if (!decision.ok) return { driver: this, result: decision };
    const rolls: DiceRolledEvent[] = dice.rolls.map((roll) => ({ type: 'DICE_ROLLED', roll, rule: roll.rule, text: `${roll.purpose}: d${roll.sides} → ${roll.value}` }));
    const events: GameEvent[] = [...rolls, ...decision.events];
    let s = this.state;
    for (const e of events) s = this.game.ruleset.evolve(s, e);
    const next = new PureDriver(this.game, this.adapter, s, dice.state(), [...this.events, ...events], events, [...this.commands, command]);
    return { driver: next, result: { ok: true, events } };
  }

  /** FlowDriver's imperative entry: a pure driver cannot change in place (the pure machines call step). */
  dispatch(_command: Command): DispatchResult {
    return { ok: false, reason: 'a pure driver changes only through step(): use the machines of src/testing/pure-machines.ts' };
  }

  undo(): boolean {
    return false;
  }

  stateHash(): string {
    return hashValue(this.state);
  }
}
