// Terrain placed during play rebuilds the game's table (TableRules.tableScenario → GameSession.table
// through TableFor, cached by tableKey): on the toy armour's setup variant a house placed across a
// sight line blocks it from then on; before, and in a game without placed terrain, the table stays.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefieldNow, initRapier, type Battlefield } from '../../src/battlefield';
import { randomPlayer, ScriptedDice, type Sequenced, type TableQueries, type Vec3 } from '../../src/core';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession, TableFor, tableKey, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { toyarmourModule, toyarmourSetupModule } from '../toys/rules/toyarmour';
import type { ArmourTable } from '../toys/rules/toyarmour/rules';

type State = Sequenced<ArmourTable>;
const scenarioOf = (id: string) => {
  const file = path.resolve(__dirname, '../toys/scenarios', `${id}.json`);
  return parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
};

const built: Battlefield[] = [];
const keys: string[] = [];
/** Builds a table per scenario as the table stands, recording each build (the session should build once per new terrain). */
const tableFor = () => new TableFor<TableQueries>((played: Scenario) => {
  const bf = createBattlefieldNow(played);
  built.push(bf);
  keys.push(tableKey(played));
  return cachedTable(bf);
});
beforeAll(() => initRapier());
afterAll(() => {
  for (const bf of built) bf.free();
});

// A sight line 1.5 cm above the ground along z = 10, across where the house goes (x 27–33).
const from: Vec3 = [21, 1.5, 10];
const to: Vec3 = [39, 1.5, 10];

describe('terrain placed during play', () => {
  it('a house placed across a sight line blocks it once placed (the session\'s table rebuilt), and only then', () => {
    const scenario = scenarioOf('toyarmour-setup');
    const ruleset = playableModule(toyarmourSetupModule).ruleset as Ruleset<State, Command, GameEvent, TableQueries>;
    const startBuilds = built.length;
    const session = new GameSession<State, Command, GameEvent, TableQueries>({ ruleset, scenario, table: tableFor(), seed: 1, dice: new ScriptedDice([6, 1]) });
    const first = session.table;
    expect(first.isClear(from, to)).toBe(true);
    expect(session.tableScenario).toBe(session.scenario);
    session.dispatch({ type: 'SETUP_ROLL', side: 'red' });
    // A copse elsewhere: the table is rebuilt (the terrain changed), the line still clear.
    expect(session.dispatch({ type: 'PLACE_TERRAIN', side: 'red', piece: 'copse', at: [30, 30], rotation: 0 }).ok).toBe(true);
    const second = session.table;
    expect(second).not.toBe(first);
    expect(second.scenario.features.map((f) => f.id)).toContain('copse-1');
    expect(second.isClear(from, to)).toBe(true);
    // The house across the line: blocked from now on.
    expect(session.dispatch({ type: 'PLACE_TERRAIN', side: 'blue', piece: 'house', at: [30, 10], rotation: 90 }).ok).toBe(true);
    const third = session.table;
    expect(third.isClear(from, to)).toBe(false);
    expect(third.lineOfSight(from, to).blocker?.featureId).toBe('house-1');
    // Read again without a change: the same table, nothing built anew (one build per terrain: the file's and two placements).
    expect(session.table).toBe(third);
    expect(built.length - startBuilds).toBe(3);
    // Undo goes back to a terrain already built: its table is found again by its key, not built.
    expect(session.undo()).toBe(true);
    expect(session.table).toBe(second);
    expect(built.length - startBuilds).toBe(3);
  });

  it('the table a played game\'s player reads follows the session\'s (playGame)', () => {
    const scenario = scenarioOf('toyarmour-setup');
    const ruleset = playableModule(toyarmourSetupModule).ruleset as Ruleset<State, Command, GameEvent, TableQueries>;
    const session = new GameSession<State, Command, GameEvent, TableQueries>({ ruleset, scenario, table: tableFor(), seed: 3 });
    const seen = new Set<TableQueries>();
    const player = randomPlayer<State, Command, TableQueries, Scenario>({ seed: 3, weights: {}, keyOf: (c) => c.type });
    const watching = { ...player, choose: (s: State, view: Parameters<typeof player.choose>[1], d?: Parameters<typeof player.choose>[2]) => {
      seen.add(view.table);
      expect(view.table).toBe(session.table);
      return player.choose(s, view, d as never);
    } };
    const played = playGame(session, watching as typeof player, { table: session.table, maxCommands: 12 });
    expect(played.commands).toBe(12);
    // The file's table, then one per piece placed (three pieces).
    expect(seen.size).toBe(4);
  });

  it('rules without tableScenario keep the one table all game', () => {
    const scenario = scenarioOf('toyarmour');
    const ruleset = playableModule(toyarmourModule).ruleset as Ruleset<State, Command, GameEvent, TableQueries>;
    expect(ruleset.tableScenario).toBeUndefined();
    const session = new GameSession<State, Command, GameEvent, TableQueries>({ ruleset, scenario, table: tableFor(), seed: 1 });
    const first = session.table;
    session.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(session.table).toBe(first);
    expect(session.tableScenario).toBe(session.scenario);
  });
});
