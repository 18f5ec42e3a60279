// The committed JSON Schema (for editors) must match the zod schema it is generated from.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURE_KINDS } from '../../src/scenario';
import { SCHEMA_FILE, SCHEMA_ID, buildJsonSchema } from '../../scripts/json-schema';

const root = fileURLToPath(new URL('../..', import.meta.url));
const committed = JSON.parse(readFileSync(resolve(root, SCHEMA_FILE), 'utf8')) as Record<string, unknown>;

describe('scenarios/scenario.schema.json', () => {
  it('is up to date with src/scenario/schema.ts', () => {
    const fresh = JSON.parse(JSON.stringify(buildJsonSchema())) as unknown;
    expect(fresh, `${SCHEMA_FILE} is stale: run \`npm run schema\` and commit the result`).toEqual(committed);
  });

  it('carries a title, an $id and a draft', () => {
    expect(committed.title).toBe('Sandtable scenario');
    expect(committed.$id).toBe(SCHEMA_ID);
    expect(committed.$schema).toMatch(/^https?:\/\/json-schema\.org\//);
  });

  it('lists every terrain kind', () => {
    const text = JSON.stringify(committed);
    for (const kind of FEATURE_KINDS) expect(text, kind).toContain(`"${kind}"`);
  });

  it('is referenced by the training ground', () => {
    const tg = JSON.parse(readFileSync(resolve(root, 'scenarios/sandbox/training-ground.json'), 'utf8')) as { $schema?: string };
    expect(tg.$schema).toBe('../scenario.schema.json');
  });
});
