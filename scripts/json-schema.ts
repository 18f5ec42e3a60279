// Builds the JSON Schema of the scenario format from the zod schema (editors validate and complete with it).
import { z } from 'zod';
import { ScenarioSchema } from '../src/scenario/schema';

export const SCHEMA_FILE = 'scenarios/scenario.schema.json';
export const SCHEMA_ID = 'https://sandtable.local/scenario.schema.json';

/** The JSON Schema of a scenario file, as committed in `scenarios/scenario.schema.json`. */
export function buildJsonSchema(): Record<string, unknown> {
  // draft-07: the draft editors (VS Code among them) support best; tuples become `items` arrays.
  const generated = z.toJSONSchema(ScenarioSchema, { io: 'input', target: 'draft-07' }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
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
