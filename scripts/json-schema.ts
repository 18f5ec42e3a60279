// Builds the JSON Schema of the scenario format from the zod schema (editors validate and complete with it).
import { z } from 'zod';
import { RULESET_MODULES, SANDBOX_ID, rulesetIds, rulesetNames, type Registry } from '../src/rules';
import { ScenarioSchema } from '../src/scenario/schema';

export const SCHEMA_FILE = 'scenarios/scenario.schema.json';
export const SCHEMA_ID = 'https://sandtable.local/scenario.schema.json';

/** The JSON Schema of a scenario file, as committed in `scenarios/scenario.schema.json` (ruleset ids from the registry). */
export function buildJsonSchema(modules: Registry = RULESET_MODULES): Record<string, unknown> {
  // draft-07: the draft editors (VS Code among them) support best; tuples become `items` arrays.
  const generated = z.toJSONSchema(ScenarioSchema, { io: 'input', target: 'draft-07' }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  // The scenario layer takes any id; editors get the registered ones (src/rules/index.ts) to choose from.
  const properties = rest.properties as Record<string, Record<string, unknown>>;
  const names = rulesetNames(modules);
  const ids = [SANDBOX_ID, ...rulesetIds(modules)];
  properties.ruleset = {
    type: 'string',
    enum: ids,
    description: `the ruleset it is played with: ${ids.map((id) => `"${id}" (${names[id]})`).join(', ')}`,
  };
  return {
    $schema,
    $id: SCHEMA_ID,
    title: 'Sandtable scenario',
    description: 'A Sandtable scenario file (format 1). Lengths in cm; points are [x, z] from the table\'s south-west corner, x east, z north.',
    ...rest,
  };
}

/** The file text: 2-space indentation and a trailing newline. */
export function jsonSchemaText(): string {
  return `${JSON.stringify(buildJsonSchema(), null, 2)}\n`;
}
