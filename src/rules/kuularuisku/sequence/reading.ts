// The sequence facts the rules read (KSeq: the turn, the deck, the unit offered, who acted, readiness),
// read from the cards machine's view: in a played game the machine's sequence is the one the rules see.
import type { CardsView, Sequenced } from '../../../core';
import type { KForcedStep, KSeq } from '../flow-types';
import { stateWithFlow } from '../records';
import type { KState } from '../state';

/**
 * The machine's view in the rules' words. The machine keeps the unit acting (its side, how it came)
 * through its activation; the rules' offer ends when the activation starts (they read the activation).
 * A turn is open at every step but between turns and the barrage's answers before turn 1.
 *
 * One fact still comes from the table's own fold, where the machine's differs and the HUD depends on
 * it: whether the turn was open when the game ended (the deck tally; the machine's step is 'over'
 * either way).
 */
export function sequenceFacts(v: CardsView, table: KState): KSeq {
  const offered = table.activation ? null : v.unit;
  return {
    round: v.round,
    turnOpen: v.step === 'over' ? table.seq.turnOpen : v.step !== 'between' && v.step !== 'opening',
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
const READ = new WeakMap<KState, { seq: CardsView; read: KState }>();

/** The table as the rules read it in a played game: its own records and the machine's sequence. */
export function rulesTable(s: Sequenced<KState> & { readonly seq: CardsView }): KState {
  const known = READ.get(s.table);
  if (known && known.seq === s.seq) return known.read;
  const read = stateWithFlow(s.table, sequenceFacts(s.seq, s.table), s.table.tableFlow);
  READ.set(s.table, { seq: s.seq, read });
  return read;
}

/** The composed state with the rules' reading of its table (what the program's parts hand the rules). */
export function rulesState<S extends Sequenced<KState> & { readonly seq: CardsView }>(s: S): S {
  return { ...s, table: rulesTable(s) };
}
