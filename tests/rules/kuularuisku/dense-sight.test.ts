// K-5.2d seeing 10 cm into dense terrain, in both readings of K-AMB-23: the length of the sight line
// inside (the default house value) or each figure's depth from the edge the line crosses.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { DEFAULT_HOUSE, evaluateTarget, resolveHouse, setupK, type KState } from '../../../src/rules/kuularuisku/engine';
import { applyKOptions, kOptionChoices } from '../../../src/rules/kuularuisku/options';
import type { Scenario } from '../../../src/scenario';
import { TRAINING_GROUND, scenarioWith, stateWith, table, type UnitSpec } from './fixture';

const FIGURE_DEPTH = { house: { denseSightMeasure: 'figure-depth' } };

/** The training ground with a dense wood 4 cm wide (x 10–14, z 50–70) in the open west end. */
const STRIP: Partial<Scenario> = {
  features: [
    ...(JSON.parse(readFileSync(TRAINING_GROUND, 'utf8')) as Scenario).features,
    { id: 'woods_strip', kind: 'woods', name: 'Dense strip', density: 'dense', polygon: [[10, 50], [14, 50], [14, 70], [10, 70]], height: 12 },
  ] as Scenario['features'],
};

let t: Battlefield;
let strip: Battlefield;
beforeAll(async () => {
  t = await table();
  strip = await createBattlefield(scenarioWith([], undefined, STRIP));
});

const pair = (red: UnitSpec['at'], blue: UnitSpec['at']): UnitSpec[] => [{ id: 'rs', at: red }, { id: 'bs', side: 'blue', at: blue }];
const sees = (s: KState, bf: Battlefield) => evaluateTarget(s, 'rs', 'bs', { table: bf });

describe('K-AMB-23 how far into dense terrain one sees (K-5.2d)', () => {
  it('K-AMB-23 the sight-line reading is the default; the figure-depth reading is a named house option', () => {
    expect(DEFAULT_HOUSE.denseSightMeasure).toBe('along-line');
    expect(resolveHouse({ denseSightMeasure: 'figure-depth' }).house.denseSightMeasure).toBe('from-edge');
    expect(resolveHouse({ denseSightMeasure: 'sight-line' }).house.denseSightMeasure).toBe('along-line');
    expect(resolveHouse({ denseSightMeasure: 'deepest' }).issues[0]).toMatchObject({ path: 'rules.house.denseSightMeasure' });
    // Offered when a game starts, and chosen there as in `--options '{"house":{"denseSightMeasure":"figure-depth"}}'`.
    const sc = scenarioWith([]);
    expect(kOptionChoices(sc).find((c) => c.id === 'denseSightMeasure')).toMatchObject({ kind: 'house', rule: 'K-AMB-23', default: 'sight-line', options: [{ name: 'sight-line' }, { name: 'figure-depth' }] });
    const chosen = applyKOptions(sc, { house: { denseSightMeasure: 'figure-depth' } });
    expect(chosen.issues).toEqual([]);
    expect(setupK(chosen.scenario).house.denseSightMeasure).toBe('from-edge');
  });

  it('K-AMB-23 K-5.2d a slanting line near the limit: 10.8 cm of thicket to a target 7 cm from the edge it crosses', () => {
    // Red at (110, 40) looks south-east into the thicket (x 120–150) at a target 7 cm inside its west edge.
    const units = pair([[110, 40]], [[127, 20]]);
    const along = sees(stateWith(units), t);
    expect(along.valid).toBe(false);
    expect(along.reason?.rule).toBe('K-5.2a');
    expect(sees(stateWith(units, FIGURE_DEPTH), t).valid).toBe(true);
  });

  it('K-AMB-23 K-5.2d seeing out at a slant: the shooter 7 cm deep sees out by figure depth, not along the 10.8 cm line', () => {
    const units = pair([[127, 20]], [[110, 40]]);
    expect(sees(stateWith(units), t).valid).toBe(false);
    expect(sees(stateWith(units, FIGURE_DEPTH), t).valid).toBe(true);
    // Deeper than 10 cm from the edge, neither reading sees out.
    const deep = pair([[132, 20]], [[100, 20]]);
    expect(sees(stateWith(deep), t).valid).toBe(false);
    expect(sees(stateWith(deep, FIGURE_DEPTH), t).valid).toBe(false);
  });

  it('K-AMB-23 K-5.2d a narrow dense strip between two figures outside it: seen across by the line, blocked by figure depth', () => {
    const units = pair([[4, 60]], [[20, 60]]);
    expect(sees(stateWith(units, undefined, STRIP), strip).valid).toBe(true);
    const o = sees(stateWith(units, FIGURE_DEPTH, STRIP), strip);
    expect(o.valid).toBe(false);
    expect(o.reason?.rule).toBe('K-5.2a');
  });

  it('K-AMB-23 K-5.2d straight in, both readings agree: 8 cm deep is seen, 12 cm deep is not', () => {
    for (const rules of [undefined, FIGURE_DEPTH]) {
      expect(sees(stateWith(pair([[100, 20]], [[128, 20]]), rules), t).valid).toBe(true);
      expect(sees(stateWith(pair([[100, 20]], [[132, 20]]), rules), t).valid).toBe(false);
    }
  });
});
