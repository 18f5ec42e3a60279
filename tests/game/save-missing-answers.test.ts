// Saves written before the rules asked the owner's decisions (wound allocation, a fallen MG's taker, a
// targeted leader's dive, the evacuation move) have no answer commands: they still load, each missing
// answer given as the decision's default, to the saved state.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession, loadSave, makeSave } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

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
    playGame(g, kuularuiskuModule.player({ seed: 8 * 7919 + 1, draw: 'groups' }), { table, maxCommands: 4000, onCommand: (c) => { if (c.type === 'ALLOCATE_WOUNDS') answers++; } });
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

/** Every owner's answer the rules ask for (K-5.5a, K-6.2d, K-6.4d wounds; K-SKL-8; K-5.5h; K-5.1b; K-5.6e). */
const ANSWERS = new Set(['ALLOCATE_WOUNDS', 'MEDIC_REROLL', 'TAKE_OVER', 'LEADER_DIVE', 'EVACUATION_MOVE']);

// A game on this scenario (seed 3) asks every kind of owner's choice but the medic's.
const kalevankangas = 'scenarios/kuularuisku/kalevankangas.json';

describe('a save without any owner\'s answers', () => {
  it('K-5.5a K-6.4d K-5.5h K-5.1b K-5.6e loads with the default in place of each, to the saved state', async () => {
    const sc = parseScenarioOrThrow(readFileSync(kalevankangas, 'utf8'), kalevankangas);
    const field = await createBattlefield(sc);
    try {
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario: sc, table: cachedTable(field), seed: 3 });
      playGame(g, kuularuiskuModule.player({ seed: 3 * 7919 + 1, draw: 'groups' }), { table: cachedTable(field), maxCommands: 6000 });
      const save = makeSave(g);
      const kinds = new Set(save.commands.filter((c) => ANSWERS.has(c.type)).map((c) => c.type));
      expect([...kinds].sort()).toEqual(['ALLOCATE_WOUNDS', 'EVACUATION_MOVE', 'LEADER_DIVE', 'TAKE_OVER']);
      const old = { ...save, commands: save.commands.filter((c) => !ANSWERS.has(c.type)) };
      const loaded = loadSave(old, 'old.json', sc, kuularuiskuRuleset, cachedTable(field));
      expect(loaded.stateHash()).toBe(save.stateHash);
      // Each missing answer is back in its place, as the default.
      expect(loaded.log.map((e) => e.command.type)).toEqual(save.commands.map((c) => c.type));
    } finally {
      field.free();
    }
  });
});
