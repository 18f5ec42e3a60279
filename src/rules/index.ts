// The rulesets registry: one module per ruleset, by id (each folder src/rules/<id>/ exports one; add a
// ruleset with one line here). Everything that lists rulesets — the playable modules, the HUD lookup, the
// scenario picker's names, the schema's ruleset names, the architecture test — derives from this map;
// nothing else of a ruleset is exported. Rulesets never import each other.
import { cobiModule } from './cobi';
import { kuularuiskuModule } from './kuularuisku';

/** Every registered ruleset module by id (its shape: the game layer's RulesetModule). */
export const RULESET_MODULES = {
  kuularuisku: kuularuiskuModule,
  cobi: cobiModule,
} as const;

export type RulesetId = keyof typeof RULESET_MODULES;
export type RegisteredModule = (typeof RULESET_MODULES)[RulesetId];

/** A scenario's `ruleset` that names no ruleset: a bare table, played with PLAY_DEFAULT_RULESET. */
export const SANDBOX_ID = 'sandbox';
/** The ruleset a sandbox table is played with. */
export const PLAY_DEFAULT_RULESET: RulesetId = 'kuularuisku';

/** A registry as the listing functions read it (the real one by default; tests pass a copy with a toy module). */
export type Registry = Readonly<Record<string, { readonly name: string }>>;

/** The registered ids. */
export function rulesetIds(modules: Registry = RULESET_MODULES): string[] {
  return Object.keys(modules);
}

/** The module registered under this id, or undefined. */
export function rulesetModuleFor(id: string): RegisteredModule | undefined {
  return Object.hasOwn(RULESET_MODULES, id) ? RULESET_MODULES[id as RulesetId] : undefined;
}

/** The ruleset a scenario is played with: its own, or for a sandbox table the named default. */
export function playRulesetId(scenario: { ruleset: string }): string {
  return scenario.ruleset === SANDBOX_ID ? PLAY_DEFAULT_RULESET : scenario.ruleset;
}

/** The display names of the ids a scenario's `ruleset` may hold (the sandbox and every registered ruleset). */
export function rulesetNames(modules: Registry = RULESET_MODULES): Record<string, string> {
  const names: Record<string, string> = { [SANDBOX_ID]: 'Sandbox' };
  for (const [id, m] of Object.entries(modules)) names[id] = m.name;
  return names;
}

/**
 * A scenario's `ruleset` checked against the registry: undefined when it is the sandbox or a
 * registered id, else the problem at `$.ruleset` naming the ids there are.
 */
export function rulesetIdIssue(ruleset: string, modules: Registry = RULESET_MODULES): { path: string; message: string } | undefined {
  if (ruleset === SANDBOX_ID || Object.hasOwn(modules, ruleset)) return undefined;
  const known = [SANDBOX_ID, ...rulesetIds(modules)].map((id) => `"${id}"`).join(', ');
  return { path: '$.ruleset', message: `expected one of ${known} (the registered rulesets), got ${JSON.stringify(ruleset)}` };
}
