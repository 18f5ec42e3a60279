// K-5.1b a lone leader chosen as a target may at once join a unit within 3 cm of him, and the whole
// unit becomes the target: the units he may dive into, asked of his owner before the shot (or the fire
// from off the table) is fired. Not for defensive fire: its target is not chosen but the charging unit
// (K-6.2a), and a charging leader who dived would put the fire meant for the charge on a unit that did not charge.
import { type KCtx, Steps } from './context';
import { checkShot, type DiveAwaiting, type ShootArgs } from './shooting';
import { offTableRefusal } from './special-play';
import type { KReading, KState } from './state';
import { leaderDive } from './units';

type ShotAt = Pick<ShootArgs, 'shooterId' | 'targetId' | 'shooters' | 'spotter'>;

/**
 * K-5.1b the friendly units the targeted lone leader may dive into: within 3 cm and able to take him
 * (K-1.2), and a target the same shooters may hit once he is in. Empty when the target is no lone leader.
 */
export function diveUnits(s: KReading, shot: ShotAt, ctx: KCtx): string[] {
  return diveInto(s, shot.targetId, ctx, (joined, unitId) => !('ok' in checkShot(joined, { ...shot, targetId: unitId }, ctx)));
}

/** The units a lone leader may dive into (K-5.1b, K-1.2) that remain a target (`stillTarget`, asked with him joined). */
function diveInto(s: KReading, leaderId: string, ctx: KCtx, stillTarget: (joined: KState, unitId: string) => boolean): string[] {
  const l = s.units[leaderId];
  if (!l || l.kind !== 'leader' || l.joinedTo) return [];
  const out: string[] = [];
  for (const u of Object.values(s.units)) {
    if (u.side !== l.side || u.id === l.id || u.status === 'destroyed') continue;
    const d = leaderDive(s, { leaderId: l.id, intoUnitId: u.id }, ctx);
    if (d.ok && stillTarget(new Steps(s).push(...d.events).state, u.id)) out.push(u.id);
  }
  return out;
}

/**
 * K-5.1b fire from off the table (a scenario's special rule) aimed at a lone leader waits for his owner
 * when he could dive into a unit the same fire may take (in its lane, not in melee, seen); `shooterId`
 * is the activating unit of the firing side. The fire itself must be allowed first.
 */
export function offTableDiveAwaiting(s: KReading, specialId: string, targetId: string, ctx: KCtx): DiveAwaiting | undefined {
  const into = diveInto(s, targetId, ctx, (joined, unitId) => !offTableRefusal(joined, specialId, unitId));
  if (!into.length) return undefined;
  return { kind: 'dive', leaderId: targetId, shooterId: s.activation?.unitId ?? '', into, offTable: specialId };
}

/** K-5.1b the shot waits for the leader's owner when he could dive (the shot itself must be valid first). */
export function diveAwaiting(s: KReading, shot: ShotAt, ctx: KCtx): DiveAwaiting | undefined {
  const l = s.units[shot.targetId];
  if (!l || l.kind !== 'leader' || l.joinedTo) return undefined;
  const into = diveUnits(s, shot, ctx);
  if (!into.length) return undefined;
  return { kind: 'dive', leaderId: l.id, shooterId: shot.shooterId, into, ...(shot.shooters ? { shooters: shot.shooters } : {}), ...(shot.spotter ? { spotter: shot.spotter } : {}) };
}
