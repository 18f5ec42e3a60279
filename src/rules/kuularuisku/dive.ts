// K-5.1b a lone leader chosen as a target may at once join a unit within 3 cm of him, and the whole
// unit becomes the target: the units he may dive into, asked of his owner before the shot is fired.
import { type KCtx, Steps } from './context';
import { checkShot, type DiveAwaiting, type ShootArgs } from './shooting';
import type { KState } from './state';
import { leaderDive } from './units';

type ShotAt = Pick<ShootArgs, 'shooterId' | 'targetId' | 'shooters' | 'spotter'>;

/**
 * K-5.1b the friendly units the targeted lone leader may dive into: within 3 cm and able to take him
 * (K-1.2), and a target the same shooters may hit once he is in. Empty when the target is no lone leader.
 */
export function diveUnits(s: KState, shot: ShotAt, ctx: KCtx): string[] {
  const l = s.units[shot.targetId];
  if (!l || l.kind !== 'leader' || l.joinedTo) return [];
  const out: string[] = [];
  for (const u of Object.values(s.units)) {
    if (u.side !== l.side || u.id === l.id || u.status === 'destroyed') continue;
    const d = leaderDive(s, { leaderId: l.id, intoUnitId: u.id }, ctx);
    if (!d.ok) continue;
    const joined = new Steps(s).push(...d.events).state;
    if (!('ok' in checkShot(joined, { ...shot, targetId: u.id }, ctx))) out.push(u.id);
  }
  return out;
}

/** K-5.1b the shot waits for the leader's owner when he could dive (the shot itself must be valid first). */
export function diveAwaiting(s: KState, shot: ShotAt, ctx: KCtx): DiveAwaiting | undefined {
  const l = s.units[shot.targetId];
  if (!l || l.kind !== 'leader' || l.joinedTo) return undefined;
  const into = diveUnits(s, shot, ctx);
  if (!into.length) return undefined;
  return { kind: 'dive', leaderId: l.id, shooterId: shot.shooterId, into, ...(shot.shooters ? { shooters: shot.shooters } : {}), ...(shot.spotter ? { spotter: shot.spotter } : {}) };
}
