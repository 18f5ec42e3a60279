// The rules' tests read a Kuularuisku game as the rules do in play: the table with the cards machine's
// sequence (sequence/reading.ts rulesTable), and fold events through the composed module (the table's
// fold and the machine), never through a sequence of their own.
import type { CardsView, GameEvent } from '../../../src/core';
import { playableModule } from '../../../src/flow';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KReading, KState } from '../../../src/rules/kuularuisku/engine';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { rulesTable } from '../../../src/rules/kuularuisku/sequence/reading';
import type { Scenario } from '../../../src/scenario';

/** Kuularuisku as it is played: the rules and the cards machine composed. */
const played = playableModule(kuularuiskuModule);

/** The composed state each reading handed out here was read from (folds go on from it). */
const GAMES = new WeakMap<KState, KSequenced>();

/** The game's table as the rules read it (remembered, so that `foldPlayed` goes on from the game). */
export function readGame(g: KSequenced): KReading {
  const r = rulesTable(g);
  GAMES.set(r, g);
  return r;
}

/** The game before its first turn (or at its starting states' opening), as the composed module sets it up. */
export function openingOf(scenario: Scenario): KSequenced {
  return played.ruleset.setup(scenario, { table: undefined as never }) as KSequenced;
}

/** The machine's step a sequence in the rules' words stands at (for a reading a test made by hand). */
function stepOf(r: KReading): CardsView['step'] {
  const q = r.seq;
  if (r.tableFlow.result) return 'over';
  if (!q.turnOpen) return 'between';
  if (r.activation) return 'activation';
  if (q.unit !== null) return q.forced ? 'forced' : 'offer';
  if (q.readiness) return 'window';
  return q.deck.length ? 'draw' : 'end';
}

/**
 * The composed state a reading was read from; for a reading a test changed by hand (a spread of one
 * read here), the machine's view of its sequence with the table's own records.
 */
export function gameOf(r: KReading): KSequenced {
  const known = GAMES.get(r);
  if (known) return known;
  const { seq: q, ...table } = r;
  const seq: CardsView = {
    round: q.round, lastRound: q.lastRound, sides: r.sides.map((x) => x.id), side: q.side, first: null, unit: q.unit, acted: q.acted, played: [],
    deck: q.deck, drawn: q.drawn, via: q.via, by: q.by, forced: q.forced, ready: q.ready, readiness: q.readiness, queue: q.queue, taken: [], step: stepOf(r), phase: null,
  };
  return { table: table as KState, seq };
}

/** The reading after these events, folded through the composed module (the table's fold, then the machine). */
export function foldPlayed(r: KReading, events: ReadonlyArray<Record<string, unknown> & { type: string }>): KReading {
  let g = gameOf(r);
  for (const e of events) g = played.ruleset.evolve(g, e as unknown as GameEvent) as KSequenced;
  return readGame(g);
}

/** The game set up from the scenario (the composed module's setup), as the rules read it. */
export function setupRead(scenario: Scenario): KReading {
  return readGame(openingOf(scenario));
}

/** `foldPlayed` with the events as the rules give them. */
export function foldRead(r: KReading, events: readonly unknown[]): KReading {
  return foldPlayed(r, events as never);
}
