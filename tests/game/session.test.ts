// The game core with a tiny test ruleset: a counter that MOVEs (no dice) and SHOOTs (one d6), the
// training ground's two sides taking turns (each command carries its side; the session checks it).
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../src/core';
import { GameSession, loadSave, makeSave, parseSave, SaveError, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { trainingGroundScenario } from '../battlefield/fixture';

interface S { position: number; hits: number; turn: number }
type C = Command & ({ type: 'MOVE'; by: number } | { type: 'SHOOT' } | { type: 'END_TURN' });

/** Red plays the odd turns, blue the even ones. */
const toAct = (s: S) => (s.turn % 2 ? 'red' : 'blue');

const counter: Ruleset<S, C, GameEvent, null> = {
  id: 'test-counter', version: '1', activationModel: 'igougo',
  validateScenario: () => [],
  setup: () => ({ position: 0, hits: 0, turn: 1 }),
  legalCommands: (s) => (s.turn > 3 ? [] : [{ type: 'MOVE', by: 1, side: toAct(s) }, { type: 'SHOOT', side: toAct(s) }, { type: 'END_TURN', side: toAct(s) }]),
  actingSides: (s) => ({ sides: [toAct(s)], awaiting: 'their turn', rule: 'T-0' }),
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
/** A command sent by red (the first turn's side: where the side is not what a test is about). */
const red = (c: { type: C['type']; by?: number }) => ({ ...c, side: 'red' }) as C;

describe('game session', () => {
  it('folds events into state and records each roll as an event citing its rule', () => {
    const g = newSession(1, new ScriptedDice([5, 2]));
    g.dispatch(red({ type: 'MOVE', by: 3 }));
    const shot = g.dispatch(red({ type: 'SHOOT' }));
    expect(shot.ok && shot.events.map((e) => e.type)).toEqual(['DICE_ROLLED', 'HIT']);
    expect(shot.ok && shot.events[0]).toMatchObject({ rule: 'T-2', roll: { sides: 6, value: 5, purpose: 'to hit' } });
    g.dispatch(red({ type: 'SHOOT' }));
    expect(g.state).toEqual({ position: 3, hits: 1, turn: 1 });
    expect(g.stateAt(1)).toEqual({ position: 3, hits: 0, turn: 1 });
    expect(g.stateAt(3)).toEqual({ position: 3, hits: 1, turn: 1 });
  });

  it('gives the state after each logged command, in order (the CLI labels each command\'s log lines from it)', () => {
    const g = newSession(1, new ScriptedDice([5, 2]));
    g.dispatch(red({ type: 'MOVE', by: 3 }));
    g.dispatch(red({ type: 'SHOOT' }));
    g.dispatch(red({ type: 'MOVE', by: 2 }));
    expect([...g.statesAfterCommands()]).toEqual([
      { position: 3, hits: 0, turn: 1 },
      { position: 3, hits: 1, turn: 1 },
      { position: 5, hits: 1, turn: 1 },
    ]);
  });

  it('refuses illegal commands with the reason and changes nothing', () => {
    const g = newSession();
    const before = g.stateHash();
    expect(g.dispatch(red({ type: 'MOVE', by: 50 }))).toEqual({ ok: false, reason: 'too far', rule: 'T-1' });
    expect(g.stateHash()).toBe(before);
    expect(g.log).toHaveLength(0);
  });

  it('undoes a move that touched no dice, never a roll', () => {
    const g = newSession(7);
    g.dispatch(red({ type: 'SHOOT' }));
    g.dispatch(red({ type: 'MOVE', by: 2 }));
    expect(g.canUndo()).toBe(true);
    expect(g.undo()).toBe(true);
    expect(g.state.position).toBe(0);
    expect(g.canUndo()).toBe(false);
    expect(g.undo()).toBe(false);
    expect(g.log).toHaveLength(1);
  });

  it('undo rewinds nothing of the dice: the same shot after undo rolls the same as without the move', () => {
    const a = newSession(9);
    a.dispatch(red({ type: 'MOVE', by: 1 }));
    a.undo();
    a.dispatch(red({ type: 'SHOOT' }));
    const b = newSession(9);
    b.dispatch(red({ type: 'SHOOT' }));
    expect(a.stateHash()).toBe(b.stateHash());
  });

  it('the same seed and commands give the same game; another seed another', () => {
    const play = (seed: number) => {
      const g = newSession(seed);
      for (let i = 0; i < 20; i++) g.dispatch(red({ type: 'SHOOT' }));
      return g.state.hits;
    };
    expect(play(3)).toBe(play(3));
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map(play)).size).toBeGreaterThan(1);
  });
});

describe('commands carry their side', () => {
  it('a command from a side that may not act now is refused with the reason, naming the sides, and changes nothing (state, log, dice)', () => {
    const g = newSession(5);
    g.dispatch(red({ type: 'MOVE', by: 1 }));
    const hash = g.stateHash();
    const r = g.dispatch({ type: 'SHOOT', side: 'blue' });
    expect(r).toEqual({ ok: false, reason: 'Blue may not act now: the game waits for Red (their turn)', rule: 'T-0' });
    expect(g.stateHash()).toBe(hash);
    expect(g.log).toHaveLength(1);
    // No die was rolled for it: red's shot rolls what it rolls in the same game without the refused command.
    const twin = newSession(5);
    twin.dispatch(red({ type: 'MOVE', by: 1 }));
    const a = g.dispatch(red({ type: 'SHOOT' }));
    const b = twin.dispatch(red({ type: 'SHOOT' }));
    expect(a.ok && a.events).toEqual(b.ok && b.events);
  });

  it('the side to act follows the game: after red ends its turn, blue acts and red is refused', () => {
    const g = newSession(5);
    expect(g.dispatch(red({ type: 'END_TURN' })).ok).toBe(true);
    expect(g.dispatch({ type: 'SHOOT', side: 'blue' }).ok).toBe(true);
    expect(g.dispatch(red({ type: 'SHOOT' }))).toMatchObject({ ok: false, reason: 'Red may not act now: the game waits for Blue (their turn)' });
    expect(g.log.map((e) => e.command.side)).toEqual(['red', 'blue']);
  });

  it('a command without a side, or from a side the scenario does not have, is refused and changes nothing', () => {
    const g = newSession(5);
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'SHOOT' } as C)).toEqual({ ok: false, reason: 'SHOOT names no side: every command carries the side that sends it ("side": "red" (Red) or "blue" (Blue))' });
    expect(g.dispatch({ type: 'SHOOT', side: 'green' })).toEqual({ ok: false, reason: 'SHOOT is sent by "green", which is not a side of this scenario: expected "red" (Red) or "blue" (Blue)' });
    expect(g.stateHash()).toBe(hash);
    expect(g.log).toHaveLength(0);
    // The side to act, stamped where a command names none (older saves).
    expect(g.withSideToAct({ type: 'SHOOT' } as C)).toEqual({ type: 'SHOOT', side: 'red' });
  });
});

describe('saves', () => {
  const played = () => {
    const g = newSession(1234);
    for (const c of [{ type: 'MOVE', by: 2, side: 'red' }, { type: 'SHOOT', side: 'red' }, { type: 'SHOOT', side: 'red' }, { type: 'END_TURN', side: 'red' }, { type: 'SHOOT', side: 'blue' }] as C[]) g.dispatch(c);
    return g;
  };

  it('save → text → load replays to the identical state hash', () => {
    const g = played();
    const text = JSON.stringify(makeSave(g));
    const back = loadSave(parseSave(text, 'game.json'), 'game.json', scenario, counter, null);
    expect(back.stateHash()).toBe(g.stateHash());
    expect(back.events).toEqual(g.events);
  });

  it('a save is format 3 and its command log carries the sides', () => {
    const save = makeSave(played());
    expect(save.sandtableSave).toBe(3);
    expect(save.commands.map((c) => c.side)).toEqual(['red', 'red', 'red', 'red', 'blue']);
  });

  it('format-2 and format-1 saves (commands without their side) still load: each command is sent by the side to act', () => {
    const g = played();
    const { savedAt: _, ...save } = makeSave(g);
    const sideless = save.commands.map(({ side: _side, ...c }) => c);
    for (const old of [{ ...save, sandtableSave: 2, commands: sideless }, { ...save, sandtableSave: 1, options: undefined, commands: sideless }]) {
      const back = loadSave(parseSave(JSON.stringify(old), 'old.json'), 'old.json', scenario, counter, null);
      expect(back.stateHash()).toBe(g.stateHash());
      expect(back.log.map((e) => e.command.side)).toEqual(['red', 'red', 'red', 'red', 'blue']);
    }
  });

  it('a format-3 save with a command without its side is refused, naming the command', () => {
    const save = makeSave(played());
    const { side: _side, ...shot } = save.commands[1]!;
    const text = JSON.stringify({ ...save, commands: [save.commands[0], shot, ...save.commands.slice(2)] });
    expect(() => parseSave(text, 'x.json')).toThrow(/x\.json: \$\.commands\[1\]\.side: expected the side that sent this SHOOT/);
    // A side that may not act then: the log does not replay, naming the command and the reason.
    const wrong = { ...save, commands: save.commands.map((c, i) => (i === 4 ? { ...c, side: 'red' } : c)) };
    expect(() => loadSave(wrong, 'x.json', scenario, counter, null)).toThrow(/\$\.commands\[4\]: the log does not replay here — Red may not act now: the game waits for Blue \(their turn\) \(T-0\)/);
  });

  it('a save from another version of the rules that no longer replays the same says the rules changed, not that the log was tampered with', () => {
    const save = makeSave(played());
    const older = { ...save, ruleset: { ...save.ruleset, version: '0.9.0' }, commands: save.commands.slice(0, 3) };
    expect(() => loadSave(older, 'x.json', scenario, counter, null)).toThrow(/\$\.stateHash: the replayed game differs from the saved one \(saved with test-counter rules version 0\.9\.0, these are version 1: the rules have changed since\)/);
    expect(() => loadSave({ ...save, commands: save.commands.slice(0, 3) }, 'x.json', scenario, counter, null)).toThrow(/\(log tampered or truncated\?\)/);
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
    expect(() => loadSave({ ...save, commands: [...save.commands, { type: 'MOVE', by: 99, side: 'blue' }] }, 'x.json', scenario, counter, null)).toThrow(/\$\.commands\[5\]: the log does not replay here — too far \(T-1\)/);
  });
});
