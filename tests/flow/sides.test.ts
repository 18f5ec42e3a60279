// Commands carry their side (Kuularuisku through the game session): a side that may not act now is
// refused with the reason and the rule, changing nothing (state, log, dice); a command without a side
// is refused; any side may shuffle and draw; every legal command carries a side that may send it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { randomPlayer } from '../../src/core';
import { playGame } from '../../src/flow';
import type { Command } from '../../src/game';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { DEFAULT_WEIGHTS, keyOf } from '../../src/rules/kuularuisku/player';
import { flowScenario, flowTable, must, newGame, preparedSetup, reading } from './fixture';

let table: Battlefield;
const scenario = flowScenario([
  { id: 'w1', side: 'whites', at: [20, 30] },
  { id: 'w2', side: 'whites', at: [20, 50] },
  { id: 'r1', side: 'reds', at: [100, 30] },
  { id: 'r2', side: 'reds', at: [100, 50] },
]);
const NAMES: Record<string, string> = { whites: 'Whites', reds: 'Reds' };
const pinned = (unitId: string) => ({ type: 'UNIT_STATUS_CHANGED', unitId, status: 'pinned', from: 'normal' });

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** Every unit pinned, the game's own seeded dice: whichever card comes first, its side rolls the K-7.1f test. */
const pinnedGame = () => newGame(scenario, table, undefined, preparedSetup(...['w1', 'w2', 'r1', 'r2'].map(pinned)));

describe('commands carry their side', () => {
  it('K-7.1f the other side cannot roll a unit\'s start-of-activation test: refused with the reason, nothing changes (state, log, dice)', () => {
    const g = pinnedGame();
    must(g, { type: 'BEGIN_TURN', side: 'reds' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const p = phaseOf(reading(g));
    if (p.kind !== 'pending') throw new Error(`expected the pinned test, got ${p.kind}`);
    const owner = p.pending.side;
    const other = owner === 'whites' ? 'reds' : 'whites';
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'RESOLVE', side: other, step: 'pinned-test' })).toEqual({
      ok: false, rule: 'K-7.1f', reason: `${NAMES[other]} may not act now: the game waits for ${NAMES[owner]} (the start-of-activation morale test of their pinned unit)`,
    });
    expect(g.stateHash()).toBe(hash);
    expect(g.log).toHaveLength(2);
    // The owner's roll is the one the same game rolls without the refused command: no die was used.
    const twin = pinnedGame();
    for (const e of g.log) must(twin, e.command);
    const rolled = must(g, { type: 'RESOLVE', side: owner, step: 'pinned-test' });
    expect(rolled).toEqual(must(twin, { type: 'RESOLVE', side: owner, step: 'pinned-test' }));
    expect(rolled.some((e) => e.type === 'DICE_ROLLED')).toBe(true);
  });

  it('a command without a side, or from a side the scenario does not have, is refused naming the sides', () => {
    const g = pinnedGame();
    expect(g.dispatch({ type: 'BEGIN_TURN' })).toEqual({ ok: false, reason: 'BEGIN_TURN names no side: every command carries the side that sends it ("side": "whites" (Whites) or "reds" (Reds))' });
    expect(g.dispatch({ type: 'BEGIN_TURN', side: 'blue' })).toMatchObject({ ok: false, reason: 'BEGIN_TURN is sent by "blue", which is not a side of this scenario: expected "whites" (Whites) or "reds" (Reds)' });
    expect(g.log).toHaveLength(0);
  });

  it('K-2.1b any side may shuffle the deck and draw a card; the card\'s unit is its side\'s alone', () => {
    const g = pinnedGame();
    expect(g.actingSides({ type: 'BEGIN_TURN' })).toMatchObject({ sides: ['whites', 'reds'], anySide: true });
    must(g, { type: 'BEGIN_TURN', side: 'reds' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const p = phaseOf(reading(g));
    expect(g.actingSides({ type: 'RESOLVE' })).toMatchObject({ sides: [p.kind === 'pending' ? p.pending.side : '?'], rule: 'K-7.1f' });
  });

  it('every legal command carries a side that may send it now, and random play sends them as they are', () => {
    const g = newGame(scenario, table);
    let checked = 0;
    const player = randomPlayer({
      seed: 3,
      weights: DEFAULT_WEIGHTS,
      keyOf,
      candidates: () => {
        const legal = g.legalCommands() as Command[];
        for (const c of legal) {
          expect(c.side, c.type).toBeTypeOf('string');
          expect(g.actingSides(c as never).sides, `${c.type} from ${c.side}`).toContain(c.side);
          checked++;
        }
        return legal;
      },
    });
    const r = playGame(g, player, { table, maxCommands: 150 });
    // Played to its end (a short game: the rules list no moves, so units shoot or end their activation).
    expect(r.result ?? r.commands === 150).toBeTruthy();
    expect(r.commands).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(r.commands);
    expect(g.log.every((e) => typeof e.command.side === 'string')).toBe(true);
  });
});
