// Data problems as players read them: the file, the JSON path ($.cards[2].armour.front) and what was
// expected. Every COBI loader (cards, weapons, house values, a scenario's overrides) reports through here.
import type { z } from 'zod';

export interface DataIssue {
  /** The file the data came from: "cards.json", or the scenario's file name. */
  file: string;
  /** JSON path from the file's root: "$.rules.cards[0].armour.front". */
  path: string;
  message: string;
}

export class CobiDataError extends Error {
  override name = 'CobiDataError';
  constructor(readonly issues: readonly DataIssue[]) {
    super(issues.map(issueText).join('\n'));
  }
}

export function issueText(i: DataIssue): string {
  return `${i.file}: ${i.path}: ${i.message}`;
}

/** "$" plus the keys: object keys as .name, array indices as [n]. */
export function jsonPath(base: string, keys: ReadonlyArray<PropertyKey>): string {
  return keys.reduce<string>((p, k) => (typeof k === 'number' ? `${p}[${k}]` : `${p}.${String(k)}`), base);
}

/** A zod failure as issues, each path under `base` ("$" or "$.rules.cards[2]"). */
export function zodIssues(file: string, base: string, err: z.ZodError): DataIssue[] {
  return err.issues.map((i) => ({ file, path: jsonPath(base, i.path), message: i.message }));
}

/** One issue per id that appears more than once. */
export function duplicateIds(file: string, base: string, items: ReadonlyArray<{ id: string }>): DataIssue[] {
  const seen = new Set<string>();
  const out: DataIssue[] = [];
  items.forEach((x, i) => {
    if (seen.has(x.id)) out.push({ file, path: `${base}[${i}].id`, message: `expected a unique id, "${x.id}" appears before` });
    seen.add(x.id);
  });
  return out;
}
