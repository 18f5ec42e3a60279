// Kuularuisku's close-combat exchange (CardsProgram.exchange): a unit in melee offered its activation
// fights a round (K-6.3a, K-6.5a), and a charge's first round is fought at once in the charger's
// activation (K-6.1b, `opens`); the cards machine runs the round as its nested states, step by step,
// each a guard and a resolution here: the melee begins (K-6.3a: the activation with it; K-6.1b: in the
// charger's), both sides roll and their owners allocate the wounds (K-6.4a–d: where the owners choose,
// the exchange waits at this step), the round's outcome — the loser's morale test, falling back or
// fighting on (K-6.4e–i) — then the activation ends (K-6.3b). An owner's answer is the rules' own: it
// resolves the rest of the round's wounds; the round's outcome stays deferred (MeleeRoundWounds), so
// the steps after it follow the last answer.
import type { Command, ExchangeProgram, ExchangeStep, GameEvent, Resolution, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { Steps } from '../context';
import { meleeRoundAsking, meleeRoundOutcome } from '../melee';
import type { KState } from '../state';
import { endActivation, forcedActivationStarts } from '../activation/decide';
import type { KGameEvent } from '../activation/flow-state';
import { firstRoundFought } from '../activation/melee-flow';
import { actingUnit } from '../activation/offer';
import { askMeleeOwner } from '../activation/wound-choice';
import type { KReadSequenced, KSequenced, KSequenceCtx } from './program';
import { rulesState } from './reading';

/** The game as the exchange's steps read it: the table with the machine's sequence (reading.ts). */
type S = KReadSequenced;
const read = (s: unknown): S => rulesState(s as KSequenced);
/** Its events as the machine's (Kuularuisku's event types are closed, the machine's carry any field). */
const resolved = (events: readonly KGameEvent[]): Resolution => ({ ok: true, events: [...events] as unknown as GameEvent[] });
const done = (acc: Steps<KGameEvent>): Resolution => resolved(acc.events);
/** The melee the unit offered (or its group) is locked in. */
const meleeOf = (s: S) => (s.seq.unit ? actingUnit(s.table, s.seq.unit)?.meleeId : undefined);

/**
 * K-6.3a the unit's activation is the melee: it activates (with its leader's group) and can do nothing
 * else; K-6.1b a charge's melee is fought at once, in the charger's activation (already on).
 */
function begins(s: S): Resolution {
  const acc = new Steps<KGameEvent>(s.table);
  if (s.table.activation) {
    acc.push(firstRoundFought());
    return done(acc);
  }
  const unit = s.seq.unit!;
  forcedActivationStarts(acc, 'melee-round', { unitId: unit, side: s.table.units[unit]!.side, via: s.seq.via ?? 'card', ...(s.seq.by ? { commandedBy: s.seq.by } : {}) });
  return done(acc);
}

/** K-6.1b a charge's first round, awaited in the charger's activation once the melee has begun (after grenades, K-6.6): the exchange opens there. */
function opens(s: S, c: Command): boolean {
  return c.type === 'RESOLVE' && c.step === 'melee-start' && s.table.tableFlow.pending?.kind === 'melee-start';
}

/** What each step of the round awaits, as the players read it. */
const STEP_WORDS: Record<string, (s: S) => string> = {
  'melee begins': (s) => `${unitName(s, s.seq.unit)} ${s.table.activation ? 'fights it in its activation' : 'activates to fight it'} (K-6.3a)`,
  round: () => 'both sides\' hits are taken as wounds (K-6.4a–d)',
  outcome: () => 'the side hit more tests its morale (K-6.4e)',
  'activation ends': (s) => `${unitName(s, s.seq.unit)}'s activation ends with it (K-6.3b)`,
};
const unitName = (s: S, id: string | null) => (id ? s.table.units[id]?.name ?? id : 'the unit');

/** "the melee round between Squad c and Squad t is being fought: …": the melee's units by name, then what its step awaits. */
function awaiting(s: S): string {
  const m = s.table.melees[meleeOf(s) ?? ''];
  const names = (m?.units ?? []).map((id) => unitName(s, id));
  const between = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0] ?? unitName(s, s.seq.unit);
  return `the melee round between ${between} is being fought: ${STEP_WORDS[s.seq.exchange ?? '']?.(s) ?? s.seq.exchange}`;
}

/** K-6.4a–d both sides roll at once; the hits are wounds, allocated by each side's owner where he has a real choice (the exchange waits for him). */
function round(s: S, ctx: KSequenceCtx): Resolution {
  const acc = new Steps<KGameEvent>(s.table);
  const r = meleeRoundAsking(s.table, meleeOf(s)!, ctx, { ownerAllocates: true, deferOutcome: true });
  acc.push(...r.events);
  if (r.awaiting) askMeleeOwner(acc, r.awaiting);
  return done(acc);
}

/** K-6.4e–i the side that took more hits tests morale: it holds (the melee goes on) or falls back (it ends); equal hits: it goes on. */
function outcome(s: S, ctx: KSequenceCtx): Resolution {
  return resolved(meleeRoundOutcome(s.table, meleeOf(s)!, ctx));
}

/** K-6.3b the activation is over with the round (what comes between activations follows). */
function ends(s: S, ctx: KSequenceCtx): Resolution {
  const acc = new Steps<KGameEvent>(s.table);
  endActivation(acc, { scenario: ctx.scenario, table: ctx.table, dice: ctx.dice });
  return done(acc);
}

/** One step over the program's own state: the exchange runs on the cards machine, so its sequence is a cards view. */
function step(name: string, rule: string, due: (s: S) => boolean, resolve: (s: S, ctx: KSequenceCtx) => Resolution): ExchangeStep<KState, Scenario, TableQueries> {
  return { name, rule, due: (s) => due(read(s)), resolve: (s, ctx) => resolve(read(s), ctx) };
}

/** The melee round's steps, in order, under the forced step that is the exchange (`melee-round`). */
export const meleeExchange: ExchangeProgram<KState, Scenario, TableQueries> = {
  forced: 'melee-round',
  opens: (s, c) => opens(read(s), c),
  awaiting: (s) => awaiting(read(s)),
  steps: [
    step('melee begins', 'K-6.3a', () => true, begins),
    step('round', 'K-6.4a', (s) => !!s.table.melees[meleeOf(s) ?? ''], round),
    step('outcome', 'K-6.4e', (s) => !!s.table.melees[meleeOf(s) ?? '']?.outcomeDue, outcome),
    // The round left the activation on (no owner's answer ended it).
    step('activation ends', 'K-6.3b', (s) => !!s.table.activation, ends),
  ],
};
