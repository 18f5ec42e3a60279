// The sequence facts the rules read (KSeq: the turn, the deck, the unit offered, who acted, readiness),
// read from the cards machine's view: the machine's sequence is the only one (the table keeps no copy).
import type { CardsView, Sequenced } from '../../../core';
import type { KForcedStep, KSeq } from '../flow-types';
import type { AnyGameEvent } from '../activation/flow-state';
import { evolveKRecalled } from '../evolve';
import { readingOf } from '../records';
import type { KReading, KState } from '../state';
import { seqWithEffects, tableEffects } from './table-effects';

/**
 * K-GAP-1 was the turn still open when the game ended (the machine's step is 'over' either way)? A
 * verdict at a turn's end (the scenario's conditions, the last turn's points or default) comes after
 * the turn closed; a side left with no unit ends the game at once, inside the turn.
 */
function openAtTheEnd(table: KState): boolean {
  return table.tableFlow.result?.reason === 'eliminated';
}

/**
 * The machine's view in the rules' words. The machine keeps the unit acting (its side, how it came)
 * through its activation; the rules' offer ends when the activation starts (they read the activation).
 * A turn is open at every step but between turns and the barrage's answers before turn 1.
 */
export function sequenceFacts(v: CardsView, table: KState): KSeq {
  const offered = table.activation ? null : v.unit;
  return {
    round: v.round,
    turnOpen: v.step === 'over' ? openAtTheEnd(table) : v.step !== 'between' && v.step !== 'opening',
    lastRound: v.lastRound,
    deck: v.deck as string[],
    drawn: v.drawn as string[],
    acted: v.acted as string[],
    unit: offered,
    side: offered === null ? null : v.side,
    via: offered === null ? null : v.via,
    by: offered === null ? null : v.by,
    forced: v.forced as KForcedStep | null,
    ready: v.ready as string[],
    readiness: v.readiness as KSeq['readiness'],
    queue: v.queue as string[],
  };
}

/** The last reading per table record and view (a command's guards ask many times of one state). */
const READ = new WeakMap<KState, { seq: CardsView; read: KReading }>();

/** The table as the rules read it in a played game: its own records and the machine's sequence. */
export function rulesTable(s: Sequenced<KState> & { readonly seq: CardsView }): KReading {
  const known = READ.get(s.table);
  if (known && known.seq === s.seq) return known.read;
  const read = readingOf(s.table, sequenceFacts(s.seq, s.table));
  READ.set(s.table, { seq: s.seq, read });
  return read;
}

/** The composed state with the rules' reading of its table (what the program's parts hand the rules). */
export function rulesState(s: Sequenced<KState> & { readonly seq: CardsView }): Sequenced<KReading> & { readonly seq: CardsView } {
  return { ...s, table: rulesTable(s) };
}

/**
 * The reading after one of a decision's own events: the table folds it, the sequence takes its table
 * effects (a rout that counts as an activation, a unit no longer ready: table-effects.ts). The machine
 * follows the sequence's own events after the decision; inside it the rules read the sequence as the
 * command found it.
 */
export function readingAfter(r: KReading, e: AnyGameEvent): KReading {
  const table = evolveKRecalled(r, e);
  const seq = seqWithEffects(r.seq, e.type === 'DICE_ROLLED' ? undefined : tableEffects(r, e as never));
  return table === r && seq === r.seq ? r : readingOf(table, seq);
}
