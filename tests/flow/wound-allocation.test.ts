// K-5.5a the target's owner allocates a shot's wounds, asked when the shooter's hits are known: the game
// holds the decision for that side (not the one acting), refuses other senders and allocations that
// break K-5.5b with the reason, then rolls the wound tests for his choice; no question when the owner
// has no real choice. Scripted dice by purpose: every shooting die hits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { answerMissingDecisions } from '../../src/game';
import { kuularuiskuPhase } from '../../src/rules/kuularuisku/phase-info';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { defaultAllocation, resolveShooting } from '../../src/rules/kuularuisku/engine';
import { flowScenario, flowTable, must, newGame, type KSession, reading } from './fixture';
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
    const p = phaseOf(reading(g));
    expect(p.kind === 'choice' && p.choice).toMatchObject({ kind: 'wounds', side: 'reds', unitId: 'r1', shooterId: 'w1', wounds: 1 });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'wound-allocation', rule: 'K-5.5a', label: '1 wound on Squad r1: who takes it?' });
    expect(d.options).toHaveLength(3);
    // The book's default first (spread, key soldiers last): what the rules did before they asked.
    expect(d.options[0]!.command).toEqual({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: defaultAllocation(g.state.table, ['r1_1', 'r1_2', 'r1_3'], 1) });
    expect(d.options.every((o) => !/r1_\d/.test(o.label))).toBe(true);
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
    // The module's neutral phase description carries the same decision (what the flow, HUD and players read).
    expect(kuularuiskuPhase(reading(g))).toMatchObject({ side: 'reds', awaiting: 'choice', decision: d });
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
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_2: 2 } })).toEqual({ ok: false, rule: 'K-5.5b', reason: 'rifleman 1 of Squad r1 cannot take wound 2 while the squad leader of Squad r1 has only 0: wounds are spread first' });
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
    expect(g.state.table.figures.r1_3!.condition).toBe('dead');
    expect(g.pendingDecision()).toBeUndefined();
    expect(phaseOf(reading(g)).kind).toBe('activation');
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

// r1 with a medic (its fourth soldier, K-SKL-8): one wound is still the owner's to allocate among four.
const withMedic = (() => {
  const sc = flowScenario([{ id: 'w1', side: 'whites', at: [20, 30] }, { id: 'r1', side: 'reds', at: [45, 30], size: 4 }]);
  sc.units![1]!.figures[3]!.data = { role: 'medic', skills: ['medic'] };
  return sc;
})();

/** Whites shoot at r1 (one wound); Reds put it on rifleman r1_2. */
function medicShot(wound: number[]): KSession {
  const g = newGame(withMedic, table, new ShotDice([1], wound));
  must(g, { type: 'BEGIN_TURN', side: 'whites' });
  must(g, { type: 'DRAW_CARD', side: 'whites' });
  must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
  must(g, { type: 'SHOOT', side: 'whites', unitId: 'w1', targetId: 'r1' });
  must(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_2: 1 } });
  return g;
}

describe('K-SKL-8 the owner decides on the medic\'s re-roll', () => {
  it('K-SKL-8 a wound test of 1 (killed, K-5.5d) waits for Reds: re-rolling is the default; Whites cannot go on', () => {
    const g = medicShot([1]);
    const p = phaseOf(reading(g));
    expect(p.kind === 'choice' && p.choice.kind).toBe('medic');
    expect(g.log.at(-1)!.events.some((e) => e.type === 'WOUND_TEST')).toBe(false);
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'medic-reroll', rule: 'K-SKL-8' });
    expect(d.label).toMatch(/^rifleman \d of Squad r1 rolled 1 on his wound test: killed outright\. Does the medic of Squad r1 re-roll it\? The second result stands\.$/);
    expect(d.options.map((o) => o.command)).toEqual([{ type: 'MEDIC_REROLL', side: 'reds', reroll: true }, { type: 'MEDIC_REROLL', side: 'reds', reroll: false }]);
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'whites' })).toMatchObject({ ok: false, rule: 'K-SKL-8' });
    expect(g.dispatch({ type: 'MEDIC_REROLL', side: 'reds', reroll: 'yes' })).toMatchObject({ ok: false, rule: 'K-SKL-8' });
  });

  it('K-SKL-8 re-rolled: the second result stands (5: lightly wounded), the log says Reds had the medic re-roll', () => {
    const g = medicShot([1, 5]);
    const events = must(g, { type: 'MEDIC_REROLL', side: 'reds', reroll: true });
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toMatch(/^Reds \(owner of Squad r1\) had the medic of Squad r1 re-roll the wound test of rifleman \d of Squad r1$/);
    expect(events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'r1_2', rolls: [1, 5], medic: 'r1_4', result: 'light' });
    expect(g.state.table.figures.r1_2!.condition).toBe('light');
    expect(phaseOf(reading(g)).kind).toBe('activation');
  });

  it('K-SKL-8 kept: the first result stands (1: killed outright, K-5.5d), no die rolled for the medic', () => {
    const g = medicShot([1, 5]);
    const events = must(g, { type: 'MEDIC_REROLL', side: 'reds', reroll: false });
    expect(events.filter((e) => e.type === 'DICE_ROLLED' && String((e.roll as { purpose: string }).purpose).startsWith('medic'))).toHaveLength(0);
    expect(events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'r1_2', rolls: [1], result: 'dead' });
    expect(g.state.table.figures.r1_2!.condition).toBe('dead');
  });

  it('K-SKL-8 a light wound (4) is kept by default; a scratch (6) is not asked about', () => {
    const light = medicShot([4]);
    expect(light.pendingDecision()!.options[0]!.command).toEqual({ type: 'MEDIC_REROLL', side: 'reds', reroll: false });
    const scratch = medicShot([6]);
    expect(scratch.pendingDecision()).toBeUndefined();
    expect(scratch.log.at(-1)!.events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ rolls: [6], result: 'scratch' });
  });
});

describe('the default answers are what the rules did before they asked', () => {
  it('K-5.5a K-SKL-8 default allocation and default re-roll word give the same wound tests as the shot resolved at once', () => {
    const g = newGame(withMedic, table, new ShotDice([1, 1], [1, 5, 2]));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
    const before = reading(g);
    must(g, { type: 'SHOOT', side: 'whites', unitId: 'w1', targetId: 'r1' });
    expect(answerMissingDecisions(g)).toBeGreaterThanOrEqual(2);
    const asked = g.log.slice(3).flatMap((e) => e.events).filter((e) => e.type === 'WOUND_TEST' || e.type === 'MORALE_TEST');
    const atOnce = resolveShooting(before, { shooterId: 'w1', targetId: 'r1' }, { table, dice: new ShotDice([1, 1], [1, 5, 2]) });
    expect(atOnce.ok).toBe(true);
    const direct = atOnce.ok ? atOnce.events.filter((e) => e.type === 'WOUND_TEST' || e.type === 'MORALE_TEST') : [];
    expect(asked.length).toBeGreaterThan(0);
    expect(asked).toEqual(direct);
  });
});
