// The combined fold of a Kuularuisku game: the rules engineer's evolveK for KEvents, evolveFlow for
// the flow's own events; and an accumulator that lets a decision see the state after its own events.
import type { KEvent } from '../events';
import { evolveKRecalled } from '../evolve';
import { stateWithFlow } from '../records';
import type { KState } from '../state';
import { FLOW_EVENT_TYPES, evolveFlow, initialFlow, type FlowEvent, type KGameEvent, type KGameState } from './flow-state';

/** Any event the game log holds (dice rolls included: they change nothing by themselves). */
export type AnyGameEvent = KGameEvent | { type: 'DICE_ROLLED'; rule?: string; text?: string; [key: string]: unknown };

export function isFlowEvent(e: { type: string }): e is FlowEvent {
  return FLOW_EVENT_TYPES.has(e.type);
}

/** Fold one event into the whole game state (pure). */
export function evolveGame(s: KGameState, e: AnyGameEvent): KGameState {
  if (e.type === 'DICE_ROLLED') return s;
  const ge = e as KGameEvent;
  const flow = evolveFlow(s, ge);
  if (isFlowEvent(ge)) return flow === s.flow ? s : stateWithFlow<KGameState>(s, flow);
  // evolveK has a branch per KEvent type and none for others: an unknown type leaves the state alone.
  const k: KState | undefined = evolveKRecalled(s, ge as KEvent);
  if (!k) return flow === s.flow ? s : stateWithFlow<KGameState>(s, flow);
  // evolveK copies the state it gets, flow included: re-attach only when the flow moved (a fold the
  // rules' Steps made from this very state comes back as it was: the flow did not move in it).
  return (k as Partial<KGameState>).flow === flow ? (k as KGameState) : stateWithFlow<KGameState>(k, flow);
}

export function withFlow(k: KState, turnLimit: number): KGameState {
  return stateWithFlow<KGameState>(k, initialFlow(turnLimit));
}

/** Events of one decision, folded as they are added so later steps read the state they produce. */
export class Acc {
  readonly events: KGameEvent[] = [];
  /** The state after each event (trace[i] follows events[i]). */
  readonly trace: KGameState[] = [];
  readonly start: KGameState;
  constructor(public state: KGameState) {
    this.start = state;
  }

  push(...events: KGameEvent[]): this {
    for (const e of events) {
      this.events.push(e);
      this.state = evolveGame(this.state, e);
      this.trace.push(this.state);
    }
    return this;
  }
}

/**
 * The fold of a decision's events was already done once, while deciding: when the session folds the
 * very same events (same objects) from the very same state, hand back the states the decision saw
 * instead of folding again. Pure: identical inputs, identical outputs; anything else is folded.
 */
export class FoldMemo {
  private acc: Acc | undefined;
  private at = 0;
  private current: KGameState | undefined;

  remember(acc: Acc): void {
    this.acc = acc;
    this.at = 0;
    this.current = acc.start;
  }

  evolve(s: KGameState, e: AnyGameEvent): KGameState {
    const acc = this.acc;
    if (acc && s === this.current) {
      if (e.type === 'DICE_ROLLED') return s;
      if (acc.events[this.at] === e) {
        const next = acc.trace[this.at++]!;
        this.current = next;
        if (this.at === acc.events.length) this.acc = undefined;
        return next;
      }
    }
    this.acc = undefined;
    return evolveGame(s, e);
  }
}
