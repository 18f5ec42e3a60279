// The COBI skirmish on the real battlefield, and sessions on it with scripted dice (tests only).
import { readFileSync } from 'node:fs';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { ScriptedDice, type Command } from '../../../src/core';
import { cachedTable, playableModule } from '../../../src/flow';
import { GameSession, type GameEvent } from '../../../src/game';
import { cobiModule } from '../../../src/rules/cobi';
import type { CState } from '../../../src/rules/cobi/state';
import { parseScenarioOrThrow, type Scenario } from '../../../src/scenario';

export const SKIRMISH = 'scenarios/cobi/skirmish.json';
export const cobi = playableModule(cobiModule);

export const loadSkirmish = (): Scenario => parseScenarioOrThrow(readFileSync(SKIRMISH, 'utf8'), SKIRMISH);
export const battlefieldOf = (scenario: Scenario): Promise<Battlefield> => createBattlefield(scenario);
/** The skirmish and its battlefield (a test's beforeAll; its afterAll frees the battlefield). */
export async function skirmishTable(): Promise<{ scenario: Scenario; bf: Battlefield }> {
  const scenario = loadSkirmish();
  return { scenario, bf: await battlefieldOf(scenario) };
}

export type CSession = GameSession<CState, Command, GameEvent, unknown>;

/** A session on the scenario with these dice (scripted values, or a seed's). */
export function sessionOn(scenario: Scenario, bf: Battlefield, dice?: number[]): CSession {
  return new GameSession({ ruleset: cobi.ruleset as never, scenario, table: cachedTable(bf), seed: 1, ...(dice ? { dice: new ScriptedDice(dice) } : {}) }) as CSession;
}

/** Sends a command as the side to act; throws with the refusal when refused. */
export function send(g: CSession, c: Command): readonly GameEvent[] {
  const r = g.dispatch(g.withSideToAct(c));
  if (!r.ok) throw new Error(`${c.type} refused: ${r.reason}${r.rule ? ` (${r.rule})` : ''}`);
  return r.events;
}

/** C-3.0a/C-3.2f a round begun, and C-3.2d/f its initiative winner's choice: act first, or hand the first activation over. */
export function beginRound(g: CSession, choice: 'act' | 'pass' = 'act'): readonly GameEvent[] {
  const rolled = send(g, { type: 'BEGIN_ROUND' });
  return [...rolled, ...send(g, { type: 'CHOOSE_FIRST', choice })];
}

export const ARMOUR_LANE = 'scenarios/cobi/armour-lane.json';
export const loadArmourLane = (): Scenario => parseScenarioOrThrow(readFileSync(ARMOUR_LANE, 'utf8'), ARMOUR_LANE);
/** The armour lane (a Panther and a Sherman, a squad each) and its battlefield. */
export async function armourLaneTable(): Promise<{ scenario: Scenario; bf: Battlefield }> {
  const scenario = loadArmourLane();
  return { scenario, bf: await battlefieldOf(scenario) };
}

/** A session on `scenario` whose first round is begun (the dice's first two win the initiative: C-3.0a) and `unit` activated, the rest of `dice` to come. */
export function activatedOn(scenario: Scenario, bf: Battlefield, unit: string, dice: number[], initiative: [number, number] = [6, 1]): CSession {
  const g = sessionOn(scenario, bf, [...initiative, ...dice]);
  beginRound(g);
  send(g, { type: 'SELECT_UNIT', unitId: unit });
  return g;
}
