// The rules' part of the turn as pure decisions: a unit's activation chosen (its refusals), a charge's
// steps, the owners' choices (F6), and what a forced step, an activation's end or a turn's end lead to.
// The turn's own steps (the deal, cards, readiness, commands, passes, ends) are the cards machine's
// (sequence/). Soldier-level rules are the rules engine's own functions; nothing here rolls their dice itself.
import type { KReading, KState } from '../state';
import { ev } from '../events';
import { actionGate } from './action-gate';
import type { FlowCommand } from './commands';
import { shuffleEvents, unitOnTable } from './deck';
import { fev, type KGameEvent, type KMedicChoice, type KOffer, type KPending, type KTakeOverChoice, type KWoundsChoice } from './flow-state';
import { Steps } from '../context';
import { decideChargeAllocation, decideChargeTests, meleeRoundStep, resolveChoice, resolveMeleeStep } from './melee-flow';
import { actingUnit, activationUnits, offerChoices, offerEvents, plainOffer } from './offer';
import { actingSides } from './acting-sides';
import { askOwner, decideAllocation, decideMedic, decideTakeOver } from './wound-choice';
import { decideDive } from './dive-choice';
import { decideEscortReturn, decideEvacuation } from './evacuation-choice';
import { phaseOf } from './phase';
import { canUseReadiness, sidesWithReadyUnits } from './readiness';
import { victoryCheck } from './victory';
import type { FlowCtx } from './flow-ctx';
import { pinnedTest, rout } from '../morale';
import { chargeRemoval, revealChecks } from '../special-play';
import { barrageGoesOn } from './barrage-choice';
import { hasActivated } from '../acted';

export type { FlowCtx } from './flow-ctx';

/** The rule behind each forced step. */
const STEP_RULES: Record<KPending['kind'], string> = {
  'pinned-test': 'K-7.1f', rout: 'K-7.3d', 'melee-round': 'K-6.3a', 'charge-target-test': 'K-7.2a', 'charger-morale': 'K-6.2e', 'melee-start': 'K-6.1b',
};

/** The commands the rules take that move the turn on (not answers to a choice). */
const TURN_STEPS: ReadonlySet<string> = new Set(['ACTIVATE', 'RESOLVE']);

export type FlowDecision = { ok: true; acc: Steps<KGameEvent> } | { ok: false; reason: string; rule?: string };

/** The flow commands the rules decide (the others are the cards machine's steps). */
const RULES_STEPS: ReadonlySet<string> = new Set(['ACTIVATE', 'RESOLVE', 'DEFENSIVE_FIRE', 'GRENADES', 'ALLOCATE_WOUNDS', 'EVACUATION_MOVE', 'ESCORT_RETURN', 'LEADER_DIVE', 'TAKE_OVER', 'MEDIC_REROLL']);

const refuse = (reason: string, rule?: string): FlowDecision => ({ ok: false, reason, ...(rule ? { rule } : {}) });

/**
 * Decide a flow command the rules take: a unit's activation (its refusals: the cards machine asks them),
 * a charge's step, a choice answered. The turn's other steps are refused: the cards machine takes them.
 */
export function decideFlow(s: KReading, c: FlowCommand, ctx: FlowCtx): FlowDecision {
  const p = phaseOf(s);
  if (p.kind === 'over') return refuse(`the game is over: ${p.result.text}`, p.result.rule);
  if (!RULES_STEPS.has(c.type)) return refuse(`${c.type} is a step of the turn: the cards machine takes it`, 'K-2.1b');
  // The game session refuses a side that may not act before the rules see the command; asked here
  // again for callers that ask the rules directly (the HUD's "why not?").
  const acting = actingSides(s, c, p);
  if (c.side && !acting.sides.includes(c.side)) {
    const names = acting.sides.map((id) => s.sides.find((x) => x.id === id)?.name ?? id).join(' or ');
    return refuse(`${s.sides.find((x) => x.id === c.side)?.name ?? c.side} may not act now: the game waits for ${names}${acting.awaiting ? ` (${acting.awaiting})` : ''}`, acting.rule);
  }
  // A step of the turn sent while an owner's word is awaited (by that owner): say what is awaited.
  if (p.kind === 'choice' && TURN_STEPS.has(c.type)) {
    const names = acting.sides.map((id) => s.sides.find((x) => x.id === id)?.name ?? id).join(' or ');
    return refuse(`the game waits for ${names} first${acting.awaiting ? ` (${acting.awaiting})` : ''}`, acting.rule);
  }
  const acc = new Steps<KGameEvent>(s);
  switch (c.type) {
    case 'ACTIVATE':
      return p.kind === 'offer' ? decideActivate(acc, p.offer, c, ctx) : refuse('no unit is waiting to choose its action', 'K-2.4a');
    case 'RESOLVE': {
      if (p.kind !== 'pending') return refuse('no step is waiting to be rolled', 'K-2.1b');
      if (c.step !== p.pending.kind) return refuse(`the game waits for ${p.pending.kind}, not ${c.step}`, STEP_RULES[p.pending.kind]);
      resolvePending(acc, p.pending, ctx);
      return { ok: true, acc };
    }
    case 'DEFENSIVE_FIRE':
    case 'GRENADES': {
      const want = c.type === 'DEFENSIVE_FIRE' ? 'defensive-fire' : 'grenades';
      if (p.kind !== 'choice' || p.choice.kind !== want) return refuse(`no ${want.replace('-', ' ')} decision is due now`, want === 'grenades' ? 'K-6.6a' : 'K-6.2a');
      resolveChoice(acc, p.choice, c.type === 'DEFENSIVE_FIRE' ? c.fire : c.use, ctx, c.side);
      if (!pendingOrChoice(acc.state)) afterChargeSequence(acc, ctx);
      return { ok: true, acc };
    }
    case 'ALLOCATE_WOUNDS': {
      if (p.kind !== 'choice' || p.choice.kind !== 'wounds') return refuse('no wounds wait to be allocated', 'K-5.5a');
      if (!p.choice.after) {
        const r = decideAllocation(acc, p.choice, c.allocation, ctx);
        if (r.ok) barrageGoesOn(acc, p.choice, ctx, openTurn);
        return r.ok ? { ok: true, acc } : refuse(r.reason, r.rule);
      }
      // K-6.2d / K-6.4d in a charge or a melee round: when nothing more waits, the activation is over (K-6.3b).
      const r = decideChargeAllocation(acc, p.choice, c.allocation, ctx);
      if (!r.ok) return refuse(r.reason, r.rule);
      if (!pendingOrChoice(acc.state) && !exchangeGoesOn(p.choice)) afterChargeSequence(acc, ctx);
      return { ok: true, acc };
    }
    case 'EVACUATION_MOVE': {
      if (p.kind !== 'choice' || p.choice.kind !== 'evacuation') return refuse('no one heading to the rear waits for his move', 'K-5.6e');
      const r = decideEvacuation(acc, p.choice, c, ctx, finishTurn);
      return r.ok ? { ok: true, acc } : refuse(r.reason, r.rule);
    }
    case 'ESCORT_RETURN': {
      if (p.kind !== 'choice' || p.choice.kind !== 'escort') return refuse('no escort waits to head back', 'K-5.6d');
      const r = decideEscortReturn(acc, p.choice, c.unitId, ctx, finishTurn);
      return r.ok ? { ok: true, acc } : refuse(r.reason, r.rule);
    }
    case 'LEADER_DIVE': {
      if (p.kind !== 'choice' || p.choice.kind !== 'dive') return refuse('no targeted leader waits to dive', 'K-5.1b');
      const r = decideDive(acc, p.choice, c.intoUnitId, ctx, askOwner);
      return r.ok ? { ok: true, acc } : refuse(r.reason, r.rule);
    }
    case 'TAKE_OVER':
    case 'MEDIC_REROLL': {
      const want = c.type === 'TAKE_OVER' ? 'take-over' : 'medic';
      if (p.kind !== 'choice' || p.choice.kind !== want) return c.type === 'TAKE_OVER' ? refuse('no fallen soldier\'s weapon waits to be taken over', 'K-5.5h') : refuse('no wound test waits for the medic', 'K-SKL-8');
      const choice = p.choice as KMedicChoice | KTakeOverChoice;
      const answer = c.type === 'TAKE_OVER' ? c.figureId : c.reroll;
      if (!choice.after) {
        const r = choice.kind === 'medic' ? decideMedic(acc, choice, answer, ctx) : decideTakeOver(acc, choice, answer, ctx);
        if (r.ok) barrageGoesOn(acc, choice, ctx, openTurn);
        return r.ok ? { ok: true, acc } : refuse(r.reason, r.rule);
      }
      // K-6.2d / K-6.4d the tests of defensive fire or a melee round: when nothing more waits, the activation is over (K-6.3b).
      const r = decideChargeTests(acc, choice, answer, ctx);
      if (!r.ok) return refuse(r.reason, r.rule);
      if (!pendingOrChoice(acc.state) && !exchangeGoesOn(choice)) afterChargeSequence(acc, ctx);
      return { ok: true, acc };
    }
    default:
      return refuse(`${c.type} is a step of the turn: the cards machine takes it`, 'K-2.1b');
  }
}

/** K-2.1b, K-2.4a the unit offered activates with an action (K-7.1c pinned, K-1.0c out of formation: its limits). */
function decideActivate(acc: Steps<KGameEvent>, offer: KOffer, c: Extract<FlowCommand, { type: 'ACTIVATE' }>, ctx: FlowCtx): FlowDecision {
  const s = acc.state;
  if (c.unitId !== offer.unitId) return refuse(`${s.units[offer.unitId]?.name ?? offer.unitId} is the unit activating, not ${s.units[c.unitId]?.name ?? c.unitId}`, 'K-2.1b');
  const options = offerChoices(s, offer);
  const name = s.units[offer.unitId]!.name;
  if (!options.actions.includes(c.action)) {
    const rule = offer.pinnedFailed ? 'K-7.1c' : offer.mustRegroup ? 'K-1.0c' : c.action === 'special' ? 'K-GAP-4' : 'K-2.4a';
    return refuse(offer.pinnedFailed ? `${name} is pinned: it may only shoot` : offer.mustRegroup ? `${name} must move back into formation` : `${name} cannot ${c.action} now`, rule);
  }
  const leaders = c.leaders ?? 'with';
  if (c.leaders && !options.leaders.includes(c.leaders)) return refuse(`no joined leader can ${c.leaders === 'leave' ? 'leave' : 'go with'} ${name} now`, 'K-2.2e');
  const { main, units, leaving, via } = activationUnits(s, offer, leaders);
  for (const l of leaving) {
    acc.push(ev('LEADER_LEFT', 'K-2.2e', `${s.units[l.leaderId]!.name} leaves ${s.units[l.groupId]!.name} to act on his own card`, { leaderUnitId: l.leaderId, fromUnitId: l.groupId }));
  }
  acc.push(ev('ACTIVATION_STARTED', 'K-2.1b', `${s.units[main]!.name} activates${units.length > 1 ? ` with ${units.filter((x) => x !== main).map((x) => s.units[x]!.name).join(', ')}` : ''}`, { unitId: main, units, via, ...(offer.commandedBy ? { commandedBy: offer.commandedBy } : {}) }));
  acc.push(ev('ACTION_CHOSEN', c.action === 'regroup' ? 'K-1.0c' : c.action === 'special' ? 'K-GAP-4' : 'K-2.4a', `${s.units[main]!.name}: ${ACTION_NAMES[c.action]}`, { unitId: main, action: c.action }));
  // K-GAP-4 (house): a special action has no content; it only spends the activation.
  if (c.action === 'special') endActivation(acc, ctx);
  return { ok: true, acc };
}

export const ACTION_NAMES: Record<string, string> = {
  'move-shoot': 'move, then shoot', 'shoot-move': 'shoot, then move', 'fast-move': 'fast move', shoot: 'shoot',
  special: 'special action', regroup: 'move back into formation', command: 'command', melee: 'fight the melee', rout: 'rout',
};

/** F2 steps 1–3 resolved with their dice; then the offer, or the end of the activation. */
export function resolvePending(acc: Steps<KGameEvent>, pending: KPending, ctx: FlowCtx): void {
  const s = acc.state;
  const acting = actingUnit(s, pending.unitId)!;
  const via = pending.via ?? 'card';
  const tail = pending.commandedBy ? { commandedBy: pending.commandedBy } : {};
  switch (pending.kind) {
    case 'pinned-test': {
      acc.push(...pinnedTest(s, acting.id, ctx));
      acc.push(fev('STEP_DONE', 'K-7.1f', `${acting.name}: start-of-activation test done`, { kind: pending.kind, unit: pending.unitId }));
      const now = acc.state.units[acting.id];
      if (!now || now.status === 'routing' || !acc.state.units[pending.unitId] || hasActivated(acc.state, now.id) || !unitOnTable(acc.state, now)) {
        // K-7.3c routed at once (that was its activation), or gone: the next step of the turn.
        acc.push(fev('OFFER_LAPSED', now?.status === 'routing' ? 'K-7.3c' : 'K-7.1f', `${acting.name} does not act this activation`, { unitId: pending.unitId }));
        afterActivation(acc, ctx);
        return;
      }
      acc.push(plainOffer(acc.state, pending.unitId, via, ctx.table, pending.commandedBy, now.status === 'pinned'));
      return;
    }
    case 'rout':
    case 'melee-round': {
      forcedActivationStarts(acc, pending.kind, { unitId: pending.unitId, side: pending.side, via, ...tail });
      if (pending.kind === 'rout') acc.push(...rout(acc.state, acting.id, ctx));
      else meleeRoundStep(acc, pending.meleeId!, ctx);
      // K-6.3b / K-7.3d nothing more in this activation.
      if (!pendingOrChoice(acc.state)) endActivation(acc, ctx);
      return;
    }
    default:
      resolveMeleeStep(acc, pending, ctx);
      if (!pendingOrChoice(acc.state)) afterChargeSequence(acc, ctx);
  }
}

/**
 * K-7.3d a routing unit's, K-6.3a a unit locked in melee's forced step starts its activation (with its
 * leader's group): it activates, its action is the rout or the melee (it can do nothing else), the step is done.
 */
export function forcedActivationStarts(acc: Steps<KGameEvent>, kind: 'rout' | 'melee-round', offer: KOffer): void {
  const s = acc.state;
  const { main, units } = activationUnits(s, offer, 'with');
  const rule = kind === 'rout' ? 'K-7.3d' : 'K-6.3a';
  const words = `${s.units[main]!.name}: ${ACTION_NAMES[kind === 'rout' ? 'rout' : 'melee']}`;
  const tail = offer.commandedBy ? { commandedBy: offer.commandedBy } : {};
  acc.push(ev('ACTIVATION_STARTED', rule, `${s.units[main]!.name} activates`, { unitId: main, units, via: units.length > 1 && s.units[offer.unitId]!.kind === 'leader' ? 'leader-group' : offer.via, ...tail }));
  acc.push(ev('ACTION_CHOSEN', rule, words, { unitId: main, action: kind === 'rout' ? 'rout' : 'melee' }));
  acc.push(fev('STEP_DONE', rule, words, { kind }));
}

/**
 * Does a step inside a charge or a choice still wait? Then the activation goes on. Asked inside an
 * activation (a forced step resolved starts it): no forced step waits there.
 */
function pendingOrChoice(s: KState): boolean {
  return !!s.tableFlow.pending || !!s.tableFlow.choice;
}

/**
 * An answer inside a melee round the cards exchange runs (its outcome deferred): the exchange's own
 * steps then resolve the outcome (K-6.4e–i) and end the activation (K-6.3b), not the rules.
 */
function exchangeGoesOn(c: KWoundsChoice | KMedicChoice | KTakeOverChoice): boolean {
  return c.after?.kind === 'melee' && !!c.after.round.deferOutcome;
}

/** After the F6 sequence of a charge: the charging unit's activation is over (K-6.3b). */
function afterChargeSequence(acc: Steps<KGameEvent>, ctx: FlowCtx): void {
  if (acc.state.activation) endActivation(acc, ctx);
  else afterActivation(acc, ctx);
}

/** F2.6 ACTIVATION_DONE, then what comes between activations. */
export function endActivation(acc: Steps<KGameEvent>, ctx: FlowCtx, text?: string): void {
  const a = acc.state.activation;
  if (!a) return;
  const name = acc.state.units[a.unitId]?.name ?? a.unitId;
  // Scenario special rules as the activation ends (a demolition charge cleared by a unit that stayed on it).
  acc.push(...chargeRemoval(acc.state));
  acc.push(ev('ACTIVATION_ENDED', 'K-2.0b', text ?? `${name} has activated`, { unitId: a.unitId, units: a.units }));
  afterActivation(acc, ctx);
}

/**
 * BETWEEN_ACTIVATIONS (K-2.3b): ready units queued by a roll-off go first; otherwise a window opens
 * for every side that has a ready unit; otherwise the next card (or the end of the turn) is due.
 */
export function afterActivation(acc: Steps<KGameEvent>, ctx: FlowCtx): void {
  if (immediateEnd(acc, ctx)) return;
  if (offerNextQueued(acc, ctx)) return;
  const sides = sidesWithReadyUnits(acc.state);
  if (sides.length) acc.push(fev('WINDOW_OPENED', 'K-2.3b', `Between activations: ${sides.map((x) => acc.state.sides.find((y) => y.id === x)?.name ?? x).join(' and ')} may use a ready unit`, { sides }));
}

function offerNextQueued(acc: Steps<KGameEvent>, ctx: FlowCtx): boolean {
  for (const id of [...acc.state.seq.queue]) {
    const u = acc.state.units[id];
    if (u && canUseReadiness(acc.state, u)) {
      acc.push(...offerEvents(acc.state, id, 'readiness', ctx.table));
      return true;
    }
    acc.push(fev('QUEUE_SKIPPED', 'K-2.3b', `${u?.name ?? id} can no longer use its readiness`, { unitId: id }));
  }
  return false;
}

/** F1 TURN_START the rest of BEGIN_TURN (after any barrage): the end check, then the turn and its deck. */
function openTurn(acc: Steps<KGameEvent>, ctx: FlowCtx): void {
  if (immediateEnd(acc, ctx)) return;
  const turn = acc.state.seq.round + 1;
  acc.push(ev('TURN_STARTED', 'K-2.1b', `Turn ${turn} begins`, { turn }));
  acc.push(...shuffleEvents(acc.state, ctx.dice, turn));
}

/** TURN_END: K-GAP-2 readiness lapses, K-GAP-1 the end check. */
function finishTurn(acc: Steps<KGameEvent>, ctx: FlowCtx): void {
  const expired = acc.state.house.readinessExpires ? Object.values(acc.state.units).filter((u) => acc.state.seq.ready.includes(u.id)).map((u) => u.id) : [];
  const turn = acc.state.seq.round;
  acc.push(ev('TURN_ENDED', expired.length ? 'K-GAP-2' : 'K-TERM-9', `Turn ${turn} ends${expired.length ? `; unused readiness lapses for ${expired.map((id) => acc.state.units[id]!.name).join(', ')}` : ''}`, { turn, expiredReadiness: expired }));
  const end = victoryCheck(acc.state, ctx.scenario, 'turn-end', turn >= acc.state.seq.lastRound);
  if (end) acc.push(end);
}

/** K-GAP-1 a side with no unit left on the table ends the game at once. */
export function immediateEnd(acc: Steps<KGameEvent>, ctx: FlowCtx): boolean {
  if (acc.state.tableFlow.result) return true;
  // Scenario special rules after every decision (hidden units revealed by fire or by an enemy close by).
  acc.push(...revealChecks(acc.state, acc.events as ReadonlyArray<{ type: string; shooterId?: unknown }>));
  const end = victoryCheck(acc.state, ctx.scenario, 'command', false);
  if (end) acc.push(end);
  return !!end;
}

export { actionGate };
