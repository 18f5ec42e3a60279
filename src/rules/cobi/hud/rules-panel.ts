// The rules panel: every rule id of the COBI digest (rule-index.json, generated from it by
// scripts/gen-rule-index.ts cobi), with its title and text.
import type { PlayRuleEntry } from '../../../core';
import raw from '../rule-index.json';

interface Entry { id: string; title: string; text: string }

function load(data: unknown): Entry[] {
  const entries = (data as { entries?: unknown }).entries;
  if (!Array.isArray(entries) || !entries.every((e) => typeof e?.id === 'string' && typeof e?.title === 'string' && typeof e?.text === 'string')) {
    throw new Error('src/rules/cobi/rule-index.json: expected { entries: [{ id, title, text }] } — regenerate it with npx tsx scripts/gen-rule-index.ts cobi');
  }
  return entries as Entry[];
}

export const COBI_RULE_INDEX: readonly Entry[] = load(raw);

export function cobiRules(): PlayRuleEntry[] {
  return COBI_RULE_INDEX.map((e) => ({ id: e.id, title: e.title, text: e.text }));
}
