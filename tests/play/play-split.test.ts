// K-1.1a the covering-fire pick: the HUD model offers the active unit's soldiers and how many may stay
// behind; the controller's check judges each pick by the rules (half or fewer, each part in formation,
// K-1.0b) without changing the game; the chosen soldiers, not the last half, form the covering group.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import type { PlayPickPanel, PlayView } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { ThenDice, arrange, flowScenario, flowTable, type UnitSpec } from '../flow/fixture';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

const UNITS: UnitSpec[] = [
  { id: 'w1', side: 'whites', at: [20, 30], size: 5 },
  { id: 'r1', side: 'reds', at: [100, 30] },
];
const scenario = flowScenario(UNITS);
let table: Battlefield;

/** The split offer: the view's pick-figures panel "split" (K-1.1a). */
const splitOf = (v: PlayView) => v.panels?.find((x): x is PlayPickPanel => x.kind === 'pick-figures' && x.id === 'split');

beforeAll(async () => {
  table = await flowTable(flowScenario());
});

function started(action: string): PlayHandle {
  const p = createPlay(scenario, table, { dice: new ThenDice(arrange(['w1', 'r1'], ['w1', 'r1']), 4), storage: null });
  for (const id of ['begin-turn', 'draw', action]) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
  return p;
}

const pick = (p: PlayHandle, figureIds: string[]) => p.control.check({ ...splitOf(p.view.get())!.command, figureIds });

describe('play: choosing the covering-fire soldiers (K-1.1a)', () => {
  it('offers every soldier of the acting squad and at most half of five (house rounding: two)', () => {
    const p = started('activate:move-shoot');
    const offer = splitOf(p.view.get())!;
    expect(offer).toMatchObject({ unitId: 'w1', figureIds: ['w1_1', 'w1_2', 'w1_3', 'w1_4', 'w1_5'], min: 1, max: 2, rule: 'K-1.1a', field: 'figureIds' });
    expect(offer.command).toMatchObject({ type: 'SPLIT', side: 'whites', unitId: 'w1' });
  });

  it('the controller judges each pick by the rules and keeps nothing; the pick sent is the covering group', () => {
    const p = started('activate:move-shoot');
    const log = p.game().log.length;
    // Three of five is more than half (K-1.1a).
    expect(pick(p, ['w1_1', 'w1_2', 'w1_3'])).toMatchObject({ ok: false, rule: 'K-1.1a' });
    // The third and fourth would leave the main part in two pieces (K-1.0b: each part in formation).
    expect(pick(p, ['w1_3', 'w1_4'])).toMatchObject({ ok: false, rule: 'K-1.0b' });
    expect(pick(p, ['w1_1'])).toEqual({ ok: true });
    expect(pick(p, ['w1_1', 'w1_2'])).toEqual({ ok: true });
    expect(pick(p, ['r1_1'])).toMatchObject({ ok: false, rule: 'K-1.1a' });
    expect(p.game().log.length).toBe(log);
    // The first two, not the last half, stay behind.
    expect(p.control.send({ ...splitOf(p.view.get())!.command, figureIds: ['w1_1', 'w1_2'] })).toMatchObject({ ok: true });
    const s = rulesTable(p.game().state as KSequenced);
    const half = s.units.w1!.coveringHalf!;
    expect(Object.values(s.figures).filter((f) => f.unitId === half).map((f) => f.id).sort()).toEqual(['w1_1', 'w1_2']);
    // Split once: no more offer.
    expect(splitOf(p.view.get())).toBeUndefined();
  });

  it('no offer before the card is played, nor for the other actions than the gate allows', () => {
    const p = createPlay(scenario, table, { dice: new ThenDice(arrange(['w1', 'r1'], ['w1', 'r1']), 4), storage: null });
    expect(splitOf(p.view.get())).toBeUndefined();
    for (const id of ['begin-turn', 'draw']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
    // Offered its activation, not yet acting: nothing to split.
    expect(p.view.get().activeUnitId).toBe('w1');
    expect(splitOf(p.view.get())).toBeUndefined();
  });

  it('offered exactly when the controller would take a split of the last two, whatever the action chosen', () => {
    for (const action of ['activate:move-shoot', 'activate:shoot-move', 'activate:fast-move', 'activate:shoot']) {
      const p = started(action);
      const legal = p.control.check({ type: 'SPLIT', side: 'whites', unitId: 'w1', figureIds: ['w1_4', 'w1_5'] }).ok;
      expect(!!splitOf(p.view.get())).toBe(legal);
    }
  });
});
