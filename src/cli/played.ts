// The scenario as played and its table, for every verb: `--options JSON` (a new game's choices) or a
// save's options applied by the scenario's ruleset, so a terrain switch (optional-terrain) changes the
// heights, solids and sight lines the verb reads, as it changes them in the game.
import { createBattlefieldNow, type Battlefield } from '../battlefield';
import { GameOptionsError, parseGameOptions, sameTable, scenarioWithOptions, tableKey, type AnyRulesetModule, type GameOptions } from '../game';
import { playableModule } from '../flow';
import { playRulesetId, rulesetModuleFor } from '../rules';
import type { Scenario } from '../scenario';
import { UsageError } from './cli-io';

/** `--options` text as game options (shape checked), or undefined when not given. */
export function optionsFlag(given: string | undefined): GameOptions | undefined {
  if (given === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(given);
  } catch (err) {
    throw new UsageError(`--options: bad JSON (${err instanceof Error ? err.message : String(err)}): expected {"rules":{…},"readings":{…},"house":{…}}`);
  }
  try {
    return parseGameOptions(data, '--options');
  } catch (err) {
    if (err instanceof GameOptionsError) throw new UsageError(err.message);
    throw err;
  }
}

/** The scenario with these options applied by its ruleset (`module`, else the scenario's own); the file itself without any. */
export function playedScenario(scenario: Scenario, options: GameOptions | undefined, module?: AnyRulesetModule): Scenario {
  if (!options) return scenario;
  const source = module ?? rulesetModuleFor(playRulesetId(scenario));
  const m: AnyRulesetModule | undefined = source && playableModule(source);
  if (!m) throw new UsageError(`--options: no ruleset "${playRulesetId(scenario)}" to apply them`);
  try {
    return scenarioWithOptions(m.ruleset, scenario, options, '--options');
  } catch (err) {
    if (err instanceof GameOptionsError) throw new UsageError(err.message);
    throw err;
  }
}

/**
 * Tables for the scenarios played from one file: the file's own (built first, by the caller) for every
 * game on it, one more per other terrain (built on demand once Rapier is loaded). `free` frees the extra ones.
 */
export function tablesFrom(base: Battlefield): { tableFor(played: Scenario): Battlefield; free(): void } {
  const built = new Map<string, Battlefield>();
  return {
    tableFor(played) {
      if (sameTable(played, base.scenario)) return base;
      const key = tableKey(played);
      let bf = built.get(key);
      if (!bf) built.set(key, (bf = createBattlefieldNow(played)));
      return bf;
    },
    free() {
      for (const bf of built.values()) bf.free();
      built.clear();
    },
  };
}
