// The activation's other buttons: covering-fire halves reunite (K-1.1c), a wounded soldier leaves for
// the rear (K-5.6a/b), a survivor or leader joins a unit within 3 cm (K-1.2a/d) — offered only when
// the rules take them, and sent through the controller like any button.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import { kuularuiskuRuleset, type KGameState } from '../../src/rules/kuularuisku/engine';
import { activationExtras, actionFor } from '../../src/rules/kuularuisku/hud';
import { ThenDice, arrange, flowScenario, flowTable, type UnitSpec } from '../flow/fixture';
import { setupRead } from '../rules/kuularuisku/reading';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

const UNITS: UnitSpec[] = [
  { id: 'w1', side: 'whites', at: [20, 30], size: 4 },
  { id: 'wl', side: 'whites', at: [22.5, 30], leader: true },
  { id: 'r1', side: 'reds', at: [100, 30] },
];
const scenario = flowScenario(UNITS);
let table: Battlefield;

beforeAll(async () => {
  table = await flowTable(flowScenario());
});

function acting(s: KGameState, unitId: string): KGameState {
  return { ...s, activation: { unitId, units: [unitId], via: 'card', action: 'move-shoot', moved: [], shot: [], phase: 'none' } };
}

describe('play: the activation\'s other buttons', () => {
  it('K-1.1a/c splitting off a covering-fire group is offered; after it, reuniting is offered and taken through the controller', () => {
    const p = createPlay(scenario, table, { dice: new ThenDice(arrange(['w1', 'wl', 'r1'], ['w1', 'wl', 'r1']), 4), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:move-shoot']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
    // K-1.1a the default split leaves the last half of the squad (two of four) behind.
    const split = p.view.get().actions.find((a) => a.id === 'split:w1')!;
    expect(split).toMatchObject({ rule: 'K-1.1a', command: { type: 'SPLIT', unitId: 'w1', figureIds: ['w1_3', 'w1_4'] } });
    expect(p.view.get().actions.map((a) => a.id)).toEqual(['end-activation', 'split:w1']);
    // The HUD may send its own choice of soldiers.
    expect(p.control.send({ type: 'SPLIT', side: 'whites', unitId: 'w1', figureIds: ['w1_4'] })).toMatchObject({ ok: true });
    expect(p.view.get().actions.some((a) => a.id.startsWith('split:'))).toBe(false);
    const half = rulesTable(p.game().state as KSequenced).units.w1!.coveringHalf!;
    const reunite = p.view.get().actions.find((a) => a.id === `reunite:${half}`)!;
    expect(reunite).toMatchObject({ rule: 'K-1.1c', command: { type: 'REUNITE', unitId: half } });
    expect(p.view.get().units.find((u) => u.id === half)!.status).toContain('covering fire');
    expect(p.control.send(reunite.command)).toMatchObject({ ok: true });
    expect(rulesTable(p.game().state as KSequenced).units.w1!.coveringHalf).toBeUndefined();
  });

  it('K-1.1b K-AMB-2 the covering-fire half gets its own targets on its parent\'s card while the parent fast-moves (K-4.1a), and shoots once through the controller', () => {
    // Reds within rifle range this time.
    const near = flowScenario([UNITS[0]!, UNITS[1]!, { id: 'r1', side: 'reds', at: [50, 30] }]);
    const p = createPlay(near, table, { dice: new ThenDice(arrange(['w1', 'wl', 'r1'], ['w1', 'wl', 'r1']), 4), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:fast-move']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
    expect(p.control.send({ type: 'SPLIT', side: 'whites', unitId: 'w1', figureIds: ['w1_3', 'w1_4'] })).toMatchObject({ ok: true });
    const half = rulesTable(p.game().state as KSequenced).units.w1!.coveringHalf!;
    const v = p.view.get();
    // The fast-moving half may not shoot (K-4.1a); the covering half may.
    expect(v.targets).toEqual([]);
    const groups = (v.panels ?? []).filter((x) => x.kind === 'targets');
    expect(groups).toHaveLength(1);
    const group = groups[0]!;
    expect(group).toMatchObject({ kind: 'targets', id: 'support', unitId: half, rule: 'K-1.1b' });
    if (group.kind !== 'targets') throw new Error('a targets panel');
    const r1 = group.targets.find((t) => t.unitId === 'r1')!;
    expect(r1.command).toMatchObject({ type: 'SHOOT', unitId: half, targetId: 'r1' });
    const before = p.log.get().length;
    expect(p.control.send(r1.command!)).toMatchObject({ ok: true });
    expect(p.log.get().slice(before).some((l) => l.rule?.startsWith('K-5.3'))).toBe(true);
    // K-5.1a once: its targets are gone after the shot.
    // Recorded apart from the parent's own shooters (K-2.4 order stays the parent's).
    expect(rulesTable(p.game().state as KSequenced).activation).toMatchObject({ shot: [], supportShot: [half] });
    expect(p.view.get().panels?.some((x) => x.kind === 'targets')).toBeFalsy();
  });

  it('K-5.6a a lightly wounded soldier may leave for the rear; K-5.6b a seriously wounded one with the nearest fit escort', () => {
    const s0 = setupRead(scenario);
    const hurt = flowScenario([{ ...UNITS[0]!, figureStart: { 2: { condition: 'light' }, 4: { condition: 'serious' } } }, ...UNITS.slice(1)]);
    const s = acting(setupRead(hurt), 'w1');
    const extras = activationExtras(s, { scenario, table });
    expect(extras).toEqual(expect.arrayContaining([
      { type: 'EVACUATE', side: 'whites', unitId: 'w1', figureId: 'w1_2' },
      { type: 'EVACUATE', side: 'whites', unitId: 'w1', figureId: 'w1_4', escortId: 'w1_3' },
    ]));
    expect(actionFor(s, extras.find((c) => c.figureId === 'w1_2')!)).toMatchObject({ id: 'evacuate:w1_2', rule: 'K-5.6a' });
    // Nobody healthy is wounded: nothing to offer.
    expect(activationExtras(acting(s0, 'w1'), { scenario, table }).filter((c) => c.type === 'EVACUATE')).toEqual([]);
  });

  it('K-1.2d a leader within 3 cm of a squad may join it when he acts; nothing is offered to a unit far from any other', () => {
    const s0 = setupRead(scenario);
    const joins = activationExtras(acting(s0, 'wl'), { scenario, table }).filter((c) => c.type === 'JOIN');
    expect(joins).toEqual([{ type: 'JOIN', side: 'whites', unitId: 'wl', intoUnitId: 'w1' }]);
    expect(actionFor(s0, joins[0]!)).toMatchObject({ id: 'join:wl:w1', label: 'Leader wl joins Squad w1', rule: 'K-1.2d' });
    // Far from any friend, a squad of three is offered only its split (one of three may stay, K-1.1a).
    expect(activationExtras(acting(s0, 'r1'), { scenario, table })).toEqual([{ type: 'SPLIT', side: 'reds', unitId: 'r1', figureIds: ['r1_3'] }]);
  });
});
