// F2 activation start: the checks in the digest's order (in melee, routing, pinned, out of formation)
// and then the choices (K-2.3 readiness, K-2.4 actions, K-2.2 command, K-2.2e joined leaders).
import type { TableQueries } from '../../../core';
import type { KActivation, KReading, KState, KUnit } from '../state';
import type { ChosenAction, LeadersChoice } from './commands';
import { commandableUnits } from './command';
import { fev, type KForcedStep, type KGameEvent, type KOffer, type OfferVia } from './flow-state';
import { recalledStragglers } from './stragglers-recalled';
import { hasActivated } from '../acted';

/** The unit that acts for a card: a joined leader acts with his group (K-2.2d). */
export function actingUnit(s: KState, unitId: string): KUnit | undefined {
  const u = s.units[unitId];
  if (u?.kind === 'leader' && u.joinedTo) return s.units[u.joinedTo] ?? u;
  return u;
}

/** Joined leaders of a group that have not activated yet (K-2.2e), split into bound (K-1.4b) and free. */
export function joinedLeadersToAsk(s: KReading, group: KUnit): { bound: string[]; free: string[] } {
  const idle = group.joinedLeaders.filter((id) => s.units[id] && !hasActivated(s, id) && s.units[id]!.joinedTo === group.id);
  return { bound: idle.filter((id) => group.boundLeaders.includes(id)), free: idle.filter((id) => !group.boundLeaders.includes(id)) };
}

/** F2 checks 1–3, in the digest's order: the forced step a unit offered its activation faces first (melee round, rout, pinned test), or null. */
export function forcedStepAt(s: KState, unitId: string): KForcedStep | null {
  const acting = actingUnit(s, unitId)!;
  if (acting.meleeId && s.melees[acting.meleeId]) return 'melee-round';
  if (acting.status === 'routing') return 'rout';
  if (acting.status === 'pinned') return 'pinned-test';
  return null;
}

/**
 * F2 checks 1–4, in the digest's order, for a unit offered its activation: a forced step (melee
 * round, rout, pinned test) or the offer itself (with the K-1.0c regroup duty).
 */
export function offerEvents(s: KState, unitId: string, via: OfferVia, table: TableQueries, commandedBy?: string): KGameEvent[] {
  const u = s.units[unitId]!;
  const acting = actingUnit(s, unitId)!;
  const tail = { via, ...(commandedBy ? { commandedBy } : {}) };
  switch (forcedStepAt(s, unitId)) {
    case 'melee-round':
      return [fev('STEP_PENDING', 'K-6.3a', `${acting.name} is locked in melee: it can only fight`, { pending: { kind: 'melee-round', side: u.side, unitId, meleeId: acting.meleeId!, ...tail } })];
    case 'rout':
      return [fev('STEP_PENDING', 'K-7.3d', `${acting.name} is routing: it runs for its own table edge`, { pending: { kind: 'rout', side: u.side, unitId, ...tail } })];
    case 'pinned-test':
      return [fev('STEP_PENDING', 'K-7.1f', `${acting.name} is pinned: it tests morale at the start of its activation`, { pending: { kind: 'pinned-test', side: u.side, unitId, ...tail } })];
    default:
      return [plainOffer(s, unitId, via, table, commandedBy)];
  }
}

/** The offer after the checks (F2.4–5). */
export function plainOffer(s: KState, unitId: string, via: OfferVia, table: TableQueries, commandedBy?: string, pinnedFailed = false): KGameEvent {
  const u = s.units[unitId]!;
  const acting = actingUnit(s, unitId)!;
  const mustRegroup = recalledStragglers(s, acting.id, table).length > 0;
  const offer: KOffer = { unitId, side: u.side, via, ...(commandedBy ? { commandedBy } : {}), ...(pinnedFailed ? { pinnedFailed } : {}), ...(mustRegroup ? { mustRegroup } : {}) };
  const how = via === 'card' ? 'card drawn' : via === 'command' ? `commanded by ${s.units[commandedBy ?? '']?.name ?? commandedBy}` : 'out of readiness';
  const rule = via === 'command' ? 'K-2.2a' : via === 'readiness' ? 'K-2.3b' : 'K-2.1b';
  const note = pinnedFailed ? ' — still pinned: it may only shoot, hitting on 6 (K-7.1c)' : mustRegroup ? ' — out of formation: it must move back (K-1.0c)' : '';
  return fev('ACTIVATION_OFFERED', rule, `${u.name} activates (${how})${note}`, { offer });
}

export interface OfferOptions {
  ready: boolean;
  actions: ChosenAction[];
  leaders: LeadersChoice[];
  command: string[];
}

/** offerOptions per state: the player and the legal list (the HUD's buttons) ask it of the same state; states are never changed in place. */
const OPTIONS = new WeakMap<KState, { offer: KOffer; table: TableQueries; options: Readonly<OfferOptions> }>();

/** What the offered unit may do (the HUD's buttons; random play picks among them), worked out once per state. */
export function offerOptions(s: KReading, offer: KOffer, table: TableQueries): Readonly<OfferOptions> {
  const known = OPTIONS.get(s);
  if (known && known.offer === offer && known.table === table) return known.options;
  const options = offerOptionsAfresh(s, offer, table);
  OPTIONS.set(s, { offer, table, options });
  return options;
}

/** offerOptions worked out afresh. */
export function offerOptionsAfresh(s: KReading, offer: KOffer, table: TableQueries): OfferOptions {
  const u = s.units[offer.unitId]!;
  return {
    ...offerChoices(s, offer),
    // K-2.2a a leader's activation may be used to command; K-7.1c a leader still pinned may only shoot.
    command: u.kind === 'leader' && offer.via !== 'command' && !offer.pinnedFailed ? commandableUnits(s, table, u.id) : [],
  };
}

/**
 * offerOptions without the units a leader could command (a pass over every unit with its command
 * range): the flow's own checks of READY and ACTIVATE need only these, and COMMAND is checked by
 * commandRefusal for the one unit named.
 */
export function offerChoices(s: KReading, offer: KOffer): Omit<OfferOptions, 'command'> {
  const u = s.units[offer.unitId]!;
  const group = actingUnit(s, offer.unitId)!;
  const joinedLeaderCard = u.kind === 'leader' && !!u.joinedTo;
  let leaders: LeadersChoice[] = [];
  if (joinedLeaderCard) leaders = group.boundLeaders.includes(u.id) ? ['with'] : ['with', 'leave'];
  else if (joinedLeadersToAsk(s, u).free.length) leaders = ['with', 'leave'];
  const base: ChosenAction[] = ['move-shoot', 'shoot-move', 'fast-move', 'shoot'];
  if (s.house.specialActionAllowed) base.push('special');
  const actions: ChosenAction[] = offer.pinnedFailed ? ['shoot'] : offer.mustRegroup ? ['regroup'] : base;
  return {
    // K-2.3a readiness instead of activating, on the unit's own card; K-2.2b a commanded unit's
    // activation is used now; a joined leader's card moves his group (K-2.2d), not a ready unit.
    ready: offer.via === 'card' && !offer.pinnedFailed && !offer.mustRegroup && !joinedLeaderCard,
    actions,
    leaders,
  };
}

/** K-2.2d/e the units acting together, and the leaders who leave the group first. */
export function activationUnits(s: KReading, offer: KOffer, leaders: LeadersChoice): { main: string; units: string[]; leaving: Array<{ leaderId: string; groupId: string }>; via: KActivation['via'] } {
  const u = s.units[offer.unitId]!;
  const via: KActivation['via'] = offer.via;
  const withHalf = (id: string) => {
    const half = s.units[id]?.coveringHalf;
    return half && s.house.splitActsOnOneCard && s.units[half] ? [half] : [];
  };
  if (u.kind === 'leader' && u.joinedTo) {
    const group = s.units[u.joinedTo]!;
    if (leaders === 'leave' && !group.boundLeaders.includes(u.id)) {
      return { main: u.id, units: [u.id], leaving: [{ leaderId: u.id, groupId: group.id }], via };
    }
    const ask = joinedLeadersToAsk(s, group);
    const others = hasActivated(s, group.id) ? [] : [...ask.bound, ...ask.free].filter((id) => id !== u.id);
    return { main: group.id, units: [group.id, u.id, ...others, ...withHalf(group.id)], leaving: [], via: 'leader-group' };
  }
  const ask = joinedLeadersToAsk(s, u);
  const going = leaders === 'leave' ? ask.bound : [...ask.bound, ...ask.free];
  const leaving = leaders === 'leave' ? ask.free.map((leaderId) => ({ leaderId, groupId: u.id })) : [];
  return { main: u.id, units: [u.id, ...going, ...withHalf(u.id)], leaving, via };
}
