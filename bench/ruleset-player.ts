// The ruleset a benchmark plays a scenario with, taken from the registry by the scenario's `ruleset` (a
// sandbox table by the registry's default), and that ruleset's random legal player for a game's seed.
import { playableModule } from '../src/flow';
import type { Command, GameEvent, Ruleset } from '../src/game';
import { playRulesetId, rulesetIds, rulesetModuleFor } from '../src/rules';

// Passed to every ruleset's player with the seed; Kuularuisku's builds its candidates by groups (the draw
// the recorded games and the benchmark figures were made with); a player that has no such option ignores it.
const PLAYER_OPTIONS = { draw: 'groups' } as const;

export interface BenchRuleset {
  id: string;
  ruleset: Ruleset<unknown, Command, GameEvent, unknown>;
  /** The random player of the game with this seed (its own seed derived from the game's). */
  player(seed: number): ReturnType<NonNullable<ReturnType<typeof playableModule>['player']>>;
}

export function benchRuleset(scenario: { ruleset: string }): BenchRuleset {
  const id = playRulesetId(scenario);
  const source = rulesetModuleFor(id);
  if (!source) throw new Error(`no ruleset "${id}" to play (known: ${rulesetIds().join(', ')})`);
  const m = playableModule(source);
  const factory = m.player;
  if (!factory) throw new Error(`ruleset "${id}" has no random player to benchmark`);
  return { id, ruleset: m.ruleset, player: (seed) => factory({ seed: seed * 7919 + 1, ...PLAYER_OPTIONS }) };
}
