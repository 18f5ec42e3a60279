// Kuularuisku's words around the cards machine's events (CardsProgram's dress, follow, settle): its
// texts and fields on the machine's events and the lines it writes before and after them, so that its
// log stays word for word on the machine (the mapping: program.ts). The roles not listed keep the
// machine's own words until they are mapped (activate, pass, acted, resolved, end, opening, closing).
import type { CardsEventRole, CardsView, Command, GameEvent, Sequenced, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { KState } from '../state';
import { ev } from '../events';
import { drawOutcome } from '../activation/deck';
import { fev, type KGameEvent } from '../activation/flow-state';
import { offerEvents } from '../activation/offer';
import { canUseReadiness } from '../activation/readiness';
import { victoryCheck } from '../activation/victory';
import { revealChecks } from '../special-play';
import { kuularuiskuRuleset } from '../ruleset';

type KSeqd = Sequenced<KState> & { readonly seq: CardsView };
type Ctx = { scenario: Scenario; table: TableQueries };

const unitName = (t: KState, id: unknown) => t.units[String(id)]?.name ?? String(id);
const sideName = (t: KState, id: unknown) => t.sides.find((x) => x.id === id)?.name ?? String(id);
const asEvents = (events: readonly KGameEvent[]) => events as unknown as GameEvent[];

/** The table with these lines folded (the rules' own fold). */
function foldLines(t: KState, lines: readonly KGameEvent[]): KState {
  let s = t;
  for (const e of lines) s = kuularuiskuRuleset.evolve(s, e as never);
  return s;
}

/**
 * K-GAP-1 and the scenario's special rules after a decision: hidden units revealed (by the events
 * so far), then a side with no unit left ends the game at once (activation/decide.ts's immediateEnd).
 */
export function scenarioChecks(t: KState, events: readonly GameEvent[], scenario: Scenario): GameEvent[] {
  if (t.tableFlow.result) return [];
  const reveals = revealChecks(t, events as ReadonlyArray<{ type: string; shooterId?: unknown }>);
  const end = victoryCheck(foldLines(t, reveals), scenario, 'command', false);
  return asEvents(end ? [...reveals, end] : reveals);
}

/** Its texts and fields on the machine's events, and the lines before them. */
export function dress(role: CardsEventRole, e: GameEvent, s: KSeqd, ctx: Ctx): { fields?: Record<string, unknown>; before?: GameEvent[] } | undefined {
  const t = s.table;
  switch (role) {
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
export function follow(role: CardsEventRole, e: GameEvent, s: KSeqd, _prev: KSeqd, ctx: Ctx, _command: Command): GameEvent[] {
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

/** After every command: the scenario's checks over its events (activation/decide.ts's immediateEnd at the end of each decision). */
export function settle(s: KSeqd, _command: Command, events: readonly GameEvent[], ctx: Ctx): GameEvent[] {
  return scenarioChecks(s.table, events, ctx.scenario);
}
