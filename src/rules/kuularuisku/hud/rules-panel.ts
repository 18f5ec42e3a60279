// The rules panel: every rule id of the digest (data/rule-index.json, generated from it by
// scripts/gen-rule-index.ts) with its title and text; ids the house values fill (K-GAP-n, K-AMB-n)
// are listed once per house setting, marked with the value in force, its options and the reason.
import { z } from 'zod';
import type { PlayRuleEntry } from '../../../core';
import raw from '../data/rule-index.json';
import { HOUSE_ENTRIES, type HouseEntry } from '../house';
import { houseTitle } from '../options';
import type { HouseSettings } from '../state';

const RuleIndexFile = z.object({
  source: z.string(),
  entries: z.array(z.object({ id: z.string().regex(/^K-/), title: z.string().min(1), text: z.string() }).strict()).min(1),
}).strict();

export type RuleIndex = z.infer<typeof RuleIndexFile>['entries'];

/** The rule index, checked (a broken data file names itself and the bad path). */
export function loadRuleIndex(data: unknown = raw): RuleIndex {
  const r = RuleIndexFile.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`src/rules/kuularuisku/data/rule-index.json: ${i.path.join('.') || '$'}: ${i.message} — regenerate it with npx tsx scripts/gen-rule-index.ts`);
  }
  return r.data.entries;
}

export const RULE_INDEX: RuleIndex = loadRuleIndex();

function houseMark(e: HouseEntry, house: HouseSettings | undefined): PlayRuleEntry['house'] {
  const value = house ? (house as Record<string, unknown>)[e.key] : e.value;
  // The data's words for the default hold only while the value is the default (a scenario may set another).
  const label = e.label !== undefined && JSON.stringify(value) === JSON.stringify(e.value) ? { label: e.label } : {};
  return { key: e.key, name: houseTitle(e.key), value, ...label, ...(e.options ? { options: e.options.map((o) => ({ name: o.name, ...(o.label ? { label: o.label } : {}), value: o.value })) } : {}), source: e.reason };
}

/** The panel's entries, in digest order; `house` gives the values in force in this game (default: the house defaults). */
export function rulesPanel(house?: HouseSettings): PlayRuleEntry[] {
  const out: PlayRuleEntry[] = [];
  const seen = new Set<string>();
  for (const r of RULE_INDEX) {
    seen.add(r.id);
    const houses = HOUSE_ENTRIES.filter((e) => e.id === r.id);
    if (!houses.length) out.push({ id: r.id, title: r.title, text: r.text });
    for (const e of houses) out.push({ id: r.id, title: houses.length > 1 ? `${r.title} — ${houseTitle(e.key)}` : r.title, text: r.text, house: houseMark(e, house) });
  }
  // House values citing an id the digest does not list (none today) still show.
  for (const e of HOUSE_ENTRIES) if (!seen.has(e.id)) out.push({ id: e.id, title: houseTitle(e.key), text: e.reason, house: houseMark(e, house) });
  return out;
}
