// The toycards table the cards-model tests play on (tests/toys/scenarios/toycards.json, its battlefield
// built once per file), and the few moves they all make: a session with scripted dice, a command that
// must be accepted, and a game's command log sent again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, type CardsView, type Sequenced, type TableQueries } from '../../src/core';
import { cachedTable } from '../../src/flow';
import { GameSession, type AnyRulesetModule, type Command, type GameEvent } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import type { CardsTable } from '../toys/rules/toycards/rules';
import { sendLog } from './send-log';

export type CState = Sequenced<CardsTable> & { seq: CardsView };
export type Session = GameSession<CState, Command, GameEvent, TableQueries>;

const SCENARIOS = path.resolve(__dirname, '../toys/scenarios');

/** The toycards scenario and its table, read in the calling file's beforeAll and freed after all its tests. */
export function toycardsTable(): { readonly scenario: Scenario; readonly table: TableQueries } {
  let scenario: Scenario | undefined;
  let table: TableQueries | undefined;
  let field: Battlefield | undefined;
  beforeAll(async () => {
    scenario = parseScenarioOrThrow(readFileSync(path.join(SCENARIOS, 'toycards.json'), 'utf8'), 'toycards.json');
    field = await createBattlefield(scenario);
    table = cachedTable(field);
  });
  afterAll(() => field?.free());
  const ready = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the toycards table is read in beforeAll: use it inside a test');
    return v;
  };
  return {
    get scenario() {
      return ready(scenario);
    },
    get table() {
      return ready(table);
    },
  };
}

/** A session of module `m` on `scenario` with scripted `dice`, lasting `turnLimit` turns. */
export function cardsSession(m: AnyRulesetModule, scenario: Scenario, table: TableQueries, dice: number[], turnLimit = 1): Session {
  return new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: m.ruleset as never, scenario: { ...scenario, turnLimit }, table, seed: 1, dice: new ScriptedDice(dice) });
}

/** Dispatch `c`, which must be accepted; its events. */
export function ok(g: Session, c: Command): GameEvent[] {
  const r = g.dispatch(c);
  expect(r.ok, `${c.type}: ${r.ok ? '' : r.reason}`).toBe(true);
  return r.ok ? [...r.events] : [];
}

/** The same game, its command log sent again to a fresh session of module `m` with the same `dice` (as a save replays). */
export function replayedLog(m: AnyRulesetModule, g: Session, table: TableQueries, dice: number[]): Session {
  const again = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: m.ruleset as never, scenario: g.scenario, table, seed: 1, dice: new ScriptedDice(dice) });
  sendLog(again as never, g.log);
  return again;
}
