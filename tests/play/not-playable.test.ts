// What the page says when play cannot start: the ruleset's problems turned into a title with the
// scenario's title and the ruleset's name, each reason once with its rule id and the units by name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPlay, NotPlayableError, notPlayableText, playRefusalOf } from '../../src/app/play';
import { playRefusalAhead } from '../../src/app/rulesets';
import { createBattlefield } from '../../src/battlefield';
import { parseScenarioOrThrow } from '../../src/scenario';

const unit = (name: string) => ({ name }) as never;

describe('notPlayableText', () => {
  it('K-GAP-3 one line per reason, naming every unit it concerns; a problem outside the units keeps its path', () => {
    const scenario = { title: 'Yard', units: [unit('Tank A'), unit('Rifles'), unit('Tank B')] };
    const text = notPlayableText(scenario, 'Kuularuisku 1918', [
      { path: 'units.0.type', message: 'K-GAP-3: no rules for vehicle units' },
      { path: 'units.2.type', message: 'K-GAP-3: no rules for vehicle units' },
      { path: 'units.1.data.kind', message: 'expected "squad"' },
      { path: 'rules.house.K-GAP-3', message: 'expected a boolean' },
    ]);
    expect(text).toEqual({
      title: 'Yard cannot be played with Kuularuisku 1918',
      reasons: ['K-GAP-3: no rules for vehicle units: Tank A, Tank B', 'expected "squad": Rifles', 'expected a boolean (at rules.house.K-GAP-3)'],
    });
  });

  it('a failure other than a refusal is shown with its message and the scenario title', () => {
    expect(playRefusalOf(new Error('seed: expected a whole number'), 'Yard')).toEqual({ title: 'Play could not start on Yard', reasons: ['seed: expected a whole number'] });
    expect(playRefusalOf('chunk failed', 'Yard')).toEqual({ title: 'Play could not start on Yard', reasons: ['chunk failed'] });
  });

  it('K-GAP-3 createPlay on the armour yard throws the refusal the page shows, the message keeping the ids', async () => {
    const FILE = 'scenarios/sandbox/armour-yard.json';
    const yard = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
    const bf = await createBattlefield(yard);
    let caught: unknown;
    try {
      createPlay(yard, bf, { storage: null });
    } catch (err) {
      caught = err;
    } finally {
      bf.free();
    }
    expect(caught).toBeInstanceOf(NotPlayableError);
    expect((caught as Error).message).toMatch(/^armour-yard: not playable with kuularuisku: units\.0\.type: K-GAP-3/);
    expect(playRefusalOf(caught, yard.title)).toEqual({
      title: 'Armour yard cannot be played with Kuularuisku 1918',
      reasons: ['K-GAP-3: Kuularuisku has no rules for vehicle units (only infantry, MG teams and leaders): T-34/85 platoon, BA-64 armoured car, Panzer IV (Zug leader), Panzer IV, Sd.Kfz. 251 half-track'],
    });
    // The Play button's tooltip knows it before any try (the same check), and a playable table is not flagged.
    expect(await playRefusalAhead(yard)).toEqual(playRefusalOf(caught, yard.title));
    const TRAINING = 'scenarios/sandbox/training-ground.json';
    expect(await playRefusalAhead(parseScenarioOrThrow(readFileSync(TRAINING, 'utf8'), TRAINING))).toBeNull();
  });
});
