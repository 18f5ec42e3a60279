// The soldier-level commands (move, charge, shoot, split, join, evacuate …): each checked by the rule
// it touches, once the flow has let it through the K-2.4 gate.
import type { Vec2 } from '../../core';
import type { SoldierCommand } from './activation/soldier-command';
import { validateCharge } from './charge';
import { houseOf, type KCtx, type KResult, refuse, Steps } from './context';
import { startEvacuation } from './evacuation';
import { rallyCheck } from './morale';
import { type FigureStep, validateMove } from './movement';
import { checkShot, resolveShooting, type ShotAwaiting } from './shooting';
import { diveAwaiting, offTableDiveAwaiting } from './dive';
import { liveFigures } from './table';
import { joinUnit, leaderDive, leaveGroup, pickUpWeapon, reuniteUnit, splitUnit } from './units';
import { crossingFalls, fireDemolition, offTableFire, offTableRefusal } from './special-play';
import type { MoveMode } from './events';
import type { KReading, KState } from './state';

export const ACTION_TYPES: ReadonlySet<string> = new Set(['MOVE', 'SHOOT', 'SPLIT', 'REUNITE', 'JOIN', 'LEAVE', 'DIVE', 'PICK_UP', 'TAKE_WEAPON', 'EVACUATE', 'OFF_TABLE_FIRE', 'DEMOLISH']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function steps(v: unknown): FigureStep[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: FigureStep[] = [];
  for (const m of v) {
    if (!m || typeof m !== 'object') return undefined;
    const o = m as Record<string, unknown>;
    const to = o.to as unknown;
    if (typeof o.figureId !== 'string' || !Array.isArray(to) || to.length !== 2 || !to.every((x) => typeof x === 'number' && Number.isFinite(x))) return undefined;
    out.push({ figureId: o.figureId, to: [to[0], to[1]] as Vec2, ...(typeof o.floor === 'number' ? { floor: o.floor } : {}), ...(Array.isArray(o.via) ? { via: o.via as Vec2[] } : {}) });
  }
  return out;
}

/** K-2.4 soldier-level commands (move K-4, charge K-6.1, shoot K-5, split K-1.1, join K-1.2, evacuate K-5.6 …): each checked by the rule it touches. */
export function decideAction(s: KReading, c: SoldierCommand, ctx: KCtx): KResult<{ awaiting?: ShotAwaiting }> {
  switch (c.type) {
    case 'MOVE': {
      const unitId = c.unitId ?? s.activation?.unitId;
      const moves = steps(c.moves);
      if (!unitId || !moves) return refuse('K-4.0', 'MOVE needs unitId and moves [{ figureId, to: [x, z], floor? }]');
      const mode: MoveMode = (str(c.mode) as MoveMode | undefined) ?? (s.activation?.action === 'fast-move' ? 'fast' : s.activation?.action === 'regroup' ? 'regroup' : 'normal');
      if (mode === 'charge') {
        const targetId = str(c.targetId);
        if (!targetId) return refuse('K-6.1a', 'a charge names the enemy unit it charges (targetId)');
        return validateCharge(s, { unitId, targetId, moves, fast: s.activation?.action === 'fast-move' }, ctx);
      }
      if (!['normal', 'fast', 'regroup', 'join'].includes(mode)) return refuse('K-4.0', `"${mode}" is not a move a player makes`);
      const moved = validateMove(s, { unitId, moves, mode }, ctx);
      if (!moved.ok) return moved;
      // narrow-crossing: a fast move over the walkway may end in the rapids (dice after the move).
      const r = mode === 'fast' && s.special?.config.crossings.length ? { ...moved, events: [...moved.events, ...crossingFalls(s, moved.events, moves, ctx)] } : moved;
      // K-AMB-17 house option: a leader coming within 15 cm of a routing unit rallies it too.
      const house = houseOf(s, ctx);
      if (house.rallyWhenLeaderApproaches && liveFigures(s, unitId).some((f) => f.skills.includes('leader'))) {
        const st = new Steps(s).push(...r.events);
        for (const u of Object.values(st.state.units)) if (u.side === s.units[unitId]!.side && u.status === 'routing') rallyCheck(st, u.id, ctx);
        return { ok: true, events: st.events };
      }
      return r;
    }
    case 'SHOOT': {
      const shooterId = c.unitId ?? s.activation?.unitId;
      const targetId = str(c.targetId);
      if (!shooterId || !targetId) return refuse('K-5.1a', 'SHOOT needs the shooting unit and its target (targetId)');
      const shot = {
        shooterId, targetId,
        ...(Array.isArray(c.shooters) ? { shooters: c.shooters as string[] } : {}),
        ...(str(c.spotter) ? { spotter: str(c.spotter)! } : {}),
      };
      // K-5.1b a lone leader targeted: his owner says first whether he dives into a unit near him.
      const t = s.units[targetId];
      if (t?.kind === 'leader' && !t.joinedTo) {
        const checked = checkShot(s, shot, ctx);
        if ('ok' in checked) return checked;
        const dive = diveAwaiting(s, shot, ctx);
        if (dive) return { ok: true, events: [], awaiting: dive };
      }
      const r = resolveShooting(s, {
        ...shot,
        ...(c.allocation && typeof c.allocation === 'object' ? { allocation: c.allocation as Record<string, number> } : {}),
        // K-5.5a the target's owner allocates the wounds (asked of him when he has a choice).
        ownerAllocates: true,
      }, ctx);
      return r.ok ? { ok: true, events: r.events, ...(r.awaiting ? { awaiting: r.awaiting } : {}) } : r;
    }
    case 'SPLIT': return splitUnit(s, { unitId: c.unitId ?? '', figureIds: Array.isArray(c.figureIds) ? (c.figureIds as string[]) : [] }, ctx);
    case 'REUNITE': return reuniteUnit(s, c.unitId ?? '', ctx);
    case 'JOIN': return joinUnit(s, { unitId: c.unitId ?? '', intoUnitId: str(c.intoUnitId) ?? '' }, ctx);
    case 'LEAVE': return leaveGroup(s, str(c.leaderId) ?? c.unitId ?? '');
    case 'DIVE': return leaderDive(s, { leaderId: str(c.leaderId) ?? c.unitId ?? '', intoUnitId: str(c.intoUnitId) ?? '' }, ctx);
    case 'PICK_UP': case 'TAKE_WEAPON': return pickUpWeapon(s, { markerId: str(c.markerId) ?? '', figureId: str(c.figureId) ?? '' }, ctx);
    case 'EVACUATE': return startEvacuation(s, { figureId: str(c.figureId) ?? '', ...(str(c.escortId) ? { escortId: str(c.escortId)! } : {}) }, ctx);
    // Scenario special rules (special-play.ts): fire from off the table, firing a demolition charge.
    case 'OFF_TABLE_FIRE': {
      const fire = { special: str(c.special) ?? '', targetId: str(c.targetId) ?? '' };
      // K-5.1b aimed at a lone leader: his owner says first whether he dives into a unit near him.
      const dive = offTableRefusal(s, fire.special, fire.targetId) ? undefined : offTableDiveAwaiting(s, fire.special, fire.targetId, ctx);
      if (dive) return { ok: true, events: [], awaiting: dive };
      // K-5.5a the target's owner allocates the wounds (asked of him when he has a choice).
      return offTableFire(s, { ...fire, ownerAsked: true }, ctx);
    }
    case 'DEMOLISH': return fireDemolition(s, { special: str(c.special) ?? '', unitId: c.unitId ?? s.activation?.unitId ?? '' }, ctx);
    default: return refuse('K-2.4a', `unknown command "${c.type}"`);
  }
}
