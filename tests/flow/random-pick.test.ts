// The random player's lazy pick (LazyCandidates): the kind of command first, then only the groups
// that may hold it are built; empty kinds and refused commands drop out; the same seed, the same picks.
import { describe, expect, it } from 'vitest';
import { type CandidateGroup, LazyCandidates, createRng } from '../../src/flow';
import type { Command } from '../../src/game';

function groups(log: string[]): Array<CandidateGroup<Command>> {
  const group = (name: string, keys: string[], commands: Command[]): CandidateGroup<Command> => ({ keys, build: () => (log.push(name), commands) });
  return [
    group('moves', ['MOVE', 'MOVE:charge'], [{ type: 'MOVE', n: 1 }, { type: 'MOVE', n: 2 }]),
    group('shots', ['SHOOT'], []),
    group('end', ['END_ACTIVATION'], [{ type: 'END_ACTIVATION' }]),
  ];
}

describe('random play over lazily built candidate groups', () => {
  it('builds only the group holding the picked kind, each at most once', () => {
    const log: string[] = [];
    const lazy = new LazyCandidates(groups(log), createRng(1), { MOVE: 1, 'MOVE:charge': 0, SHOOT: 0, END_ACTIVATION: 0 });
    expect(lazy.pick()?.type).toBe('MOVE');
    expect(log).toEqual(['moves']);
    lazy.pick();
    expect(log).toEqual(['moves']);
  });

  it('drops a kind that turns out empty and a refused command, until nothing is left', () => {
    const log: string[] = [];
    const lazy = new LazyCandidates(groups(log), createRng(2));
    const picked: Command[] = [];
    for (let c = lazy.pick(); c; c = lazy.pick()) {
      picked.push(c);
      lazy.drop(c);
    }
    // Every command once; no charge and no shot existed, so none was ever returned.
    expect(picked.map((c) => `${c.type}${c.n ?? ''}`).sort()).toEqual(['END_ACTIVATION', 'MOVE1', 'MOVE2']);
    expect([...log].sort()).toEqual(['end', 'moves', 'shots']);
  });

  it('is reproducible: the same seed picks the same commands', () => {
    const run = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 20 }, () => new LazyCandidates(groups([]), rng).pick()).map((c) => `${c!.type}${c!.n ?? ''}`);
    };
    expect(run(7)).toEqual(run(7));
    expect(new Set(run(7)).size).toBeGreaterThan(1);
  });
});
