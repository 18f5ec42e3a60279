// The HUD of an owner's decision (K-5.5a wound allocation) through the play controller: after Whites'
// shot the prompt turns to Reds (the hot seat hands over), the view carries the decision with the
// soldiers by name, the action bar offers the allocations, and the log says who put the wound where.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import { flowScenario, flowTable } from '../flow/fixture';
import { ShotDice } from '../flow/shot-dice';
import { focusUnitId } from '../../src/view/play/use-follow-active';

const scenario = flowScenario([
  { id: 'w1', side: 'whites', at: [20, 30] },
  { id: 'r1', side: 'reds', at: [45, 30] },
]);
let table: Battlefield;

beforeAll(async () => {
  table = await flowTable(scenario);
});

describe('play: the owner allocates the wounds of a shot', () => {
  it('K-5.5a Reds are prompted with the allocations by name; their pick is logged as theirs, and Whites\' activation goes on', () => {
    const p = createPlay(scenario, table, { dice: new ShotDice([1], [4]), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:shoot']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
    const r1 = p.view.get().targets.find((t) => t.unitId === 'r1')!;
    expect(p.control.send(r1.command!)).toMatchObject({ ok: true });
    const v = p.view.get();
    expect(v.prompt.side).toBe('reds');
    expect(v.prompt.detail).toMatch(/^Reds \(owner of Squad r1\): Squad w1's fire put 1 wound on Squad r1/);
    expect(v.decision).toMatchObject({ side: 'reds', rule: 'K-5.5a', label: '1 wound on Squad r1: who takes it?' });
    // The decision says which unit it concerns (the unit hit), in the view and in the session; the camera follows that unit.
    expect(v.decision!.unitId).toBe('r1');
    expect(p.game().pendingDecision()?.unitId).toBe('r1');
    expect(focusUnitId(v)).toBe('r1');
    expect(v.actions.map((a) => a.id)).toEqual(['allocate:0', 'allocate:1', 'allocate:2']);
    expect(v.actions[0]!.label).toMatch(/^Default: /);
    expect(v.actions.map((a) => a.command)).toEqual(v.decision!.options.map((o) => o.command));
    expect(v.actions.every((a) => !/r1_\d/.test(a.label))).toBe(true);
    // Whites may not go on before Reds answer.
    expect(p.control.send({ type: 'END_ACTIVATION', side: 'whites' })).toMatchObject({ ok: false, rule: 'K-5.5a' });
    const pick = v.actions[2]!;
    expect(p.control.send(pick.command)).toMatchObject({ ok: true });
    const line = p.log.get().find((l) => l.type === 'WOUNDS_ALLOCATED')!;
    expect(line.text).toBe(`Reds (owner of Squad r1) put the wound on ${pick.label} of Squad r1`);
    expect(line.side).toBe('reds');
    // K-5.5c the wound test names the soldier, not his id.
    const test = p.log.get().find((l) => l.type === 'WOUND_TEST')!;
    expect(test.text).toMatch(/^(the squad leader|rifleman \d) of Squad r1: wound test 4 — lightly wounded \(K-5\.5f\)$/);
    const after = p.view.get();
    expect(after.decision).toBeUndefined();
    expect(after.prompt.side).toBe('whites');
    expect(after.actions.map((a) => a.id)).toContain('end-activation');
  });

  it('K-SKL-8 Reds are asked whether their medic re-rolls a killing wound test; the buttons carry it and the log says who chose', () => {
    const medicScenario = flowScenario([{ id: 'w1', side: 'whites', at: [20, 30] }, { id: 'r1', side: 'reds', at: [45, 30], size: 4 }]);
    medicScenario.units![1]!.figures[3]!.data = { role: 'medic', skills: ['medic'] };
    const p = createPlay(medicScenario, table, { dice: new ShotDice([1], [1, 3]), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:shoot']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
    expect(p.control.send(p.view.get().targets.find((t) => t.unitId === 'r1')!.command!)).toMatchObject({ ok: true });
    expect(p.control.send(p.view.get().actions[0]!.command)).toMatchObject({ ok: true });
    const v = p.view.get();
    expect(v.prompt.side).toBe('reds');
    expect(v.decision).toMatchObject({ side: 'reds', kind: 'medic-reroll', rule: 'K-SKL-8', unitId: 'r1' });
    expect(v.actions.map((a) => [a.id, a.label])).toEqual([['medic:reroll', 'Default: the medic of Squad r1 re-rolls it'], ['medic:keep', 'Keep 1 (killed outright)']]);
    expect(p.control.send(v.actions[0]!.command)).toMatchObject({ ok: true });
    const made = p.log.get().filter((l) => l.type === 'CHOICE_MADE').at(-1)!;
    expect(made).toMatchObject({ side: 'reds', rule: 'K-SKL-8' });
    expect(made.text).toMatch(/^Reds \(owner of Squad r1\) had the medic of Squad r1 re-roll the wound test of rifleman \d of Squad r1$/);
    const test = p.log.get().find((l) => l.type === 'WOUND_TEST')!;
    expect(test.text).toMatch(/: wound test 1 → 3 \(re-rolled by the medic of Squad r1\) — lightly wounded \(K-5\.5f\)$/);
    expect(p.view.get().decision).toBeUndefined();
  });
});
