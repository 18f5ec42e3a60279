// The session's fold of a decision's events, recalled: the states its Steps already folded while
// deciding are handed back instead of folding the same events again.
import type { Steps } from '../context';
import { evolveKRecalled } from '../evolve';
import type { KState } from '../state';
import { FLOW_EVENT_TYPES, type AnyGameEvent, type FlowEvent, type KGameEvent } from './flow-state';

export type { AnyGameEvent } from './flow-state';

export function isFlowEvent(e: { type: string }): e is FlowEvent {
  return FLOW_EVENT_TYPES.has(e.type);
}

/**
 * The fold of a decision's events was already done once, while deciding: when the session folds the
 * very same events (same objects) from the very same state, hand back the states the decision saw
 * instead of folding again. Pure: identical inputs, identical outputs; anything else is folded.
 */
export class FoldMemo {
  private acc: Steps<KGameEvent> | undefined;
  private at = 0;
  private current: KState | undefined;

  remember(acc: Steps<KGameEvent>): void {
    this.acc = acc;
    this.at = 0;
    this.current = acc.start;
  }

  evolve(s: KState, e: AnyGameEvent): KState {
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
    return evolveKRecalled(s, e);
  }
}
