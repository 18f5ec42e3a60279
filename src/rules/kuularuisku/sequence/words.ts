// Kuularuisku's words around the cards machine's events (CardsProgram's dress, follow, settle): its
// texts and fields on the machine's events and the lines it writes before and after them, so that its
// log stays word for word on the machine (the mapping: program.ts). The roles not listed keep the
// machine's own words until they are mapped (opening: the barrage before turn 1).
import type { CardsEventRole, CardsView, Command, GameEvent, Sequenced, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { KReading, KState } from '../state';
import { readingAfter } from './reading';
import { ev } from '../events';
import { drawOutcome } from '../activation/deck';
import { fev, type KGameEvent } from '../activation/flow-state';
import { actingUnit, activationUnits, offerEvents, plainOffer } from '../activation/offer';
import { canUseReadiness, sidesWithReadyUnits } from '../activation/readiness';
import { ACTION_NAMES } from '../activation/decide';
import type { KOffer } from '../flow-types';
import { victoryCheck } from '../activation/victory';
import { chargeRemoval, revealChecks } from '../special-play';
import { kuularuiskuRuleset } from '../ruleset';

/** The game with its table as the rules read it (reading.ts rulesState). */
type KSeqd = Sequenced<KReading> & { readonly seq: CardsView };
type Ctx = { scenario: Scenario; table: TableQueries };

const unitName = (t: KState, id: unknown) => t.units[String(id)]?.name ?? String(id);
const sideName = (t: KState, id: unknown) => t.sides.find((x) => x.id === id)?.name ?? String(id);
const asEvents = (events: readonly KGameEvent[]) => events as unknown as GameEvent[];
/** The unit that acts for one offered (a joined leader's group). */
const actingId = (t: KState, unit: string) => actingUnit(t, unit)?.id ?? unit;

/** The reading with these lines folded (the table's fold and their table effects: reading.ts readingAfter). */
function foldLines(t: KReading, lines: readonly KGameEvent[]): KReading {
  let s = t;
  for (const e of lines) s = readingAfter(s, e);
  return s;
}

/**
 * K-GAP-1 and the scenario's special rules after a decision: hidden units revealed (by the events
 * so far), then a side with no unit left ends the game at once (activation/decide.ts's immediateEnd).
 */
export function scenarioChecks(t: KReading, events: readonly GameEvent[], scenario: Scenario): GameEvent[] {
  if (t.tableFlow.result) return [];
  const reveals = revealChecks(t, events as ReadonlyArray<{ type: string; shooterId?: unknown }>);
  const end = victoryCheck(foldLines(t, reveals), scenario, 'command', false);
  return asEvents(end ? [...reveals, end] : reveals);
}

/** The unit offered as the rules' offer reads it: the machine's `via` and `by`, the table's limits. */
export function offerOf(s: KSeqd): KOffer {
  const t = s.table;
  const unit = s.seq.unit!;
  const f = t.tableFlow;
  return { unitId: unit, side: t.units[unit]!.side, via: s.seq.via ?? 'card', ...(s.seq.by ? { commandedBy: s.seq.by } : {}), ...(f.pinnedFailed ? { pinnedFailed: true } : {}), ...(f.mustRegroup ? { mustRegroup: true } : {}) };
}

/** K-2.1b the activation's start as the rules log it (K-2.2d/e the group a joined leader goes with or leaves). */
function started(s: KSeqd, leaders: 'with' | 'leave', text?: string): { line: GameEvent; leaving: GameEvent[] } {
  const t = s.table;
  const offer = offerOf(s);
  const { main, units, leaving, via } = activationUnits(t, offer, leaders);
  const others = units.filter((x) => x !== main).map((x) => unitName(t, x));
  const fields = { unitId: main, units, via, ...(offer.commandedBy ? { commandedBy: offer.commandedBy } : {}) };
  return {
    line: ev('ACTIVATION_STARTED', 'K-2.1b', text ?? `${unitName(t, main)} activates${others.length ? ` with ${others.join(', ')}` : ''}`, fields) as unknown as GameEvent,
    leaving: leaving.map((l) => ev('LEADER_LEFT', 'K-2.2e', `${unitName(t, l.leaderId)} leaves ${unitName(t, l.groupId)} to act on his own card`, { leaderUnitId: l.leaderId, fromUnitId: l.groupId }) as unknown as GameEvent),
  };
}

/** K-2.4a the action the activated unit chose (ACTIVATE's resolution). */
export function actionChosen(s: KSeqd, c: Command): GameEvent[] {
  const a = s.table.activation!;
  const action = String(c.action);
  return [ev('ACTION_CHOSEN', action === 'regroup' ? 'K-1.0c' : action === 'special' ? 'K-GAP-4' : 'K-2.4a', `${unitName(s.table, a.unitId)}: ${ACTION_NAMES[action]}`, { unitId: a.unitId, action: action as never }) as unknown as GameEvent];
}

/** Its texts and fields on the machine's events, and the lines before them. */
export function dress(role: CardsEventRole, e: GameEvent, s: KSeqd, ctx: Ctx, command: Command): { fields?: Record<string, unknown>; before?: GameEvent[] } | undefined {
  const t = s.table;
  switch (role) {
    case 'activate': {
      const r = started(s, command.leaders === 'leave' ? 'leave' : 'with');
      const { type: _type, ...fields } = r.line;
      return { fields, before: r.leaving };
    }
    case 'resolved':
      // F2 a forced step's end: only the pinned test's is the machine's (a rout, a melee round start the activation).
      return { fields: { rule: 'K-7.1f', text: `${unitName(t, actingId(t, String(e.unit)))}: start-of-activation test done`, kind: e.step } };
    case 'end': {
      // TURN_END: K-GAP-2 (house) unused readiness lapses; the turn ends.
      const expired = t.house.readinessExpires ? Object.values(t.units).filter((u) => t.seq.ready.includes(u.id)).map((u) => u.id) : [];
      const turn = Number(e.round);
      return { fields: { rule: expired.length ? 'K-GAP-2' : 'K-TERM-9', text: `Turn ${turn} ends${expired.length ? `; unused readiness lapses for ${expired.map((id) => unitName(t, id)).join(', ')}` : ''}`, turn, expiredReadiness: expired, lapsed: expired } };
    }
    case 'pass':
    case 'acted': {
      // A pass (the offer taken, its one event the acted one): the activation's start first, "does nothing".
      const passing = s.seq.step === 'offer';
      const start = passing ? started(s, 'with', `${unitName(t, s.seq.unit)} activates`).line : undefined;
      const after = start ? foldLines(t, [start as never]) : t;
      const a = after.activation!;
      const text = passing ? `${unitName(t, s.seq.unit)} does nothing this activation` : `${unitName(t, a.unitId)} has activated`;
      // Scenario special rules as the activation ends (a demolition charge cleared by a unit that stayed on it).
      return { fields: { rule: 'K-2.0b', text, unitId: a.unitId, units: a.units }, before: [...(start ? [start] : []), ...asEvents(chargeRemoval(after))] };
    }
    case 'begin': {
      // F1 TURN_START: the scenario's checks, the turn's line, then the deck shuffled (K-2.1b).
      const turn = Number(e.round);
      return { fields: { turn, order: e.deck }, before: [...scenarioChecks(t, [], ctx.scenario), ...asEvents([ev('TURN_STARTED', 'K-2.1b', `Turn ${turn} begins`, { turn })])] };
    }
    case 'draw':
      return { fields: { unitId: e.card, left: s.seq.deck.length - 1 } };
    case 'ready':
      return { fields: { unitId: e.unit, text: `${unitName(t, e.unit)} waits in readiness` } };
    case 'command':
      return { fields: { leaderId: e.by, unitId: e.unit, text: `${unitName(t, e.by)} commands ${unitName(t, e.unit)}` } };
    case 'declare':
      return { fields: { unitId: e.unit, text: e.unit ? `${sideName(t, e.side)} wants to use ${unitName(t, e.unit)}` : `${sideName(t, e.side)} waits` } };
    case 'rolled':
      // K-2.3c the roll-off's own rule.
      return { fields: { rule: 'K-2.3c' } };
    case 'close': {
      const queue = e.queue as string[];
      return { fields: { text: queue.length ? `Ready units activate: ${queue.map((id) => unitName(t, id)).join(', ')}` : 'No ready unit is used now' } };
    }
    default:
      return undefined;
  }
}

/** The lines after a machine's event: a card spent or the unit offered; the queued units offered or passed over. */
export function follow(role: CardsEventRole, e: GameEvent, s: KSeqd, prev: KSeqd, ctx: Ctx, _command: Command): GameEvent[] {
  const t = s.table;
  switch (role) {
    case 'draw': {
      const card = String(e.card);
      const out = drawOutcome(t, card);
      // K-2.0b, K-2.2b/e, K-1.2a a spent card; else the unit's offer or the step it faces first (F2).
      return asEvents(out.kind === 'spent' ? [fev('CARD_SPENT', out.rule, out.text, { unitId: card, reason: out.reason })] : offerEvents(t, card, 'card', ctx.table));
    }
    case 'command':
      return asEvents(offerEvents(t, String(e.unit), 'command', ctx.table, String(e.by)));
    case 'pass':
    case 'acted':
      return betweenActivations(t, prev.seq.queue, [e], ctx);
    case 'resolved': {
      const unit = String(e.unit);
      const now = t.units[actingId(t, unit)];
      // K-7.1c/f still pinned or steady: offered; K-7.3c routed at once, or gone: it does not act.
      if (e.goesOn) return asEvents([plainOffer(t, unit, s.seq.via ?? 'card', ctx.table, s.seq.by ?? undefined, now?.status === 'pinned')]);
      return [...asEvents([fev('OFFER_LAPSED', now?.status === 'routing' ? 'K-7.3c' : 'K-7.1f', `${unitName(t, actingId(t, unit))} does not act this activation`, { unitId: unit })]), ...betweenActivations(t, prev.seq.queue, [e], ctx)];
    }
    case 'end': {
      // K-GAP-1 the turn's verdict.
      const end = victoryCheck(t, ctx.scenario, 'turn-end', Number(e.round) >= t.seq.lastRound);
      return end ? asEvents([end]) : [];
    }
    case 'close': {
      // K-2.3b the queue in order: a unit that can no longer use its readiness is passed over.
      const lines: KGameEvent[] = [];
      for (const id of e.queue as string[]) {
        const u = t.units[id];
        if (u && canUseReadiness(t, u)) return asEvents([...lines, ...offerEvents(t, id, 'readiness', ctx.table)]);
        lines.push(fev('QUEUE_SKIPPED', 'K-2.3b', `${u?.name ?? id} can no longer use its readiness`, { unitId: id }));
      }
      return asEvents(lines);
    }
    default:
      return [];
  }
}

/**
 * K-2.3b between activations (decide.ts's afterActivation): the scenario's checks, then the queued
 * ready units (offered, or passed over), else a window for the sides with a usable ready unit.
 * `queue`: the machine's queue before the activation's end (after it, the machine has already dropped
 * the units it passes over, and emptied the queue when a card is drawn next).
 */
function betweenActivations(t: KReading, queue: readonly string[], events: readonly GameEvent[], ctx: Ctx): GameEvent[] {
  const checks = scenarioChecks(t, events, ctx.scenario);
  const s = foldLines(t, checks as never);
  if (s.tableFlow.result) return checks;
  const lines: KGameEvent[] = [];
  for (const id of queue) {
    const u = s.units[id];
    if (u && canUseReadiness(s, u)) return [...checks, ...asEvents([...lines, ...offerEvents(s, id, 'readiness', ctx.table)])];
    lines.push(fev('QUEUE_SKIPPED', 'K-2.3b', `${u?.name ?? id} can no longer use its readiness`, { unitId: id }));
  }
  const after = foldLines(s, lines);
  const sides = sidesWithReadyUnits(after);
  if (sides.length) lines.push(fev('WINDOW_OPENED', 'K-2.3b', `Between activations: ${sides.map((x) => sideName(after, x)).join(' and ')} may use a ready unit`, { sides }));
  return [...checks, ...asEvents(lines)];
}

/** After every command: the scenario's checks over its events (activation/decide.ts's immediateEnd at the end of each decision). */
export function settle(s: KSeqd, _command: Command, events: readonly GameEvent[], ctx: Ctx): GameEvent[] {
  return scenarioChecks(s.table, events, ctx.scenario);
}
