// Writes scenarios/scenario.schema.json from the zod schema: `npm run schema`.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_FILE, jsonSchemaText } from './json-schema';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = resolve(root, SCHEMA_FILE);
writeFileSync(out, jsonSchemaText());
console.log(`wrote ${SCHEMA_FILE}`);
