// The sequence machine and saves: a game played to its end, saved, loaded and replayed, rebuilds the
// same sequence (the cards machine's step, deck, offer …) command by command and the same state hash;
// a session replayed to any point holds the sequence the playing one had there.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createRng } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
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

beforeAll(async () => {
  scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
  bf = await createBattlefield(scenario);
});
afterAll(() => bf.free());

const sequenceOf = (g: { state: unknown }) => JSON.stringify((g.state as KSequenced).seq);

/** Play a whole game by sending random candidate commands to the session; the sequence after each accepted one. */
function playGameOf(seed: number) {
  const table = cachedTable(bf);
  const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
  const rng = createRng(seed);
  const positions: string[] = [sequenceOf(g)];
  for (let n = 0; n < 5000 && !g.victory(); n++) {
    let options: Command[] = candidateCommands((g.state as KSequenced).table, { scenario, table, legal: () => g.legalCommands() });
    for (;;) {
      const c = pickRandomCommand(options, rng);
      if (g.dispatch(c).ok) break;
      options = options.filter((x) => x !== c);
      if (!options.length) throw new Error('no candidate was accepted');
    }
    positions.push(sequenceOf(g));
  }
  return { g, positions, table };
}

describe('the sequence, sessions and saves', () => {
  it('a save replays to the same state hash and the same sequence; re-sending its commands rebuilds the sequence after every command', () => {
    for (const seed of [3, 11]) {
      const { g, positions, table } = playGameOf(seed);
      expect(g.victory()).toBeDefined();
      expect((g.state as KSequenced).seq.step).toBe('over');
      const save = JSON.parse(JSON.stringify(makeSave(g)));

      // Loaded: the same hash and the same sequence.
      const loaded = loadSave(save, 'game.json', scenario, kuularuiskuRuleset, table);
      expect(loaded.stateHash()).toBe(g.stateHash());
      expect(sequenceOf(loaded)).toBe(positions.at(-1));

      // Re-sent command by command to a fresh session: the same sequence after every command.
      const fresh = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
      const replayed = [sequenceOf(fresh)];
      for (const c of save.commands as Command[]) {
        expect(fresh.dispatch(c).ok).toBe(true);
        replayed.push(sequenceOf(fresh));
      }
      expect(replayed).toEqual(positions);
      expect(fresh.stateHash()).toBe(g.stateHash());
    }
  });

  it('a session replayed to any point holds the sequence the playing one had there', () => {
    const { g, positions, table } = playGameOf(5);
    const commands = g.log.map((e) => e.command);
    for (const k of [0, 1, 2, 5, 17, 40, 77, Math.floor(commands.length / 2), commands.length - 3]) {
      const part = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 5 });
      for (const c of commands.slice(0, k)) expect(part.dispatch(c).ok).toBe(true);
      expect(sequenceOf(part)).toBe(positions[k]);
    }
  });

  it('a save made before the switch (its hash of the rules\' state alone) loads; a wrong hash is still refused', () => {
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
