// The machines' handle on a game session: commands go through the session (which records them and
// rolls the game's dice); the machines read the state and the events through the ruleset's adapter.
import type { Command, GameEvent, GameSession } from '../game';
import type { DispatchResult, FlowAdapter, FlowDriver } from './types';

export class SessionDriver<S> implements FlowDriver<S> {
  private events: GameEvent[];
  private last: GameEvent[] = [];
  /** Commands sent to the session so far, and the answer to the last: what a caller of the machines reads after a send. */
  dispatches = 0;
  lastResult: DispatchResult | undefined;

  constructor(
    readonly session: GameSession<S, Command, GameEvent, unknown>,
    readonly adapter: FlowAdapter<S>,
  ) {
    this.events = [...session.events];
  }

  get state(): S {
    return this.session.state;
  }

  get eventCount(): number {
    return this.events.length;
  }

  get lastEvents(): readonly GameEvent[] {
    return this.last;
  }

  eventsSince(from: number): GameEvent[] {
    return this.events.slice(from);
  }

  dispatch(command: Command): DispatchResult {
    const r = this.session.dispatch(command);
    this.dispatches++;
    this.lastResult = r;
    if (r.ok) {
      this.last = r.events;
      this.events.push(...r.events);
    }
    return r;
  }

  /** Take back the last command when it rolled no dice (the session's rule); the machines re-sync after. */
  undo(): boolean {
    if (!this.session.undo()) return false;
    this.events = [...this.session.events];
    this.last = [];
    return true;
  }
}
