// Saves written before the rules asked the owner's decisions (K-5.5a wound allocation) have no answer
// commands: they still load, each missing answer given as the decision's default, to the saved state.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, playGame } from '../../src/flow';
import { GameSession, loadSave, makeSave } from '../../src/game';
import { kuularuiskuPlayer } from '../../src/rules/kuularuisku/player';
import { kuularuiskuRuleset } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';

const file = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
let bf: Battlefield;

beforeAll(async () => {
  bf = await createBattlefield(scenario);
});
afterAll(() => bf.free());

describe('a save without the owners\' answers', () => {
  it('K-5.5a loads: each missing wound allocation is the default one, and the replay ends on the saved state', () => {
    const table = cachedTable(bf);
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 8 });
    // Random play until a few owners have allocated wounds (the random player answers with the default).
    let answers = 0;
    playGame(g, kuularuiskuPlayer({ seed: 8 * 7919 + 1, draw: 'groups' }), { table, maxCommands: 4000, onCommand: (c) => { if (c.type === 'ALLOCATE_WOUNDS') answers++; } });
    expect(answers).toBeGreaterThan(0);
    const save = makeSave(g);
    const old = { ...save, commands: save.commands.filter((c) => c.type !== 'ALLOCATE_WOUNDS') };
    expect(old.commands.length).toBe(save.commands.length - answers);
    const loaded = loadSave(old, 'old.json', scenario, kuularuiskuRuleset, cachedTable(bf));
    expect(loaded.stateHash()).toBe(save.stateHash);
    expect(loaded.log.filter((e) => e.command.type === 'ALLOCATE_WOUNDS')).toHaveLength(answers);
    // A save with its answers replays them as they are.
    expect(loadSave(save, 'new.json', scenario, kuularuiskuRuleset, cachedTable(bf)).stateHash()).toBe(save.stateHash);
  });
});
