// The targets of the active unit when shooting is its next step: every enemy unit on the table with
// what the rules see (K-5.1a range, K-5.2 sight, K-5.4c cover, K-5.7a close range) — read from
// shootingCandidates / evaluateTarget, never recomputed here.
import { soldierName } from '../soldier-names';
import type { KState } from '../state';
import { groupDistance, type TableQueries, type PlayTarget } from '../../../core';
import { actionGate } from '../activation/action-gate';
import type { CoverName } from '../constants';
import { baseOf, liveFigures } from '../table';
import { shootingCandidates, type TargetOption } from '../visibility';

const COVER_WORDS: Record<CoverName, string> = {
  open: 'open ground', light: 'light cover', hard: 'hard cover', house: 'house or fortification', protected: 'well-protected position',
};

/** K-5.4 the cover class as the HUD words it, e.g. "light cover 5+" (a cover roll below the value wounds). */
export function coverWords(name: CoverName, value: number): string {
  return `${COVER_WORDS[name]} ${value}+`;
}

/** May the unit shoot now (K-2.4 order, K-4.1a, K-1.0c)? */
export function mayShootNow(s: KState, unitId: string): boolean {
  const u = s.units[unitId];
  if (!u || !s.activation) return false;
  const gate = actionGate(s, { type: 'SHOOT', side: u.side, unitId });
  return gate.ok && gate.part === 'shoot';
}

function describeTarget(s: KState, shooterId: string, o: TargetOption, table: TableQueries): PlayTarget {
  const su = s.units[shooterId]!;
  const tu = s.units[o.targetId]!;
  const theirs = liveFigures(s, tu);
  const distance = groupDistance(liveFigures(s, su).map((f) => baseOf(table, f)), theirs.map((f) => baseOf(table, f)));
  const notes: string[] = [];
  if (o.closeRange) notes.push('K-5.7a close range (within 15 cm)');
  if (o.spotter) notes.push(`K-5.2e only part of the unit is visible: ${soldierName(s, o.spotter)} picks who can be hit`);
  if (su.status === 'pinned') notes.push('K-7.1c pinned: hits only on a 6');
  if (o.valid && o.shooters.length < liveFigures(s, su).length) notes.push(`K-5.2f ${o.shooters.length} soldier${o.shooters.length === 1 ? '' : 's'} can shoot`);
  const base = {
    unitId: tu.id, name: tu.name, side: tu.side, distance: Math.round(distance * 10) / 10,
    visible: o.valid ? o.hittable.length : theirs.filter((t) => o.pairs.some((p) => p.target === t.id && p.visible)).length,
    total: theirs.length, notes,
  };
  return o.valid
    ? { ...base, cover: coverWords(o.cover.name, o.cover.value), command: { type: 'SHOOT', side: su.side, unitId: shooterId, targetId: tu.id } }
    : { ...base, cover: 'not assessed', refusal: { reason: o.reason?.text ?? 'not a valid target', ...(o.reason?.rule ? { rule: o.reason.rule } : {}) } };
}

/** Targets for the unit, nearest first (empty when it may not shoot now). */
export function targetsFor(s: KState, shooterId: string, table: TableQueries): PlayTarget[] {
  if (!mayShootNow(s, shooterId)) return [];
  return shootingCandidates(s, shooterId, { table })
    .map((o) => describeTarget(s, shooterId, o, table))
    .sort((a, b) => a.distance - b.distance);
}
