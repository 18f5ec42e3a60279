// The preparation barrage before turn 1 (a scenario's preparation-fire, K-GAP-9) asks what a shot asks:
// the owner of each unit it hits allocates the wounds (K-5.5a) and gives his word in their tests
// (K-SKL-8, K-5.5h). The barrage goes on after his last answer; when it is over, the turn opens.
import type { Steps } from '../context';
import type { KBarrageAt, KOwnerChoice } from '../flow-types';
import { preparationBarrage } from '../special-play';
import type { FlowCtx } from './flow-ctx';
import type { KGameEvent } from './flow-state';
import { phaseOf } from './phase';
import { askBarrageOwner } from './wound-choice';

/** Fire the barrage (from its start, or from where it stopped): true when it stops for an owner's word. */
export function barrageAsks(acc: Steps<KGameEvent>, ctx: FlowCtx, from?: KBarrageAt): boolean {
  const r = preparationBarrage(acc.state, ctx, { ownerAsked: true, ...(from ? { from } : {}) });
  acc.push(...r.events);
  if (!r.stop) return false;
  askBarrageOwner(acc, r.stop.awaiting, r.stop.at);
  return true;
}

/**
 * After an owner's accepted answer: if it was the barrage's and nothing more is asked of him, the
 * barrage goes on, and once it is over `openTurn` opens turn 1 (the rest of BEGIN_TURN).
 */
export function barrageGoesOn(acc: Steps<KGameEvent>, answered: KOwnerChoice, ctx: FlowCtx, openTurn: (acc: Steps<KGameEvent>, ctx: FlowCtx) => void): void {
  const at = 'barrage' in answered ? answered.barrage : undefined;
  if (!at || phaseOf(acc.state).kind === 'choice') return;
  if (!barrageAsks(acc, ctx, at)) openTurn(acc, ctx);
}
