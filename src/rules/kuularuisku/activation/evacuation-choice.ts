// K-5.6e the end-of-turn moves of those heading to the rear, group by group: where a group's move
// leaves a choice (where it heads, K-5.6a; how far; K-5.6d the unit an escort heads back to), its owner
// decides, then the groups after it move; when all have moved the turn ends (`finish`, the caller's).
import type { PendingDecision } from '../../../core';
import { Steps } from '../context';
import { MAX_EVACUATION_BEARING, escortReturnOptions, evacuationGroups, evacuationOptions, evacuationStart, moveEvacuationGroup, returnEscort, type EvacuationPlan } from '../evacuation';
import { sideName, soldierName } from '../soldier-names';
import type { KState } from '../state';
import type { FlowCtx } from './flow-ctx';
import { fev, type KEscortChoice, type KEvacuationChoice, type KGameEvent } from './flow-state';
import type { KEvacuationDestination } from '../flow-types';

type Finish = (acc: Steps<KGameEvent>, ctx: FlowCtx) => void;

/** K-5.6e the medics' duties, then each group's move in turn (stopping for an owner's word), then `finish`. */
export function startEvacuationMoves(acc: Steps<KGameEvent>, ctx: FlowCtx, finish: Finish): void {
  acc.push(...evacuationStart(acc.state, ctx));
  evacuateFrom(acc, ctx, evacuationGroups(acc.state), finish);
}

function evacuateFrom(acc: Steps<KGameEvent>, ctx: FlowCtx, keys: readonly string[], finish: Finish): void {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const back = escortReturnOptions(acc.state, key, ctx);
    if (back) {
      const e = acc.state.figures[back.escort]!;
      const choice: KEscortChoice = { kind: 'escort', side: e.side, unitId: e.homeUnitId, key, rest: keys.slice(i + 1), escort: back.escort, toward: back.unitId, ...(back.other ? { other: back.other } : {}) };
      acc.push(fev('CHOICE_PENDING', 'K-5.6d', `${soldierName(acc.state, back.escort)} has brought his man to the rear: for ${sideName(acc.state, e.side)} to say where he heads back to`, { choice }));
      return;
    }
    const o = evacuationOptions(acc.state, key, ctx);
    if (o) {
      const w = acc.state.figures[o.wounded]!;
      const choice: KEvacuationChoice = { kind: 'evacuation', side: w.side, unitId: w.homeUnitId, key, rest: keys.slice(i + 1), ...o };
      acc.push(fev('CHOICE_PENDING', 'K-5.6e', `${groupName(acc.state, choice)} heads for the rear: for ${sideName(acc.state, w.side)} to say where and how far`, { choice }));
      return;
    }
    const st = new Steps(acc.state);
    moveEvacuationGroup(st, key, ctx);
    acc.push(...st.events);
  }
  finish(acc, ctx);
}

const DISTANCES = ['full', 'half', 'none'] as const;

/** K-5.6e the owner's word (where to, how far, by which path), the group's move, then the groups after it and the turn's end. */
export function decideEvacuation(acc: Steps<KGameEvent>, c: KEvacuationChoice, answer: { toward?: unknown; distance?: unknown; bearing?: unknown }, ctx: FlowCtx, finish: Finish): { ok: true } | { ok: false; reason: string; rule: string } {
  const s = acc.state;
  const { toward, distance, bearing = 0 } = answer;
  const places = [c.destination.kind, ...(c.other ? [c.other.kind] : [])];
  if (typeof toward !== 'string' || !places.includes(toward as 'edge' | 'station')) {
    return { ok: false, rule: 'K-5.6a', reason: `EVACUATION_MOVE needs "toward": ${places.map((p) => `"${p}"`).join(' or ')} (where ${soldierName(s, c.wounded)} may head)` };
  }
  if (!DISTANCES.includes(distance as EvacuationPlan['distance'])) return { ok: false, rule: 'K-5.6e', reason: 'EVACUATION_MOVE needs "distance": "full" (his whole half-speed move), "half" or "none"' };
  if (typeof bearing !== 'number' || !(Math.abs(bearing) < MAX_EVACUATION_BEARING)) {
    return { ok: false, rule: 'K-5.6a', reason: `EVACUATION_MOVE "bearing" must be a number of degrees off the straight line (to his left; negative: to his right) under ${MAX_EVACUATION_BEARING}: he must still head toward the place, not ${JSON.stringify(bearing)}` };
  }
  const plan: EvacuationPlan = { toward: toward as EvacuationPlan['toward'], distance: distance as EvacuationPlan['distance'], ...(bearing ? { bearing } : {}) };
  acc.push(fev('CHOICE_MADE', 'K-5.6e', `${sideName(s, c.side)} (owner of ${s.units[c.unitId]?.name ?? 'the unit'}) had ${groupName(s, c)} ${planWords(s, c, plan)}`, { kind: 'evacuation', side: c.side, yes: plan.distance !== 'none' }));
  const st = new Steps(acc.state);
  moveEvacuationGroup(st, c.key, ctx, plan);
  acc.push(...st.events);
  evacuateFrom(acc, ctx, c.rest, finish);
  return { ok: true };
}

const unitName = (s: KState, id: string) => s.units[id]?.name ?? 'a unit no longer on the table';

/** K-5.6d the owner's word on an escort heading back (a unit open to him, or null: he stays), his move, then the groups after him and the turn's end. */
export function decideEscortReturn(acc: Steps<KGameEvent>, c: KEscortChoice, unitId: unknown, ctx: FlowCtx, finish: Finish): { ok: true } | { ok: false; reason: string; rule: string } {
  const s = acc.state;
  const open = [c.toward, ...(c.other ? [c.other] : [])];
  if (unitId !== null && (typeof unitId !== 'string' || !open.includes(unitId))) {
    return { ok: false, rule: 'K-5.6d', reason: `ESCORT_RETURN needs "unitId": a unit ${soldierName(s, c.escort)} may head back to (${open.map((id) => unitName(s, id)).join(' or ')}, as the decision's answers give them), or null to stay where he is` };
  }
  const what = unitId === null ? `kept ${soldierName(s, c.escort)} where he is this turn` : `had ${soldierName(s, c.escort)} head back to ${unitName(s, unitId)}`;
  acc.push(fev('CHOICE_MADE', 'K-5.6d', `${sideName(s, c.side)} (owner of ${unitName(s, c.unitId)}) ${what}`, { kind: 'escort', side: c.side, yes: unitId !== null }));
  const st = new Steps(acc.state);
  returnEscort(st, c.key, ctx, unitId);
  acc.push(...st.events);
  evacuateFrom(acc, ctx, c.rest, finish);
  return { ok: true };
}

/** K-5.6d the pending return as the neutral play model's decision: his own unit first (else the nearest visible one: what the rules did before they asked). */
export function escortDecision(s: KState, c: KEscortChoice): PendingDecision {
  const e = s.figures[c.escort];
  const own = (id: string) => e?.homeUnitId === id;
  const unitWords = (id: string) => (own(id) ? `Head back to his own unit, ${unitName(s, id)}` : `Head for ${unitName(s, id)}, the nearest friendly unit he can see`);
  const options = [
    { label: unitWords(c.toward), command: { type: 'ESCORT_RETURN', side: c.side, unitId: c.toward } },
    ...(c.other ? [{ label: unitWords(c.other), command: { type: 'ESCORT_RETURN', side: c.side, unitId: c.other } }] : []),
    { label: 'Stay where he is this turn', command: { type: 'ESCORT_RETURN', side: c.side, unitId: null } },
  ];
  return {
    side: c.side, kind: 'escort-return', rule: 'K-5.6d',
    label: `End of turn: ${soldierName(s, c.escort)} has brought his man to the rear. Where does he head back to, at half speed? He joins that unit within 3 cm.`,
    options: options.map((o, i) => ({ ...o, label: `${i === 0 ? 'Default: ' : ''}${o.label}` })),
  };
}

/** "rifleman 2 of Squad r1" (and his escort). */
function groupName(s: KState, c: KEvacuationChoice): string {
  return `${soldierName(s, c.wounded)}${c.escort ? ` (escorted by ${soldierName(s, c.escort)})` : ''}`;
}

function placeName(d: KEvacuationDestination): string {
  if (d.kind === 'edge') return `the ${d.edge} table edge`;
  return 'the dressing station';
}

const cm = (n: number) => `${Math.round(n * 10) / 10} cm`;

function planWords(s: KState, c: KEvacuationChoice, p: EvacuationPlan): string {
  if (p.distance === 'none') return 'stay where he is this turn';
  const place = placeName(p.toward === c.destination.kind ? c.destination : c.other!);
  const path = p.bearing ? `, bearing ${Math.abs(p.bearing)}° to his ${p.bearing > 0 ? 'left' : 'right'}` : '';
  return p.distance === 'full' ? `make his whole move (${cm(c.allowance)}) toward ${place}${path}` : `move half of it (${cm(c.allowance / 2)}) toward ${place}${path}`;
}

/** K-5.6e the pending move as the neutral play model's decision: the whole move straight where he heads first (what the rules did before they asked), then other distances, places and paths (K-5.6a). */
export function evacuationDecision(s: KState, c: KEvacuationChoice): PendingDecision {
  const here = c.destination.kind;
  const plans: EvacuationPlan[] = [
    { toward: here, distance: 'full' },
    { toward: here, distance: 'half' },
    ...(c.other ? [{ toward: c.other.kind, distance: 'full' as const }] : []),
    ...(c.bearings ?? []).map((bearing) => ({ toward: here, distance: 'full' as const, bearing })),
    { toward: here, distance: 'none' },
  ];
  const words = (p: EvacuationPlan) => { const w = planWords(s, c, p); return w.charAt(0).toUpperCase() + w.slice(1); };
  return {
    side: c.side, kind: 'evacuation-move', rule: 'K-5.6e',
    label: `End of turn: ${groupName(s, c)} heads for the rear at half speed. Where to, how far, and which way (toward it: straight, or bearing off)?`,
    options: plans.map((p, i) => ({ label: `${i === 0 ? 'Default: ' : ''}${words(p)}`, command: { type: 'EVACUATION_MOVE', side: c.side, toward: p.toward, distance: p.distance, ...(p.bearing ? { bearing: p.bearing } : {}) } })),
  };
}
