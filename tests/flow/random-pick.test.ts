// The random player's lazy pick (LazyCandidates): the kind of command first, then only the groups
// that may hold it are built (or, for groups of lazy candidates, only the candidate picked); empty
// kinds, candidates that build nothing and refused commands drop out; the same seed, the same picks.
import { describe, expect, it } from 'vitest';
import { type CandidateGroup, LazyCandidates, type Rng, createRng } from '../../src/core';
import type { Command } from '../../src/game';
import { DEFAULT_WEIGHTS, keyOf } from '../../src/rules/kuularuisku/player';

/** The pick as the Kuularuisku player makes it (its weighting keys: a charge counts as its own). */
const lazyOf = (gs: ReadonlyArray<CandidateGroup<Command>>, rng: Rng, weights: Readonly<Record<string, number>> = DEFAULT_WEIGHTS) => new LazyCandidates<Command>(gs, rng, weights, keyOf);

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
    const lazy = lazyOf(groups(log), createRng(1), { MOVE: 1, 'MOVE:charge': 0, SHOOT: 0, END_ACTIVATION: 0 });
    expect(lazy.pick()?.type).toBe('MOVE');
    expect(log).toEqual(['moves']);
    lazy.pick();
    expect(log).toEqual(['moves']);
  });

  it('drops a kind that turns out empty and a refused command, until nothing is left', () => {
    const log: string[] = [];
    const lazy = lazyOf(groups(log), createRng(2));
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
      return Array.from({ length: 20 }, () => lazyOf(groups([]), rng).pick()).map((c) => `${c!.type}${c!.n ?? ''}`);
    };
    expect(run(7)).toEqual(run(7));
    expect(new Set(run(7)).size).toBeGreaterThan(1);
  });
});

describe('random play over candidates built one at a time (CandidateGroup.candidates)', () => {
  type Lazy = NonNullable<CandidateGroup<Command>['candidates']> extends () => ReadonlyArray<infer L> ? L : never;
  const cand = (n: number, weight: number, log: number[], opts: { empty?: boolean; own?: number; key?: string } = {}): Lazy => ({
    key: opts.key ?? 'MOVE',
    weight,
    build: () => (log.push(n), opts.empty ? undefined : { type: 'MOVE', ...(opts.key === 'MOVE:charge' ? { mode: 'charge' } : {}), n }),
    ...(opts.own !== undefined ? { weigh: () => opts.own! } : {}),
  });
  const lazyGroup = (cands: () => Lazy[], keys = ['MOVE']): CandidateGroup<Command> => ({ keys, build: () => { throw new Error('the whole list is not built'); }, candidates: cands });
  const only = { MOVE: 1, 'MOVE:charge': 1, END_ACTIVATION: 0 };

  it('builds only the candidate it picks, and weighs the rest without building them', () => {
    const log: number[] = [];
    let weighed = 0;
    const lazy = lazyOf([lazyGroup(() => (weighed++, [cand(1, 1, log), cand(2, 5, log), cand(3, 2, log)]))], createRng(3), only);
    const c = lazy.pick()!;
    expect(weighed).toBe(1);
    expect(log).toEqual([c.n]);
    // Picked again (not refused): the same command, not built again.
    expect(lazy.pick()).toBe(c);
    expect(log).toEqual([c.n]);
  });

  it('picks in proportion to the weights (seeded, 6000 picks)', () => {
    const rng = createRng(11);
    const count = [0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) count[lazyOf([lazyGroup(() => [cand(1, 1, []), cand(2, 3, []), cand(3, 6, [])])], rng, only).pick()!.n as number]!++;
    // Expected 600, 1800, 3600: within about four standard deviations.
    expect(Math.abs(count[1]! - 600)).toBeLessThan(100);
    expect(Math.abs(count[2]! - 1800)).toBeLessThan(150);
    expect(Math.abs(count[3]! - 3600)).toBeLessThan(150);
  });

  it('keeps the picks at the built commands\' own weights when a weight was only an estimate above it', () => {
    const rng = createRng(5);
    const count = [0, 0, 0];
    // Candidate 1 is weighed 10 before it is built, 2 once built; candidate 2 weighs 2 all along: half and half.
    for (let i = 0; i < 4000; i++) count[lazyOf([lazyGroup(() => [cand(1, 10, [], { own: 2 }), cand(2, 2, [], { own: 2 })])], rng, only).pick()!.n as number]!++;
    expect(Math.abs(count[1]! - 2000)).toBeLessThan(130);
  });

  it('drops a candidate that builds nothing and picks another; a key with nothing left gives way to another key', () => {
    const log: number[] = [];
    const lazy = lazyOf([
      lazyGroup(() => [cand(1, 50, log, { empty: true }), cand(2, 1, log), cand(3, 50, log, { empty: true })]),
      lazyGroup(() => [cand(4, 1, log, { key: 'MOVE:charge', empty: true })], ['MOVE:charge']),
      { keys: ['END_ACTIVATION'], build: () => [{ type: 'END_ACTIVATION' }] },
    ], createRng(9), { MOVE: 1, 'MOVE:charge': 1000, END_ACTIVATION: 0.001 });
    // The charge is picked first (its key weighs most) and builds nothing; then the moves, the empty ones dropped.
    expect(lazy.pick()?.n).toBe(2);
    expect(log[0]).toBe(4);
    expect(log.filter((n) => n === 2)).toHaveLength(1);
    // Refused: every move is gone, only the end of the activation is left.
    lazy.drop(lazy.pick()!);
    expect(lazy.pick()?.type).toBe('END_ACTIVATION');
    expect(new Set(log)).toEqual(new Set([1, 2, 3, 4]));
  });

  it('asks its group\'s sureRefusal about a command built lazily', () => {
    const lazy = lazyOf([{ ...lazyGroup(() => [cand(1, 1, [])]), sureRefusal: (c) => c.n === 1 }], createRng(1), only);
    expect(lazy.surelyRefused(lazy.pick()!)).toBe(true);
  });

  it('tells a refused command\'s group (CandidateGroup.refused), built whole or lazily, and no other group', () => {
    const told: string[] = [];
    const lazy = lazyOf([
      { ...lazyGroup(() => [cand(1, 1, [])]), refused: (c, why) => told.push(`moves ${c.n} ${why.rule}`) },
      { keys: ['SHOOT'], build: () => [{ type: 'SHOOT', n: 2 }], refused: (c, why) => told.push(`shots ${c.n} ${why.rule}`) },
      { keys: ['END_ACTIVATION'], build: () => [{ type: 'END_ACTIVATION' }] },
    ], createRng(2), { MOVE: 1, SHOOT: 1, END_ACTIVATION: 1 });
    for (let c = lazy.pick(); c; c = lazy.pick()) {
      lazy.refused(c, { reason: 'no', rule: `R${c.n ?? 0}` });
      lazy.drop(c);
    }
    expect(told.sort()).toEqual(['moves 1 R1', 'shots 2 R2']);
  });

  it('is reproducible: the same seed builds and picks the same candidates', () => {
    const run = (seed: number) => {
      const rng = createRng(seed);
      const log: number[] = [];
      const picks = Array.from({ length: 30 }, () => lazyOf([lazyGroup(() => [cand(1, 3, log, { own: 1 }), cand(2, 2, log, { empty: true }), cand(3, 4, log)])], rng, only).pick()!.n);
      return { picks, log };
    };
    expect(run(4)).toEqual(run(4));
    expect(new Set(run(4).picks)).toEqual(new Set([1, 3]));
  });
});
