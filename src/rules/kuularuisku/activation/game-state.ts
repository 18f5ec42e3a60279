// The combined fold of a Kuularuisku game: the rules engineer's evolveK for KEvents, evolveFlow for
// the flow's own events; and an accumulator that lets a decision see the state after its own events.
import type { KEvent } from '../events';
import { evolveK } from '../evolve';
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
  if (isFlowEvent(ge)) return flow === s.flow ? s : { ...s, flow };
  // evolveK has a branch per KEvent type and none for others: an unknown type leaves the state alone.
  const k: KState | undefined = evolveK(s, ge as KEvent);
  if (!k) return flow === s.flow ? s : { ...s, flow };
  // evolveK copies the state it gets, flow included: re-attach only when the flow moved.
  return (k as Partial<KGameState>).flow === flow ? (k as KGameState) : { ...k, flow };
}

export function withFlow(k: KState, turnLimit: number): KGameState {
  return { ...k, flow: initialFlow(turnLimit) };
}

/** Events of one decision, folded as they are added so later steps read the state they produce. */
export class Acc {
  readonly events: KGameEvent[] = [];
  constructor(public state: KGameState) {}

  push(...events: KGameEvent[]): this {
    for (const e of events) {
      this.events.push(e);
      this.state = evolveGame(this.state, e);
    }
    return this;
  }
}
