// A whole game played by a Player (core's interface) through flow's playGame, on a tiny ruleset: the
// random player proposes, the rules judge; a refused proposal of a type the rules may refuse is dropped
// and another picked (its group told why), any other refusal is a bug; the same seed, the same game.
import { describe, expect, it } from 'vitest';
import { type CandidateGroup, type Player, randomPlayer } from '../../src/core';
import { playGame } from '../../src/flow';
import { GameSession, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { trainingGroundScenario } from '../battlefield/fixture';

interface S { position: number; turn: number }
type C = Command & ({ type: 'STEP'; by: number } | { type: 'END_TURN' });

/** Steps of up to 2 are allowed, longer ones refused (T-1); three turns. */
const steps: Ruleset<S, C, GameEvent, null> = {
  id: 'test-steps', version: '1', activationModel: 'igougo',
  validateScenario: () => [],
  // One walker: either side of the table may move it.
  actingSides: () => ({ sides: ['red', 'blue'], anySide: true }),
  setup: () => ({ position: 0, turn: 1 }),
  legalCommands: (s) => (s.turn > 3 ? [] : [{ type: 'STEP', by: 1 }, { type: 'STEP', by: 2 }, { type: 'END_TURN' }]),
  decide(s, c) {
    if (s.turn > 3) return { ok: false, reason: 'the game is over' };
    if (c.type === 'END_TURN') return { ok: true, events: [{ type: 'TURN_ENDED' }] };
    return c.by > 2 ? { ok: false, reason: `${c.by} is more than 2`, rule: 'T-1' } : { ok: true, events: [{ type: 'STEPPED', by: c.by, rule: 'T-1' }] };
  },
  evolve: (s, e) => (e.type === 'STEPPED' ? { ...s, position: s.position + (e.by as number) } : e.type === 'TURN_ENDED' ? { ...s, turn: s.turn + 1 } : s),
  victory: (s) => (s.turn > 3 ? { winner: null, reason: `at ${s.position}` } : undefined),
};

const scenario = trainingGroundScenario();
const session = () => new GameSession({ ruleset: steps, scenario, table: null, seed: 1 });

/** Candidates of steps 1…5 (the rules refuse 3…5), weighted so that steps are tried far more than the end of a turn. */
function stepper(seed: number, told: string[]): Player<S, C, null> {
  const group = (by: number): CandidateGroup<C> => ({ keys: ['STEP'], build: () => [{ type: 'STEP', by }], refused: (c, why) => told.push(`${(c as { by: number }).by} ${why.rule}`) });
  return randomPlayer<S, C, null, unknown>({
    seed, weights: { STEP: 50, END_TURN: 1 }, keyOf: (c) => c.type, unchecked: new Set(['STEP']),
    groups: () => [1, 2, 3, 4, 5].map(group).concat([{ keys: ['END_TURN'], build: () => [{ type: 'END_TURN' }] }]),
  });
}

describe('playGame with a Player', () => {
  it('plays to the end; refused steps are dropped, their group told the reason, and never accepted', () => {
    const g = session();
    const told: string[] = [];
    const r = playGame(g, stepper(7, told), { table: null });
    expect(r.result).toMatchObject({ winner: null });
    expect(r.commands).toBe(g.log.length);
    expect(r.refused).toBe(told.length);
    expect(r.refused).toBeGreaterThan(0);
    expect(new Set(told)).toEqual(new Set(['3 T-1', '4 T-1', '5 T-1']));
    expect(g.log.every((e) => e.command.type === 'END_TURN' || (e.command as { by: number }).by <= 2)).toBe(true);
  });

  it('the same seed plays the same game', () => {
    const a = session();
    const b = session();
    playGame(a, stepper(3, []), { table: null });
    playGame(b, stepper(3, []), { table: null });
    expect(b.log.map((e) => e.command)).toEqual(a.log.map((e) => e.command));
    expect(b.stateHash()).toBe(a.stateHash());
  });

  it('a refusal of a type the rules should have accepted is a bug: thrown with the rules\' reason', () => {
    expect(() => playGame(session(), randomPlayer<S, C, null, unknown>({
      seed: 7, weights: { STEP: 1 }, keyOf: (c) => c.type, candidates: () => [{ type: 'STEP', by: 4 }],
    }), { table: null })).toThrow(/a legal command was refused: .*"by":4.* — 4 is more than 2 \(T-1\)/);
  });

  it('without candidates it picks among the rules\' legal commands, each accepted', () => {
    const g = session();
    const r = playGame(g, randomPlayer<S, C, null, unknown>({ seed: 5, weights: {}, keyOf: (c) => c.type }), { table: null });
    expect(r.refused).toBe(0);
    expect(r.result).toBeDefined();
  });
});
