// The HUD of the owner's decisions beyond the wounds of a shot, through the play controller: a targeted
// lone leader's dive (K-5.1b), an evacuation move (K-5.6e) and an escort heading back (K-5.6d) at the
// end of the turn, a medic's re-roll in the wound tests of defensive fire (K-SKL-8, K-6.2d). The prompt turns
// to the owner, the view carries the decision (names, never ids), the action bar offers its answers,
// and the log line of the choice is the owner's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import { ThenDice, flowScenario, flowTable, keepOrder } from '../flow/fixture';
import { ShotDice } from '../flow/shot-dice';
import { escortReturnScenario } from '../flow/situations';

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
const escortScenario = escortReturnScenario();
// A White squad of two (c_2 its medic) 6.8 cm from a Red squad of two: a charge, and defensive fire.
const chargeScenario = (() => {
  const sc = flowScenario([{ id: 'c', side: 'whites', at: [50, 40], size: 2 }, { id: 't', side: 'reds', at: [58, 40], size: 2 }]);
  sc.units![0]!.figures[1]!.data = { role: 'medic', skills: ['medic'] };
  return sc;
})();
let diveTable: Battlefield;
let evacuationTable: Battlefield;
let escortTable: Battlefield;
let chargeTable: Battlefield;

beforeAll(async () => {
  diveTable = await flowTable(diveScenario);
  evacuationTable = await flowTable(evacuationScenario);
  escortTable = await flowTable(escortScenario);
  chargeTable = await flowTable(chargeScenario);
});

/** Dice: the deck in its order, then as given (then 6). */
const dice = (values: number[]) => new ThenDice([...keepOrder(2), ...values], 6);

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
    expect(p.control.send(v.actions.at(-1)!.command)).toMatchObject({ ok: true });
    const line = p.log.get().find((l) => l.type === 'CHOICE_MADE')!;
    expect(line).toMatchObject({ side: 'reds', text: 'Reds (owner of Squad r1) had the rifleman of Squad r1 stay where he is this turn' });
    expect(p.log.get().some((l) => l.type === 'TURN_ENDED')).toBe(true);
  });

  it('K-5.6d as the turn ends, Reds are prompted where their escort heads back to; units by name; their answer is logged as theirs', () => {
    const p = createPlay(escortScenario, escortTable, { storage: null });
    expect(p.control.send(p.view.get().actions.find((a) => a.command.type === 'END_TURN')!.command)).toMatchObject({ ok: true });
    const v = p.view.get();
    expect(v.prompt.side).toBe('reds');
    expect(v.prompt.detail).toMatch(/^Reds \(owner of Squad r1\): End of turn: the rifleman of Squad r1 has brought his man to the rear/);
    expect(v.decision).toMatchObject({ side: 'reds', kind: 'escort-return', rule: 'K-5.6d' });
    expect(v.actions.map((a) => a.label)).toEqual(['Default: Head back to his own unit, Squad r1', 'Head for Squad r2, the nearest friendly unit he can see', 'Stay where he is this turn']);
    expect(p.control.send(v.actions[1]!.command)).toMatchObject({ ok: true });
    expect(p.log.get().find((l) => l.type === 'CHOICE_MADE')).toMatchObject({ side: 'reds', text: 'Reds (owner of Squad r1) had the rifleman of Squad r1 head back to Squad r2' });
  });

  it('K-SKL-8 defensive fire wounds the charger\'s squad leader: Whites (not Reds, who fired) are prompted for their medic\'s re-roll', () => {
    // Defensive fire 5 5 (2 hits), cover 1 6 (1 wound); Whites put it on c_1; wound test 1 (killed outright).
    const p = createPlay(chargeScenario, chargeTable, { dice: dice([5, 5, 1, 6, 1]), storage: null });
    for (const id of ['begin-turn', 'draw']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command)).toMatchObject({ ok: true });
    expect(p.control.send({ type: 'ACTIVATE', side: 'whites', unitId: 'c', action: 'move-shoot' })).toMatchObject({ ok: true });
    expect(p.control.send({ type: 'MOVE', side: 'whites', unitId: 'c', mode: 'charge', targetId: 't', moves: [{ figureId: 'c_1', to: [56.75, 40] }, { figureId: 'c_2', to: [56.75, 41.5] }] })).toMatchObject({ ok: true });
    expect(p.control.send({ type: 'DEFENSIVE_FIRE', side: 'reds', fire: true })).toMatchObject({ ok: true });
    expect(p.control.send({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_1: 1 } })).toMatchObject({ ok: true });
    const v = p.view.get();
    expect(v.prompt.side).toBe('whites');
    expect(v.prompt.detail).toMatch(/^Whites \(owner of Squad c\): the squad leader of Squad c rolled 1 on his wound test: killed outright\. Does the medic of Squad c re-roll it\?/);
    expect(v.decision).toMatchObject({ side: 'whites', kind: 'medic-reroll', rule: 'K-SKL-8' });
    expect(v.actions.every((a) => !/\b[ct]_\d/.test(a.label))).toBe(true);
    expect(v.actions.map((a) => a.label)).toEqual(['Default: the medic of Squad c re-rolls it', 'Keep 1 (killed outright)']);
    expect(p.control.send(v.actions[1]!.command)).toMatchObject({ ok: true });
    expect(p.log.get().find((l) => l.type === 'CHOICE_MADE' && l.rule === 'K-SKL-8')).toMatchObject({ side: 'whites', text: 'Whites (owner of Squad c) kept the wound test of the squad leader of Squad c' });
  });
});
