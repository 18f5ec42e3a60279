// The game core with a tiny test ruleset: a counter that MOVEs (no dice) and SHOOTs (one d6).
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../src/core';
import { GameSession, loadSave, makeSave, parseSave, SaveError, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { trainingGroundScenario } from '../battlefield/fixture';

interface S { position: number; hits: number; turn: number }
type C = Command & ({ type: 'MOVE'; by: number } | { type: 'SHOOT' } | { type: 'END_TURN' });

const counter: Ruleset<S, C, GameEvent, null> = {
  id: 'test-counter', version: '1', activationModel: 'igougo', meleeModel: 'none',
  validateScenario: () => [],
  setup: () => ({ position: 0, hits: 0, turn: 1 }),
  legalCommands: (s) => (s.turn > 3 ? [] : [{ type: 'MOVE', by: 1 }, { type: 'SHOOT' }, { type: 'END_TURN' }]),
  decide(s, c, { dice }) {
    if (s.turn > 3) return { ok: false, reason: 'the game is over' };
    switch (c.type) {
      case 'MOVE':
        if (Math.abs(c.by) > 10) return { ok: false, reason: 'too far', rule: 'T-1' };
        return { ok: true, events: [{ type: 'MOVED', by: c.by, rule: 'T-1' }] };
      case 'SHOOT': {
        const v = dice.roll(6, 'to hit', 'T-2');
        return { ok: true, events: v >= 4 ? [{ type: 'HIT', rule: 'T-2' }] : [{ type: 'MISSED', rule: 'T-2' }] };
      }
      case 'END_TURN':
        return { ok: true, events: [{ type: 'TURN_ENDED' }] };
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'MOVED': return { ...s, position: s.position + (e.by as number) };
      case 'HIT': return { ...s, hits: s.hits + 1 };
      case 'TURN_ENDED': return { ...s, turn: s.turn + 1 };
      default: return s;
    }
  },
  victory: (s) => (s.turn > 3 ? { winner: s.hits >= 2 ? 'shooter' : null, reason: `${s.hits} hits` } : undefined),
};

const scenario = trainingGroundScenario();
const newSession = (seed = 42, dice?: ScriptedDice) => new GameSession({ ruleset: counter, scenario, table: null, seed, ...(dice ? { dice } : {}) });

describe('game session', () => {
  it('folds events into state and records each roll as an event citing its rule', () => {
    const g = newSession(1, new ScriptedDice([5, 2]));
    g.dispatch({ type: 'MOVE', by: 3 });
    const shot = g.dispatch({ type: 'SHOOT' });
    expect(shot.ok && shot.events.map((e) => e.type)).toEqual(['DICE_ROLLED', 'HIT']);
    expect(shot.ok && shot.events[0]).toMatchObject({ rule: 'T-2', roll: { sides: 6, value: 5, purpose: 'to hit' } });
    g.dispatch({ type: 'SHOOT' });
    expect(g.state).toEqual({ position: 3, hits: 1, turn: 1 });
    expect(g.stateAt(1)).toEqual({ position: 3, hits: 0, turn: 1 });
    expect(g.stateAt(3)).toEqual({ position: 3, hits: 1, turn: 1 });
  });

  it('refuses illegal commands with the reason and changes nothing', () => {
    const g = newSession();
    const before = g.stateHash();
    expect(g.dispatch({ type: 'MOVE', by: 50 })).toEqual({ ok: false, reason: 'too far', rule: 'T-1' });
    expect(g.stateHash()).toBe(before);
    expect(g.log).toHaveLength(0);
  });

  it('undoes a move that touched no dice, never a roll', () => {
    const g = newSession(7);
    g.dispatch({ type: 'SHOOT' });
    g.dispatch({ type: 'MOVE', by: 2 });
    expect(g.canUndo()).toBe(true);
    expect(g.undo()).toBe(true);
    expect(g.state.position).toBe(0);
    expect(g.canUndo()).toBe(false);
    expect(g.undo()).toBe(false);
    expect(g.log).toHaveLength(1);
  });

  it('undo rewinds nothing of the dice: the same shot after undo rolls the same as without the move', () => {
    const a = newSession(9);
    a.dispatch({ type: 'MOVE', by: 1 });
    a.undo();
    a.dispatch({ type: 'SHOOT' });
    const b = newSession(9);
    b.dispatch({ type: 'SHOOT' });
    expect(a.stateHash()).toBe(b.stateHash());
  });

  it('the same seed and commands give the same game; another seed another', () => {
    const play = (seed: number) => {
      const g = newSession(seed);
      for (let i = 0; i < 20; i++) g.dispatch({ type: 'SHOOT' });
      return g.state.hits;
    };
    expect(play(3)).toBe(play(3));
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map(play)).size).toBeGreaterThan(1);
  });
});

describe('saves', () => {
  const played = () => {
    const g = newSession(1234);
    for (const c of [{ type: 'MOVE', by: 2 }, { type: 'SHOOT' }, { type: 'SHOOT' }, { type: 'END_TURN' }, { type: 'SHOOT' }] as C[]) g.dispatch(c);
    return g;
  };

  it('save → text → load replays to the identical state hash', () => {
    const g = played();
    const text = JSON.stringify(makeSave(g));
    const back = loadSave(parseSave(text, 'game.json'), 'game.json', scenario, counter, null);
    expect(back.stateHash()).toBe(g.stateHash());
    expect(back.events).toEqual(g.events);
  });

  it('rejects an unknown version, bad JSON, a wrong scenario, a changed scenario, a tampered or truncated log', () => {
    const save = makeSave(played());
    expect(() => parseSave('{"sandtableSave": 9}', 'x.json')).toThrow(/x\.json: \$\.sandtableSave: unknown save version 9/);
    expect(() => parseSave('{oops', 'x.json')).toThrow(/x\.json: \$: bad JSON/);
    expect(() => parseSave(JSON.stringify({ ...save, seed: 'x' }), 'x.json')).toThrow(/x\.json: \$\.seed:/);
    expect(() => loadSave({ ...save, scenario: { ...save.scenario, id: 'other' } }, 'x.json', scenario, counter, null)).toThrow(/for scenario "other"/);
    const changed = { ...scenario, title: 'Changed' };
    expect(() => loadSave(save, 'x.json', changed, counter, null)).toThrow(/\$\.scenario\.hash: the scenario "training-ground" has changed/);
    const tampered = { ...save, commands: save.commands.map((c) => (c.type === 'MOVE' ? { ...c, by: 3 } : c)) };
    expect(() => loadSave(tampered, 'x.json', scenario, counter, null)).toThrow(SaveError);
    expect(() => loadSave({ ...save, commands: save.commands.slice(0, 3) }, 'x.json', scenario, counter, null)).toThrow(/\$\.stateHash: the replayed game differs/);
    expect(() => loadSave({ ...save, commands: [...save.commands, { type: 'MOVE', by: 99 }] }, 'x.json', scenario, counter, null)).toThrow(/\$\.commands\[5\]: the log does not replay here — too far \(T-1\)/);
  });
});
