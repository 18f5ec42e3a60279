// A zod issue as people read it: what was expected at that path and what the file has there.
import type { z } from 'zod';

export interface DescribedIssue {
  path: Array<string | number>;
  message: string;
}

const TYPE_NAMES: Record<string, string> = {
  number: 'a number', int: 'a whole number', string: 'a text (in quotes)', boolean: 'true or false', array: 'an array',
  tuple: 'an array', object: 'an object', record: 'an object', null: 'null', bigint: 'a number', literal: 'a fixed value',
};

function typeName(expected: string): string {
  return TYPE_NAMES[expected] ?? expected;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k as string];
  }
  return v;
}

/** A short quote of a value from the file. */
export function quote(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** What a union wanted: the forms its branches expected (each branch fails on its first issue). */
function unionExpectation(issue: z.core.$ZodIssue & { code: 'invalid_union' }): string {
  if ('options' in issue && issue.options?.length) return `one of ${issue.options.map((o) => JSON.stringify(o)).join(', ')}`;
  const forms = new Set<string>();
  const values: unknown[] = [];
  for (const branch of issue.errors) {
    const first = branch[0];
    if (first?.code === 'invalid_type' && first.path.length === 0) forms.add(typeName(first.expected));
    else if (first?.code === 'invalid_value' && first.path.length === 0) values.push(...first.values);
    else if (first) forms.add('another form');
  }
  // Literal branches (1 | 2 | 3) read as one list.
  if (values.length) forms.add(values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  return forms.size ? [...forms].join(' or ') : 'another form';
}

/** A bound's own words where the schema gives them (a resource limit: "the largest table side, cm"), after zod's number. */
const boundNote = (issue: { message: string }): string => (/^(Too (big|small)|Invalid)/.test(issue.message) ? '' : ` (${issue.message})`);

/** `root` is the whole document the issue's path points into. */
export function describeZodIssue(root: unknown, issue: z.core.$ZodIssue): DescribedIssue {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) as Array<string | number>;
  const got = valueAt(root, issue.path);
  const gotText = quote(got);
  switch (issue.code) {
    case 'invalid_union':
      return { path, message: `expected ${unionExpectation(issue)}, got ${gotText}` };
    case 'invalid_value':
      return { path, message: `expected ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`}, got ${gotText}` };
    case 'too_small':
      if (issue.origin === 'array') return { path, message: `expected at least ${String(issue.minimum)} items, got ${Array.isArray(got) ? got.length : gotText}` };
      if (issue.origin === 'number') return { path, message: `expected a number ${issue.inclusive ? '≥' : '>'} ${String(issue.minimum)}${boundNote(issue)}, got ${gotText}` };
      if (issue.origin === 'string') return { path, message: `expected a text of at least ${String(issue.minimum)} characters, got ${gotText}` };
      return { path, message: `expected at least ${String(issue.minimum)}, got ${gotText}` };
    case 'too_big':
      if (issue.origin === 'array') return { path, message: `expected at most ${String(issue.maximum)} items (the format's limit), got ${Array.isArray(got) ? got.length : gotText}` };
      if (issue.origin === 'number') return { path, message: `expected a number ${issue.inclusive ? '≤' : '<'} ${String(issue.maximum)}${boundNote(issue)}, got ${gotText}` };
      return { path, message: `expected at most ${String(issue.maximum)}, got ${gotText}` };
    case 'invalid_type':
      return { path, message: got === undefined ? `missing: expected ${typeName(issue.expected)}` : `expected ${typeName(issue.expected)}, got ${gotText}` };
    case 'unrecognized_keys':
      return { path, message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => quote(k)).join(', ')}: expected only the fields of this object` };
    case 'invalid_key': {
      // A record's key (the path ends at it) of the wrong form: what its schema expected of it.
      const inner = issue.issues[0];
      const key = path[path.length - 1];
      return { path, message: `bad key ${quote(key)}: ${inner ? describeZodIssue(key, { ...inner, path: [] }).message : 'expected another key'}` };
    }
    case 'invalid_format':
      // The schema's regex messages name the form (an id of letters, digits …).
      return { path, message: `expected ${issue.message.startsWith('Invalid') ? `the ${issue.format} form` : issue.message}, got ${gotText}` };
    default:
      // Custom checks (refinements) word their own expectation.
      return { path, message: /expected/.test(issue.message) ? issue.message : `${issue.message}: expected another value, got ${gotText}` };
  }
}
