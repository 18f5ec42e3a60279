// The HUD of the owner's decisions beyond the wounds of a shot, through the play controller: a targeted
// lone leader's dive (K-5.1b) and an evacuation move at the end of the turn (K-5.6e). The prompt turns
// to the owner, the view carries the decision (names, never ids), the action bar offers its answers,
// and the log line of the choice is the owner's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import { flowScenario, flowTable } from '../flow/fixture';
import { ShotDice } from '../flow/shot-dice';

const diveScenario = flowScenario([
  { id: 'w1', side: 'whites', at: [20, 33] },
  { id: 'r1', side: 'reds', at: [45, 30] },
  { id: 'rl', side: 'reds', at: [45, 35.5], leader: true },
  { id: 'r2', side: 'reds', at: [100, 70] },
]);
const evacuationScenario = flowScenario(
  [
    { id: 'w1', side: 'whites', at: [20, 30], data: { start: { activated: true } } },
    { id: 'r1', side: 'reds', at: [90, 40], data: { start: { activated: true } }, figureStart: { 2: { condition: 'light', evacuation: { to: 'edge' } } } },
  ],
  { rules: { start: { turn: 1, deck: [] }, dressingStations: [{ side: 'reds', at: [90, 70], radius: 2 }] } },
);
let diveTable: Battlefield;
let evacuationTable: Battlefield;

beforeAll(async () => {
  diveTable = await flowTable(diveScenario);
  evacuationTable = await flowTable(evacuationScenario);
});

const ids = (labels: string[]) => labels.every((l) => !/\b(r1|rl|w1)_\d/.test(l));

describe('play: owners\' decisions in the HUD', () => {
  it('K-5.1b Whites aim at the lone leader: Reds are prompted whether he dives, the action bar offers it, the log names Reds', () => {
    const p = createPlay(diveScenario, diveTable, { dice: new ShotDice([6], [], 4), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:shoot']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
    const rl = p.view.get().targets.find((t) => t.unitId === 'rl')!;
    expect(p.control.send(rl.command!)).toMatchObject({ ok: true });
    const v = p.view.get();
    expect(v.prompt.side).toBe('reds');
    expect(v.prompt.detail).toMatch(/^Reds \(owner of Leader rl\): Squad w1 takes aim at Leader rl\. Does he dive/);
    expect(v.decision).toMatchObject({ side: 'reds', kind: 'leader-dive', rule: 'K-5.1b' });
    expect(v.actions.map((a) => a.id)).toEqual(['leader-dive:0', 'leader-dive:1']);
    expect(v.actions.map((a) => a.command)).toEqual(v.decision!.options.map((o) => o.command));
    expect(ids(v.actions.map((a) => a.label))).toBe(true);
    expect(p.control.send(v.actions[1]!.command)).toMatchObject({ ok: true });
    const line = p.log.get().find((l) => l.type === 'CHOICE_MADE')!;
    expect(line).toMatchObject({ side: 'reds', text: 'Reds (owner of Leader rl) had Leader rl dive into Squad r1' });
    expect(p.view.get().decision).toBeUndefined();
  });

  it('K-5.6e as the turn ends, Reds are prompted for their wounded man\'s move; their answer is logged as theirs and the turn ends', () => {
    const p = createPlay(evacuationScenario, evacuationTable, { storage: null });
    expect(p.control.send(p.view.get().actions.find((a) => a.command.type === 'END_TURN')!.command)).toMatchObject({ ok: true });
    const v = p.view.get();
    expect(v.prompt.side).toBe('reds');
    expect(v.decision).toMatchObject({ side: 'reds', kind: 'evacuation-move', rule: 'K-5.6e' });
    expect(v.actions.map((a) => a.label)).toEqual(v.decision!.options.map((o) => o.label));
    expect(ids(v.actions.map((a) => a.label))).toBe(true);
    expect(p.control.send(v.actions[3]!.command)).toMatchObject({ ok: true });
    const line = p.log.get().find((l) => l.type === 'CHOICE_MADE')!;
    expect(line).toMatchObject({ side: 'reds', text: 'Reds (owner of Squad r1) had the rifleman of Squad r1 stay where he is this turn' });
    expect(p.log.get().some((l) => l.type === 'TURN_ENDED')).toBe(true);
  });
});
