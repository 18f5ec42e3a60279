// The Tammerkoski searchlight (night special rule, K-5.2a): the strip the Reds light down Hämeenkatu
// stops at the barricade (x 85, the street's end at the bridgehead), not on the bridge or the east
// bank, and the play view puts it on the table as a template while the night lasts (turns 1–4).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import { parseScenarioOrThrow } from '../../src/scenario';

const FILE = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let bf: Battlefield;
beforeAll(async () => { bf = await createBattlefield(scenario); });
afterAll(() => bf?.free());

describe('the searchlight strip on the table', () => {
  it('K-5.2a drawn from the west edge along Hämeenkatu to the barricade, 20 cm wide, in a night turn; gone by day', () => {
    const p = createPlay(scenario, bf, { storage: null, seed: 18 });
    const begin = p.view.get().actions.find((a) => a.id === 'begin-turn')!;
    expect(p.control.send(begin.command).ok).toBe(true);
    const [strip, ...rest] = p.view.get().templates ?? [];
    expect(rest).toEqual([]);
    expect(strip).toMatchObject({ id: 'night:lit', kind: 'strip', radius: 10, facing: 90, label: 'Searchlight: lit at night', rule: 'K-5.2a' });
    expect(strip!.centre[0]).toBeCloseTo(0, 5);
    expect(strip!.centre[1]).toBe(68);
    expect(strip!.length).toBeCloseTo(85, 5); // the barricade stands at x 80–85; the bridge starts at 85
    // By day (turn 5, the night's turns over) no strip is drawn: the night passes with every unit holding its fire.
    const turn = () => (p.game().state as { seq: { round: number } }).seq.round;
    for (let n = 0; n < 400 && !(turn() >= 4 && p.view.get().actions.some((a) => a.id === 'begin-turn')); n++) {
      const v = p.view.get();
      const pick = v.actions.find((a) => a.id === 'begin-turn' || a.id === 'draw') ?? v.actions.find((a) => a.id === 'ready')
        ?? v.actions.find((a) => /^(end|pass)/.test(a.id)) ?? v.actions.find((a) => !/shoot|move|charge|split/.test(a.id));
      expect(pick && p.control.send(pick.command).ok).toBe(true);
      if (turn() <= 4) expect(p.view.get().templates?.map((t) => t.id)).toEqual(['night:lit']);
    }
    expect(p.control.send(p.view.get().actions.find((a) => a.id === 'begin-turn')!.command).ok).toBe(true);
    expect(turn()).toBe(5);
    expect(p.view.get().templates).toBeUndefined();
    p.dispose();
  });
});
