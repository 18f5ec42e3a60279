// K-5.5a the target's owner allocates a shot's wounds, asked when the shooter's hits are known: the game
// holds the decision for that side (not the one acting), refuses other senders and allocations that
// break K-5.5b with the reason, then rolls the wound tests for his choice; no question when the owner
// has no real choice. Scripted dice by purpose: every shooting die hits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { answerMissingDecisions } from '../../src/game';
import { phaseOf } from '../../src/rules';
import { defaultAllocation } from '../../src/rules/kuularuisku';
import { flowScenario, flowTable, must, newGame, type KSession } from './fixture';
import { ShotDice } from './shot-dice';

let table: Battlefield;
// Whites w1 ≈ 25 cm from Reds r1 on open ground (range, no close-range re-roll); r1 three soldiers.
const scenario = flowScenario([
  { id: 'w1', side: 'whites', at: [20, 30] },
  { id: 'r1', side: 'reds', at: [45, 30] },
]);

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** Whites' w1 shoots at r1 with these cover dice (a 1 wounds on open ground); returns the game and the shot's events. */
function shotWith(cover: number[], wound: number[] = []): { g: KSession; events: ReturnType<typeof must> } {
  const g = newGame(scenario, table, new ShotDice(cover, wound));
  must(g, { type: 'BEGIN_TURN', side: 'whites' });
  must(g, { type: 'DRAW_CARD', side: 'whites' });
  must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
  const events = must(g, { type: 'SHOOT', side: 'whites', unitId: 'w1', targetId: 'r1' });
  return { g, events };
}

const types = (events: ReadonlyArray<{ type: string }>) => events.map((e) => e.type).filter((t) => t !== 'DICE_ROLLED');

describe('K-5.5a the owner allocates the wounds of a shot', () => {
  it('K-5.5a one wound among three soldiers: the game waits for Reds, the owner, before any wound test', () => {
    const { g, events } = shotWith([1]);
    expect(types(events)).toEqual(['SHOT_FIRED', 'COVER_TEST', 'CHOICE_PENDING']);
    const p = phaseOf(g.state);
    expect(p.kind === 'choice' && p.choice).toMatchObject({ kind: 'wounds', side: 'reds', unitId: 'r1', shooterId: 'w1', wounds: 1 });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'wound-allocation', rule: 'K-5.5a', label: '1 wound on Squad r1: who takes it?' });
    expect(d.options).toHaveLength(3);
    // The book's default first (spread, key soldiers last): what the rules did before they asked.
    expect(d.options[0]!.command).toEqual({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: defaultAllocation(g.state, ['r1_1', 'r1_2', 'r1_3'], 1) });
    expect(d.options.every((o) => !/r1_\d/.test(o.label))).toBe(true);
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
  });

  it('K-5.5a only the owner answers: Whites cannot go on, nor allocate for him, and nothing changes', () => {
    const { g } = shotWith([1]);
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'whites' })).toEqual({
      ok: false, rule: 'K-5.5a', reason: 'Whites may not act now: the game waits for Reds (where the wounds of the shot at their unit fall)',
    });
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { r1_2: 1 } })).toMatchObject({ ok: false, rule: 'K-5.5a' });
    expect(g.stateHash()).toBe(hash);
  });

  it('K-5.5b an allocation that does not spread the wounds, or names a soldier who cannot take one, is refused with the reason', () => {
    const { g } = shotWith([1, 1]);
    expect(g.pendingDecision()!.options).toHaveLength(3);
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_2: 2 } })).toEqual({ ok: false, rule: 'K-5.5b', reason: 'r1_2 cannot take wound 2 while r1_1 has only 0: wounds are spread first' });
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_2: 1 } })).toEqual({ ok: false, rule: 'K-5.5a', reason: '2 wounds must be allocated, not 1' });
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { w1_1: 1, r1_2: 1 } })).toMatchObject({ ok: false, rule: 'K-5.5b' });
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_2: 1.5 } })).toMatchObject({ ok: false, rule: 'K-5.5a' });
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: 'r1_2' })).toMatchObject({ ok: false, rule: 'K-5.5a', reason: expect.stringContaining('"allocation"') });
  });

  it('K-5.5a/c the owner\'s choice stands: his soldier takes the wound test, the log names who chose what, and the shooter\'s activation goes on', () => {
    const { g } = shotWith([1], [1]);
    const d = g.pendingDecision()!;
    const pick = d.options.find((o) => (o.command.allocation as Record<string, number>).r1_3)!;
    const events = must(g, pick.command);
    expect(types(events).slice(0, 3)).toEqual(['CHOICE_MADE', 'WOUNDS_ALLOCATED', 'WOUND_TEST']);
    const allocated = events.find((e) => e.type === 'WOUNDS_ALLOCATED')!;
    expect(allocated).toMatchObject({ rule: 'K-5.5a', allocation: { r1_3: 1 } });
    expect(allocated.text).toMatch(/^Reds \(owner of Squad r1\) put the wound on .+ of Squad r1$/);
    expect(allocated.text).not.toMatch(/r1_3/);
    expect(events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'r1_3', result: 'dead' });
    expect(g.state.figures.r1_3!.condition).toBe('dead');
    expect(g.pendingDecision()).toBeUndefined();
    expect(phaseOf(g.state).kind).toBe('activation');
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
  });

  it('K-5.5b no question when the owner has no real choice: three wounds on three soldiers fall one each at once', () => {
    const { g, events } = shotWith([1, 1, 1]);
    expect(types(events)).toContain('WOUND_TEST');
    expect(types(events)).not.toContain('CHOICE_PENDING');
    expect(events.find((e) => e.type === 'WOUNDS_ALLOCATED')).toMatchObject({ allocation: { r1_1: 1, r1_2: 1, r1_3: 1 } });
    expect(g.pendingDecision()).toBeUndefined();
  });

  it('K-5.5a a log from before the owner was asked replays with the default answer in its place; a logged answer is left to come', () => {
    const { g } = shotWith([1], [1]);
    expect(answerMissingDecisions(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_2: 1 } })).toBe(0);
    const fallback = g.pendingDecision()!.options[0]!.command;
    // The next logged command (Whites ending the activation) is no answer: the default stands in.
    expect(answerMissingDecisions(g, { type: 'END_ACTIVATION', side: 'whites' })).toBe(1);
    expect(g.log.at(-1)!.command).toEqual(fallback);
    expect(g.pendingDecision()).toBeUndefined();
    expect(answerMissingDecisions(g, { type: 'END_ACTIVATION', side: 'whites' })).toBe(0);
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
  });
});
