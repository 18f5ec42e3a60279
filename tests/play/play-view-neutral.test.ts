// Kuularuisku's extras reach the HUD in the neutral play model: the covering-fire split (K-1.1a) as a
// pick-figures panel, the covering half's targets (K-1.1b) as a targets panel, the activation deck
// (K-2.1b) as a banner tally — and the model has no field of Kuularuisku's own.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import type { PlayView } from '../../src/game';
import { ThenDice, arrange, flowScenario, flowTable, type UnitSpec } from '../flow/fixture';

const UNITS: UnitSpec[] = [
  { id: 'w1', side: 'whites', at: [20, 30], size: 5 },
  { id: 'r1', side: 'reds', at: [60, 30] },
];
const scenario = flowScenario(UNITS);
let table: Battlefield;

beforeAll(async () => {
  table = await flowTable(flowScenario());
});

/** The fields every ruleset's PlayView may carry. */
const NEUTRAL_FIELDS = ['rulesetId', 'scenarioTitle', 'sides', 'prompt', 'units', 'activeUnitId', 'actions', 'move', 'targets', 'panels', 'templates', 'measure', 'victory', 'decision'];

function expectNeutral(v: PlayView): void {
  expect(Object.keys(v).filter((k) => !NEUTRAL_FIELDS.includes(k))).toEqual([]);
  for (const p of v.panels ?? []) expect(['pick-figures', 'targets']).toContain(p.kind);
}

describe('the play model is neutral', () => {
  it('K-1.1a, K-1.1b, K-2.1b the split, the half\'s targets and the deck come as a panel, a panel and a tally; the measure is the module\'s', () => {
    const p = createPlay(scenario, table, { dice: new ThenDice(arrange(['w1', 'r1'], ['w1', 'r1']), 4), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:fast-move']) expect(p.control.send(p.view.get().actions.find((a) => a.id === id)!.command).ok).toBe(true);
    let v = p.view.get();
    expectNeutral(v);
    expect(v.measure).toBe('cm');
    expect(v.prompt.tallies).toEqual([expect.objectContaining({ id: 'deck', count: 1, text: 'Deck 1 left · 1 drawn' })]);
    const split = v.panels!.find((x) => x.kind === 'pick-figures')!;
    expect(split).toMatchObject({ id: 'split', unitId: 'w1', rule: 'K-1.1a', field: 'figureIds', min: 1, max: 2, command: { type: 'SPLIT' } });
    expect(p.control.send({ type: 'SPLIT', side: 'whites', unitId: 'w1', figureIds: ['w1_4', 'w1_5'] })).toMatchObject({ ok: true });
    v = p.view.get();
    expectNeutral(v);
    const half = v.panels!.find((x) => x.kind === 'targets');
    expect(half).toMatchObject({ id: 'support', rule: 'K-1.1b', targets: [expect.objectContaining({ unitId: 'r1', command: expect.objectContaining({ type: 'SHOOT' }) })] });
    // Distances stay table cm in the model; the HUD formats them in the measure.
    if (half?.kind !== 'targets') throw new Error('a targets panel');
    expect(half.targets[0]!.distance).toBeGreaterThan(30);
  });
});

describe('the measure of the view', () => {
  it('a scenario shown in inches (displayUnit) gives the view the inch, whatever the module\'s', () => {
    const inches = { ...scenario, displayUnit: 'in' as const };
    const p = createPlay(inches, table, { dice: new ThenDice(arrange(['w1', 'r1'], ['w1', 'r1']), 4), storage: null });
    expect(p.view.get().measure).toBe('inch');
  });
});
