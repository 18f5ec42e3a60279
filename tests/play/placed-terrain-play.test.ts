// The app's game follows terrain placed during play: the handle's `battlefield` (what the view draws)
// becomes the table with the piece on it once placed (the replay scrubber shows each moment's), on the toy armour's setup variant (registered
// for this test beside the real rulesets, as the browser tests' toy build does).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBattlefield, createBattlefieldNow, type Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import { parseScenarioOrThrow } from '../../src/scenario';

vi.mock('../../src/rules', async (original) => {
  const real = await original<typeof import('../../src/rules')>();
  const { toyarmourSetupModule } = await import('../toys/rules/toyarmour');
  return { ...real, RULESET_MODULES: { ...real.RULESET_MODULES, toyarmour: toyarmourSetupModule } };
});

const FILE = 'tests/toys/scenarios/toyarmour-setup.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let bf: Battlefield;
let handle: PlayHandle | undefined;
beforeAll(async () => {
  bf = await createBattlefield(scenario);
});
afterAll(() => {
  handle?.dispose();
  bf?.free();
});

describe('terrain placed in the app\'s game', () => {
  it('the battlefield drawn becomes the table with the piece once placed; the file\'s before', () => {
    handle = createPlay(scenario, bf, { seed: 1, storage: null, buildTable: createBattlefieldNow });
    expect(handle.battlefield.get()).toBe(bf);
    expect(handle.view.get().prompt.headline).toBe('Setup: roll for who places terrain first');
    expect(handle.control.send({ type: 'SETUP_ROLL', side: 'red' }).ok).toBe(true);
    expect(handle.battlefield.get()).toBe(bf);
    const side = handle.view.get().prompt.side!;
    expect(handle.control.send({ type: 'PLACE_TERRAIN', side, piece: 'house', at: [30, 10], rotation: 0 }).ok).toBe(true);
    const drawn = handle.battlefield.get();
    expect(drawn).not.toBe(bf);
    expect(drawn.scenario.features.map((f) => f.id)).toContain('house-1');
    // The game's own table is the one drawn: its sight lines meet the house.
    expect((handle.game().table as { scenario: { features: Array<{ id: string }> } }).scenario.features.map((f) => f.id)).toContain('house-1');
    expect(drawn.isClear([21, 1.5, 10], [39, 1.5, 10])).toBe(false);
    // The replay scrubber at the roll: the table of that moment, without the house; back to the live game, with it.
    const rolled = handle.game().log[0]!.events.length - 1;
    handle.replay.seek(rolled);
    expect(handle.battlefield.get()).toBe(bf);
    handle.replay.seek(null);
    expect(handle.battlefield.get()).toBe(drawn);
    // Undone, the file's table is drawn again.
    expect(handle.control.undo()).toBe(true);
    expect(handle.battlefield.get()).toBe(bf);
  });
});
