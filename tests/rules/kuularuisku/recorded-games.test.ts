// Recorded games (recorded-games.json: command logs and event-log hashes of `bench/game-hashes.ts record`)
// replayed through the cards machine with Kuularuisku's program: every command is taken and the log is
// line for line the recorded one (each event's type, rule and text), with the machine's sequence keeping
// its invariants after every command. The games cover a turn's every step: the deal, cards drawn, spent
// and offered, pinned tests, readiness windows and roll-offs, commands, melee rounds, the turn's end.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../../src/battlefield';
import { cachedTable, playableModule } from '../../../src/flow';
import { GameSession, type Command } from '../../../src/game';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { parseScenarioOrThrow } from '../../../src/scenario';

const played = playableModule(kuularuiskuModule);
const FIXTURE = 'tests/rules/kuularuisku/recorded-games.json';

interface Recorded { scenario: string; seed: number; events: string; winner: string; commands: Command[] }
const RECORDED = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Recorded[];

/** The hash game-hashes.ts records: every event's type, rule and text, in order. */
function eventsHash(events: ReadonlyArray<{ type: string; rule?: unknown; text?: unknown }>): string {
  const h = createHash('sha256');
  for (const e of events) h.update(`${e.type}\u0000${String(e.rule ?? '')}\u0000${String(e.text ?? '')}\n`);
  return h.digest('hex').slice(0, 16);
}

/** The machine's sequence as the cards model holds it: what must hold after every command. */
function sequenceProblems(s: KSequenced): string[] {
  const q = s.seq;
  const out: string[] = [];
  const cards = new Set([...q.deck, ...q.drawn]);
  // K-2.1b one card a unit: none both drawn and in the deck, none twice.
  if (cards.size !== q.deck.length + q.drawn.length) out.push(`a card twice in deck ${q.deck} and drawn ${q.drawn}`);
  // K-2.0b a unit acts once a turn; K-2.3b a queued unit waits in readiness and has not acted.
  if (new Set(q.acted).size !== q.acted.length) out.push(`a unit twice among the acted ${q.acted}`);
  for (const id of q.queue) if (!q.ready.includes(id)) out.push(`${id} queued but not ready`);
  // The unit offered or acting belongs to the side the machine says acts.
  if (q.unit && ['offer', 'forced', 'activation'].includes(q.step) && q.side !== s.table.units[q.unit]?.side) out.push(`${q.unit} is not of side ${q.side}`);
  if (q.step === 'draw' && !q.deck.length) out.push('a card to draw from an empty deck');
  if (q.round > q.lastRound) out.push(`turn ${q.round} after the last, ${q.lastRound}`);
  return out;
}

describe('recorded games replayed through the cards machine (K-2.1b, K-2.2a, K-2.3a, K-2.3b, K-2.3c, K-7.1f, K-GAP-1)', () => {
  for (const game of RECORDED) {
    it(`${game.scenario.split('/').pop()} seed ${game.seed}: every command taken, the same log, the sequence's invariants`, async () => {
      const scenario = parseScenarioOrThrow(readFileSync(game.scenario, 'utf8'), game.scenario);
      const bf = await createBattlefield(scenario);
      try {
        const g = new GameSession({ ruleset: played.ruleset, scenario, table: cachedTable(bf), seed: game.seed });
        const problems: string[] = [];
        const steps = new Set<string>();
        game.commands.forEach((c, i) => {
          const r = g.dispatch(c);
          if (!r.ok) throw new Error(`${FIXTURE}: command ${i} (${c.type}) refused: ${r.reason}`);
          const s = g.state as KSequenced;
          steps.add(s.seq.step);
          for (const p of sequenceProblems(s)) if (problems.length < 10) problems.push(`command ${i} (${c.type}): ${p}`);
        });
        expect(problems).toEqual([]);
        expect(eventsHash(g.events)).toBe(game.events);
        expect(g.victory()?.winner ?? 'draw').toBe(game.winner);
        for (const step of ['draw', 'offer', 'activation', 'end', 'over']) expect(steps, step).toContain(step);
      } finally {
        bf.free();
      }
    }, 120_000);
  }

  it('the recorded games pass through every sequence command: the deal, draws, readiness, its windows, forced steps, commands, the turn\'s end', () => {
    const types = new Set(RECORDED.flatMap((g) => g.commands.map((c) => c.type)));
    for (const t of ['BEGIN_TURN', 'DRAW_CARD', 'ACTIVATE', 'PASS', 'READY', 'READINESS', 'COMMAND', 'RESOLVE', 'END_ACTIVATION', 'END_TURN']) expect(types, t).toContain(t);
  });
});
