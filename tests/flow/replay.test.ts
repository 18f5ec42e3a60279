// The machines and saves: a game played through the machines, saved, loaded and replayed, rebuilds
// the same machine positions (command by command) and the same state hash; machines started on a
// session at any point sync to the position the playing machines had there.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createRng } from '../../src/core';
import { cachedTable, flowPosition, playableModule, startFlow } from '../../src/flow';
import { GameSession, loadSave, makeSave, type Command } from '../../src/game';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { candidateCommands, pickRandomCommand } from '../../src/rules/kuularuisku/player';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';

const FILE = 'scenarios/sandbox/training-ground.json';
const OLD_SAVE = 'tests/flow/old-save.json';
// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);
let scenario: Scenario;
let bf: Battlefield;
const errors: unknown[] = [];

beforeAll(async () => {
  scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
  bf = await createBattlefield(scenario);
});
afterAll(() => bf.free());

/** Play a whole game by sending random candidate commands to the machines; positions after each accepted one. */
function playThroughMachines(seed: number) {
  const table = cachedTable(bf);
  const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
  const { actor } = startFlow(g, kuularuiskuFlow);
  actor.subscribe({ error: (e) => errors.push(e) });
  const rng = createRng(seed);
  const positions: string[] = [JSON.stringify(flowPosition(actor))];
  for (let n = 0; n < 5000 && !g.victory(); n++) {
    let options: Command[] = candidateCommands((g.state as KSequenced).table, { scenario, table });
    for (;;) {
      const c = pickRandomCommand(options, rng);
      const before = g.log.length;
      actor.send(c);
      if (g.log.length > before) break;
      options = options.filter((x) => x !== c);
      if (!options.length) throw new Error('no candidate was accepted');
    }
    positions.push(JSON.stringify(flowPosition(actor)));
  }
  return { g, actor, positions, table };
}

describe('machines, sessions and saves', () => {
  it('a save replays to the same state hash and the same machine position; re-sending its commands rebuilds every position', () => {
    for (const seed of [3, 11]) {
      const { g, positions, table } = playThroughMachines(seed);
      expect(g.victory()).toBeDefined();
      expect(positions.at(-1)).toBe(JSON.stringify({ turn: 'over' }));
      const save = JSON.parse(JSON.stringify(makeSave(g)));

      // Loaded by the session alone: same hash; machines started on it sync to the same position.
      const loaded = loadSave(save, 'game.json', scenario, kuularuiskuRuleset, table);
      expect(loaded.stateHash()).toBe(g.stateHash());
      expect(JSON.stringify(flowPosition(startFlow(loaded, kuularuiskuFlow).actor))).toBe(positions.at(-1));

      // Re-sent command by command through fresh machines: the same position after every command.
      const fresh = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
      const { actor } = startFlow(fresh, kuularuiskuFlow);
      actor.subscribe({ error: (e) => errors.push(e) });
      const replayed = [JSON.stringify(flowPosition(actor))];
      for (const c of save.commands as Command[]) {
        actor.send(c);
        replayed.push(JSON.stringify(flowPosition(actor)));
      }
      expect(replayed).toEqual(positions);
      expect(fresh.stateHash()).toBe(g.stateHash());
    }
    expect(errors).toEqual([]);
  });

  it('machines started on a session at any point sync to the position the playing machines had there', () => {
    const { g, positions, table } = playThroughMachines(5);
    const commands = g.log.map((e) => e.command);
    for (const k of [0, 1, 2, 5, 17, 40, 77, Math.floor(commands.length / 2), commands.length - 3]) {
      const part = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 5 });
      for (const c of commands.slice(0, k)) expect(part.dispatch(c).ok).toBe(true);
      expect(JSON.stringify(flowPosition(startFlow(part, kuularuiskuFlow).actor))).toBe(positions[k]);
    }
  });

  it('a save made before the switch (its hash of the rules\' state alone) loads through the machines; a wrong hash is still refused', () => {
    // old-save.json: 60 random commands of seed 4, saved when the rules played the turn themselves.
    const table = cachedTable(bf);
    const save = JSON.parse(readFileSync(OLD_SAVE, 'utf8'));
    const loaded = loadSave(save, 'old.json', scenario, kuularuiskuRuleset, table);
    // It loaded: its hash is the table's alone (an earlier state form); the game's own hash is of table and sequence.
    expect(loaded.log).toHaveLength(60);
    expect((loaded.state as KSequenced).seq.round).toBeGreaterThan(0);
    expect(loaded.stateHash()).not.toBe(save.stateHash);
    expect(() => loadSave({ ...save, stateHash: 'f'.repeat(save.stateHash.length) }, 'old.json', scenario, kuularuiskuRuleset, table)).toThrow(/\$\.stateHash: the replayed game differs/);
  });
});
