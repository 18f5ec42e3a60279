// Parse and validate scenario text: one clear message per problem, naming file, JSON path and expectation.
import type { z } from 'zod';
import { FEATURE_KINDS, ScenarioSchema, type Scenario } from './schema';
import { checkScenario, type RawIssue } from './checks';
import { jsonPath } from './json-path';
import { describeZodIssue, quote } from './zod-issue';

export { jsonPath };

export interface ScenarioIssue {
  file: string;
  /** JSON path such as `$.features[3].floors[1].elevation`. */
  path: string;
  message: string;
}

export class ScenarioError extends Error {
  constructor(readonly issues: ScenarioIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'ScenarioError';
  }
}

export type LoadResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

export function formatIssue(i: ScenarioIssue): string {
  return `${i.file}: ${i.path}: ${i.message}`;
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${col}`;
}

/** Offset of the first occurrence of `ch` outside strings that JSON would reject there (a best guess). */
function firstUnexpected(text: string, ch: string): number {
  let inString = false;
  let prev = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') { i++; continue; }
      if (c === '"') inString = false;
      continue;
    }
    if (c === '"') { inString = true; continue; }
    if (/\s/.test(c)) continue;
    if (c === ch && (prev === ',' || prev === '{' || prev === '[' || prev === ':' || prev === '' || !/[,{}[\]:]/.test(c))) return i;
    prev = c;
  }
  return -1;
}

/** A JSON.parse error as a message with its line and column; `what` says what the file should hold. */
export function describeJsonError(text: string, err: unknown, what = 'a JSON object'): string {
  const msg = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ');
  const m = /position (\d+)/.exec(msg);
  // Node 20 leaves the position out of some messages: end of input, or an unexpected token we can find.
  let offset: number | undefined = m ? Number(m[1]) : undefined;
  if (offset === undefined && /end of JSON input/.test(msg)) offset = text.length;
  const tok = /Unexpected token '(.)'/.exec(msg);
  if (offset === undefined && tok) offset = firstUnexpected(text, tok[1]!);
  const where = offset !== undefined && offset >= 0 ? ` at ${lineCol(text, offset)}` : '';
  return `bad JSON${where}: ${msg.replace(/^JSON\.parse: /, '')} — expected ${what}`;
}

function describeIssue(root: unknown, issue: z.core.$ZodIssue): RawIssue {
  const d = describeZodIssue(root, issue);
  const { path } = d;
  if (path.length === 3 && path[2] === 'kind' && path[0] === 'features' && (issue.code === 'invalid_union' || issue.code === 'invalid_value')) {
    const got = (root as { features?: Array<{ kind?: unknown }> } | null)?.features?.[path[1] as number]?.kind;
    return { path, message: got === undefined ? `missing "kind": expected one of ${FEATURE_KINDS.join(', ')}` : `unknown terrain kind ${quote(got)}: expected one of ${FEATURE_KINDS.join(', ')}` };
  }
  return d;
}

/** Issues listed at most (a file of junk can have thousands): the rest are counted in one last issue. */
export const MAX_LISTED_ISSUES = 50;

function capped(issues: ScenarioIssue[], file: string): ScenarioIssue[] {
  if (issues.length <= MAX_LISTED_ISSUES) return issues;
  const more = issues.length - MAX_LISTED_ISSUES;
  return [...issues.slice(0, MAX_LISTED_ISSUES), { file, path: '$', message: `and ${more} more problem${more > 1 ? 's' : ''}, not listed: expected none (fix the ones above and validate again)` }];
}

/** Validate already-parsed JSON. */
export function validateScenario(data: unknown, file: string): LoadResult {
  const parsed = ScenarioSchema.safeParse(data);
  const toIssue = (r: RawIssue): ScenarioIssue => ({ file, path: jsonPath(r.path), message: r.message });
  if (!parsed.success) {
    return { ok: false, issues: capped(parsed.error.issues.map((i) => toIssue(describeIssue(data, i))), file) };
  }
  const raw = checkScenario(parsed.data);
  if (raw.length > 0) return { ok: false, issues: capped(raw.map(toIssue), file) };
  return { ok: true, scenario: parsed.data };
}

/** Parse scenario JSON text and validate it. Never throws. */
export function parseScenario(text: string, file: string): LoadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, issues: [{ file, path: '$', message: describeJsonError(text, err) }] };
  }
  return validateScenario(data, file);
}

/** Parse or throw a ScenarioError that lists every issue. */
export function parseScenarioOrThrow(text: string, file: string): Scenario {
  const r = parseScenario(text, file);
  if (!r.ok) throw new ScenarioError(r.issues);
  return r.scenario;
}
