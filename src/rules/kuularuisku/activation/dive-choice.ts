// K-5.1b the owner of a lone leader chosen as a target decides, before the shot is fired, whether he
// dives into a unit within 3 cm (the whole unit becomes the target) or stays on his own; the shot
// then goes on at the target he chose (its own owner's choices asked in turn).
import type { PendingDecision } from '../../../core';
import { Steps, type KCtx } from '../context';
import { resolveShooting, type DiveAwaiting, type ShotAwaiting } from '../shooting';
import { offTableFire } from '../special-play';
import { sideName } from '../soldier-names';
import type { KState } from '../state';
import { leaderDive } from '../units';
import { fev, type KDiveChoice, type KGameEvent } from './flow-state';

const unitName = (s: KState, id: string) => s.units[id]?.name ?? 'a unit no longer on the table';

/** Who fires at the leader: the shooting unit, or the fire from off the table and its edge. */
function firer(s: KState, c: { shooterId: string; offTable?: string }): string {
  if (!c.offTable) return unitName(s, c.shooterId);
  const from = s.special?.config.offTable.find((r) => r.id === c.offTable)?.from;
  return from ? `The fire from the ${from} table edge` : 'The fire from off the table';
}

/** K-5.1b the shot (or the fire from off the table) waits for the leader's owner. */
export function askDive(acc: Steps<KGameEvent>, w: DiveAwaiting): void {
  const s = acc.state;
  const side = s.units[w.leaderId]!.side;
  const choice: KDiveChoice = { kind: 'dive', side, unitId: w.leaderId, shooterId: w.shooterId, into: w.into, ...(w.shooters ? { shooters: w.shooters } : {}), ...(w.spotter ? { spotter: w.spotter } : {}), ...(w.offTable ? { offTable: w.offTable } : {}) };
  acc.push(fev('CHOICE_PENDING', 'K-5.1b', `${firer(s, w)} takes aim at ${unitName(s, w.leaderId)}: for ${sideName(s, side)} to say whether he dives into a unit near him`, { choice }));
}

/**
 * K-5.1b the owner's word (a unit among `into`, or null: he stays alone), then the shot at the target
 * he chose; `ask` puts the next owner's choice of that shot (K-5.5a wounds …) to its owner.
 */
export function decideDive(acc: Steps<KGameEvent>, c: KDiveChoice, intoUnitId: unknown, ctx: KCtx, ask: (acc: Steps<KGameEvent>, w: ShotAwaiting) => void): { ok: true } | { ok: false; reason: string; rule: string } {
  const s = acc.state;
  if (intoUnitId !== null && (typeof intoUnitId !== 'string' || !c.into.includes(intoUnitId))) {
    return { ok: false, rule: 'K-5.1b', reason: `LEADER_DIVE needs "intoUnitId": a unit ${unitName(s, c.unitId)} may dive into (${c.into.map((id) => unitName(s, id)).join(' or ')}, as the decision's answers give them), or null to stay on his own` };
  }
  const who = `${sideName(s, c.side)} (owner of ${unitName(s, c.unitId)})`;
  acc.push(fev('CHOICE_MADE', 'K-5.1b', intoUnitId === null ? `${who} kept ${unitName(s, c.unitId)} on his own` : `${who} had ${unitName(s, c.unitId)} dive into ${unitName(s, intoUnitId)}`, { kind: 'dive', side: c.side, yes: intoUnitId !== null }));
  if (intoUnitId !== null) {
    const d = leaderDive(acc.state, { leaderId: c.unitId, intoUnitId }, ctx);
    if (!d.ok) return d;
    acc.push(...d.events);
  }
  if (c.offTable) {
    const fire = offTableFire(acc.state, { special: c.offTable, targetId: intoUnitId ?? c.unitId, ownerAsked: true }, ctx);
    if (!fire.ok) return fire;
    acc.push(...(fire.events as KGameEvent[]));
    if (fire.awaiting) ask(acc, fire.awaiting);
    return { ok: true };
  }
  const r = resolveShooting(acc.state, {
    shooterId: c.shooterId, targetId: intoUnitId ?? c.unitId, ownerAllocates: true,
    ...(c.shooters ? { shooters: c.shooters } : {}), ...(c.spotter ? { spotter: c.spotter } : {}),
  }, ctx);
  if (!r.ok) return r;
  acc.push(...(r.events as KGameEvent[]));
  if (r.awaiting) ask(acc, r.awaiting);
  return { ok: true };
}

/** K-5.1b the pending dive as the neutral play model's decision: staying on his own first (what the rules did before they asked). */
export function diveDecision(s: KState, c: KDiveChoice): PendingDecision {
  const leader = unitName(s, c.unitId);
  const stay = { label: `Default: ${leader} stays on his own`, command: { type: 'LEADER_DIVE', side: c.side, intoUnitId: null } };
  const dives = c.into.map((id) => ({ label: `${leader} dives into ${unitName(s, id)}`, command: { type: 'LEADER_DIVE', side: c.side, intoUnitId: id } }));
  return {
    side: c.side, kind: 'leader-dive', rule: 'K-5.1b',
    label: `${firer(s, c)} takes aim at ${leader}. Does he dive into a unit within 3 cm? Then the whole unit is the target.`,
    options: [stay, ...dives],
  };
}
