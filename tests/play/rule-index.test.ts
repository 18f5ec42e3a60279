// The rules panel's data: rule-index.json is generated from the Kuularuisku digest and stays in sync
// with it (when the digest is present), covers every K- id, and the panel marks the house values.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRuleIndex, ruleIndexJson, RULE_INDEX as RULE_INDEX_FILE } from '../../scripts/gen-rule-index';
import { DIGEST, digestIds } from '../../scripts/uncited-rules';
import { HOUSE_ENTRIES } from '../../src/rules/kuularuisku/engine';
import { RULE_INDEX, loadRuleIndex, rulesPanel } from '../../src/rules/kuularuisku/hud';

const ROOT = path.resolve(__dirname, '../..');
const digestPath = path.resolve(ROOT, DIGEST);

describe('rule index (the play rules panel)', () => {
  it.runIf(existsSync(digestPath))('K-GAP-1 rule-index.json is what scripts/gen-rule-index.ts makes of the digest now, one entry per K- id', () => {
    const digest = readFileSync(digestPath, 'utf8');
    expect(readFileSync(path.join(ROOT, RULE_INDEX_FILE), 'utf8')).toBe(ruleIndexJson(buildRuleIndex(digest)));
    expect(RULE_INDEX.map((e) => e.id)).toEqual(digestIds(digest));
  });

  it('K-1.0b each entry has a title and the digest text', () => {
    expect(RULE_INDEX.length).toBeGreaterThan(200);
    expect(RULE_INDEX.find((e) => e.id === 'K-1.0b')).toEqual({ id: 'K-1.0b', title: 'Coherency', text: expect.stringMatching(/within 3 cm of another soldier/) });
    expect(RULE_INDEX.find((e) => e.id === 'K-4.2d')!.text).toMatch(/stops at the edge/);
    expect(RULE_INDEX.find((e) => e.id === 'K-GAP-4')).toMatchObject({ title: expect.stringMatching(/^Gap/), text: expect.stringMatching(/special action/) });
    for (const e of RULE_INDEX) expect(e.text.length, e.id).toBeGreaterThan(0);
  });

  it('K-GAP-1 the panel marks every house value with its value, options and reason', () => {
    const panel = rulesPanel();
    for (const h of HOUSE_ENTRIES) {
      expect(panel.find((e) => e.id === h.id && e.house?.key === h.key), `${h.id} ${h.key}`).toMatchObject({ house: { key: h.key, value: h.value, source: h.reason } });
    }
    expect(panel.find((e) => e.house?.key === 'defaultTurnLimit')).toMatchObject({ id: 'K-GAP-1', house: { value: 8, options: expect.arrayContaining([{ name: '6-turns', label: '6 turns', value: 6 }]) } });
    // Every digest id is in the panel; the ones without house values once, unmarked.
    const ids = new Set(panel.map((e) => e.id));
    for (const e of RULE_INDEX) expect(ids.has(e.id), e.id).toBe(true);
    expect(panel.filter((e) => e.id === 'K-1.0b')).toEqual([{ id: 'K-1.0b', title: 'Coherency', text: expect.any(String) }]);
  });

  it('K-GAP-1 a broken rule index names the file, the path and how to fix it', () => {
    expect(() => loadRuleIndex({ source: 'x', entries: [{ id: 'K-1.0a', title: '', text: 'y' }] })).toThrow(/rule-index\.json: entries\.0\.title: .*gen-rule-index/);
  });
});
