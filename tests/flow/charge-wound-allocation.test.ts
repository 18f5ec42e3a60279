// K-6.2d the charger's owner allocates the wounds of defensive fire (K-5.5a/b, asked only when he has a
// real choice): the game waits for him, refuses the defender and a bad allocation with the reason, then
// rolls the wound test of his choice and goes on to the charger's morale (K-6.2e). Scripted dice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { ThenDice, flowScenario, flowTable, must, newGame, reading } from './fixture';
import { CHARGER_FIRST, TO_CHARGE, chargeScenario } from './situations';

let table: Battlefield;
beforeAll(async () => {
  table = await flowTable(flowScenario());
});

/** Whites charge; Reds fire defensive fire: 2 dice 5 5 (2 hits), cover as in the open 1 6 (1 wound), then `rest`. */
function defensiveFireOneWound(rest: number[]) {
  const g = newGame(chargeScenario(), table, new ThenDice([...CHARGER_FIRST, 5, 5, 1, 6, ...rest], 6));
  for (const c of TO_CHARGE) must(g, c);
  must(g, { type: 'DEFENSIVE_FIRE', side: 'reds', fire: true });
  return g;
}

describe('K-6.2d the charger\'s owner allocates the wounds of defensive fire', () => {
  it('K-6.2d one wound on a squad of two: Whites, the charger\'s owner, are asked before any wound test', () => {
    const g = defensiveFireOneWound([]);
    expect(g.events.find((e) => e.type === 'COVER_TEST')).toMatchObject({ rule: 'K-6.2d', wounds: 1 });
    expect(g.events.some((e) => e.type === 'WOUND_TEST')).toBe(false);
    const p = phaseOf(reading(g));
    expect(p.kind === 'choice' && p.choice).toMatchObject({ kind: 'wounds', side: 'whites', unitId: 'c', shooterId: 't', wounds: 1, after: { kind: 'defensive-fire', chargerId: 'c', targetId: 't' } });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'whites', kind: 'wound-allocation', rule: 'K-6.2d' });
    expect(d.options).toHaveLength(2);
    // The book's default first (key soldiers last: c_1 leads the squad), what the rules did before they asked.
    expect(d.options.map((o) => o.command)).toEqual([
      { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_2: 1 } },
      { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_1: 1 } },
    ]);
  });

  it('K-6.2d the defender may not allocate, and K-5.5a a bad allocation is refused with its reason; nothing changes', () => {
    const g = defensiveFireOneWound([]);
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { c_1: 1 } })).toMatchObject({ ok: false, rule: 'K-6.2d' });
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_1: 1, c_2: 1 } })).toEqual({ ok: false, rule: 'K-5.5a', reason: '1 wound must be allocated, not 2' });
    expect(g.stateHash()).toBe(hash);
  });

  it('K-6.2d the owner\'s choice takes the wound test, the log names who chose, then K-6.2e the charger tests morale', () => {
    // The owner picks his squad leader c_1 (not the default); wound test 6 (just a scratch); the charger must then test morale (K-6.2e).
    const g = defensiveFireOneWound([6]);
    const events = must(g, { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_1: 1 } });
    expect(events.find((e) => e.type === 'CHOICE_MADE')).toMatchObject({ rule: 'K-6.2d', side: 'whites' });
    const allocated = events.find((e) => e.type === 'WOUNDS_ALLOCATED')!;
    expect(allocated).toMatchObject({ rule: 'K-6.2d', unitId: 'c', allocation: { c_1: 1 } });
    expect(allocated.text).toMatch(/^Whites \(owner of .*\) put the wound on /);
    expect(events.filter((e) => e.type === 'WOUND_TEST').map((e) => e.figureId)).toEqual(['c_1']);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'pending', pending: { kind: 'charger-morale', side: 'whites' } });
  });
});
