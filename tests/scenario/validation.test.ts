// Scenario validation: each bad input gives one issue naming the file, the exact JSON path and the expectation.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURE_KINDS, parseScenario, type ScenarioIssue } from '../../src/scenario';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TG_FILE = 'scenarios/sandbox/training-ground.json';
const tgText = readFileSync(join(root, TG_FILE), 'utf8');
const FILE = 'bad.json';

// A loose view of the raw JSON, for mutating it in tests.
type Json = Record<string, any>;

function trainingGround(): Json {
  return JSON.parse(tgText) as Json;
}

function featureIndex(s: Json, id: string): number {
  const i = (s.features as Json[]).findIndex((f) => f.id === id);
  if (i < 0) throw new Error(`training ground has no feature "${id}"`);
  return i;
}

function unitIndex(s: Json, id: string): number {
  const i = (s.units as Json[]).findIndex((u) => u.id === id);
  if (i < 0) throw new Error(`training ground has no unit "${id}"`);
  return i;
}

function openingIndex(s: Json, featureId: string, openingId: string): number {
  const i = (s.features[featureIndex(s, featureId)].openings as Json[]).findIndex((o) => o.id === openingId);
  if (i < 0) throw new Error(`no opening "${openingId}" in "${featureId}"`);
  return i;
}

/** The issues of the training ground after `mutate` (asserts that it no longer validates). */
function issuesAfter(mutate: (s: Json) => void): ScenarioIssue[] {
  const s = trainingGround();
  mutate(s);
  const r = parseScenario(JSON.stringify(s, null, 2), FILE);
  if (r.ok) throw new Error('expected the mutated scenario to be rejected');
  return r.issues;
}

/** Exactly one issue, at `path`, whose message contains every fragment. */
function expectOneIssue(issues: ScenarioIssue[], path: string, ...fragments: string[]): void {
  expect(issues, JSON.stringify(issues, null, 1)).toHaveLength(1);
  const [issue] = issues;
  expect(issue!.file).toBe(FILE);
  expect(issue!.path).toBe(path);
  for (const f of fragments) expect(issue!.message).toContain(f);
}

describe('bad scenario files', () => {
  it('bad JSON: names line and column', () => {
    const text = '{\n  "format": 1,\n  "id": "x",\n}\n';
    const r = parseScenario(text, FILE);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expectOneIssue(r.issues, '$', 'bad JSON', 'line 4, column 1');
  });

  it('unknown terrain kind', () => {
    const issues = issuesAfter((s) => { s.features[featureIndex(s, 'stone_wall')].kind = 'lava'; });
    const i = featureIndex(trainingGround(), 'stone_wall');
    expectOneIssue(issues, `$.features[${i}].kind`, 'unknown terrain kind "lava"', 'hill', 'building', 'woods');
  });

  it('missing kind', () => {
    const i = featureIndex(trainingGround(), 'stone_wall');
    const issues = issuesAfter((s) => { delete s.features[i].kind; });
    expectOneIssue(issues, `$.features[${i}].kind`, 'missing "kind"');
  });

  it('feature outside the table', () => {
    const i = featureIndex(trainingGround(), 'woods_dense');
    const issues = issuesAfter((s) => { s.features[i].polygon[1] = [190, 5]; });
    expectOneIssue(issues, `$.features[${i}].polygon[1]`, '"woods_dense" outside the table', '(190, 5)', '0–180 × 0–120');
  });

  it('floors not ascending', () => {
    const i = featureIndex(trainingGround(), 'church_tower');
    const issues = issuesAfter((s) => { s.features[i].floors[2].elevation = 3; });
    expectOneIssue(issues, `$.features[${i}].floors[2].elevation`, 'floors must ascend', 'more than 4', 'got 3');
  });

  it('window outside its wall', () => {
    const s0 = trainingGround();
    const i = featureIndex(s0, 'house_two_storey');
    const o = openingIndex(s0, 'house_two_storey', 'house_win_n1');
    const issues = issuesAfter((s) => { s.features[i].openings[o].offset = 5.5; });
    expectOneIssue(issues, `$.features[${i}].openings[${o}].offset`, 'window outside its wall', 'north wall', '5.60', '6.50');
  });

  it('opening taller than its storey', () => {
    const s0 = trainingGround();
    const i = featureIndex(s0, 'house_two_storey');
    const o = openingIndex(s0, 'house_two_storey', 'house_win_n1');
    const issues = issuesAfter((s) => { s.features[i].openings[o].height = 3.8; });
    expectOneIssue(issues, `$.features[${i}].openings[${o}].height`, 'taller than its storey', '≤ 4 cm', 'got 4.3');
  });

  it('duplicate id: feature vs feature', () => {
    const s0 = trainingGround();
    const first = featureIndex(s0, 'stone_wall');
    const second = featureIndex(s0, 'hedge_lane');
    const issues = issuesAfter((s) => { s.features[second].id = 'stone_wall'; });
    expectOneIssue(issues, `$.features[${second}].id`, 'duplicate id "stone_wall"', `$.features[${first}].id`);
  });

  it('duplicate id: figure vs feature', () => {
    const u = unitIndex(trainingGround(), 'obs_ground');
    const issues = issuesAfter((s) => { s.units[u].figures[0].id = 'hill_west'; });
    expectOneIssue(issues, `$.units[${u}].figures[0].id`, 'duplicate id "hill_west"', 'features');
  });

  it('height grid of the wrong size', () => {
    const issues = issuesAfter((s) => { s.relief = { grid: { columns: 3, rows: 2, heights: [0, 0, 0, 0, 0] } }; });
    expectOneIssue(issues, '$.relief.grid.heights', 'wrong size', '3 × 2 = 6', 'got 5');
  });

  it('negative hill radius', () => {
    const i = featureIndex(trainingGround(), 'hill_west');
    const issues = issuesAfter((s) => { s.features[i].radius = -5; });
    expectOneIssue(issues, `$.features[${i}].radius`, '> 0', '-5');
  });

  it('negative building size', () => {
    const i = featureIndex(trainingGround(), 'house_two_storey');
    const issues = issuesAfter((s) => { s.features[i].size = [12, -10]; });
    expectOneIssue(issues, `$.features[${i}].size[1]`, '> 0', '-10');
  });

  it('negative wall height', () => {
    const i = featureIndex(trainingGround(), 'stone_wall');
    const issues = issuesAfter((s) => { s.features[i].height = -1; });
    expectOneIssue(issues, `$.features[${i}].height`, '> 0', '-1');
  });

  it('unknown side of a unit', () => {
    const u = unitIndex(trainingGround(), 'obs_ground');
    const issues = issuesAfter((s) => { s.units[u].side = 'green'; });
    expectOneIssue(issues, `$.units[${u}].side`, 'unknown side "green"', 'red', 'blue');
  });

  it('figure on an upper floor in no building', () => {
    const u = unitIndex(trainingGround(), 'obs_ground');
    const issues = issuesAfter((s) => { s.units[u].figures[0].floor = 1; });
    expectOneIssue(issues, `$.units[${u}].figures[0].floor`, '"obs_ground_1"', 'floor 1', 'no building', '(15, 60)');
  });

  it('figure floor above the building\'s floors', () => {
    const u = unitIndex(trainingGround(), 'house_upper');
    const issues = issuesAfter((s) => { s.units[u].figures[0].floor = 2; });
    expectOneIssue(issues, `$.units[${u}].figures[0].floor`, '"house_two_storey"', 'floors 0–1', 'got 2');
  });

  it('beat highlighting an unknown unit', () => {
    const issues = issuesAfter((s) => { s.beats[1].highlight.push('ghost'); });
    const j = (trainingGround().beats[1].highlight as string[]).length;
    expectOneIssue(issues, `$.beats[1].highlight[${j}]`, 'unknown unit "ghost"');
  });

  it('unknown field in a strict object', () => {
    const i = featureIndex(trainingGround(), 'hill_west');
    const issues = issuesAfter((s) => { s.features[i].colour = 'green'; });
    expectOneIssue(issues, `$.features[${i}]`, 'unknown field "colour"');
  });

  it('unknown top-level field', () => {
    const issues = issuesAfter((s) => { s.author = 'someone'; });
    expectOneIssue(issues, '$', 'unknown field "author"');
  });

  it('area with no shape', () => {
    const i = featureIndex(trainingGround(), 'woods_normal');
    const issues = issuesAfter((s) => { delete s.features[i].polygon; });
    expectOneIssue(issues, `$.features[${i}]`, '"woods_normal" has no shape', 'polygon', 'path', 'width');
  });

  it('ribbon area with a path but no width', () => {
    const i = featureIndex(trainingGround(), 'river');
    const issues = issuesAfter((s) => { delete s.features[i].width; });
    expectOneIssue(issues, `$.features[${i}]`, '"river" has no shape');
  });
});

// Loader messages that once went wrong (fixed): keep them right.
describe('cross-references', () => {
  it('embrasure beyond the end of its rampart', () => {
    const i = featureIndex(trainingGround(), 'rampart_east');
    const issues = issuesAfter((s) => { s.features[i].embrasures[0].at = 99; });
    expectOneIssue(issues, `$.features[${i}].embrasures[0].at`, 'embrasure beyond the end', 'got 99');
  });

  it('victory condition for an unknown side', () => {
    const issues = issuesAfter((s) => { s.victory = [{ side: 'green', text: 'win' }]; });
    expectOneIssue(issues, '$.victory[0].side', 'unknown side "green"');
  });

  it('duplicate id of a deployment zone', () => {
    const issues = issuesAfter((s) => { s.sides[0].deployment[0].id = s.sides[0].id; });
    expectOneIssue(issues, '$.sides[0].deployment[0].id', 'duplicate id', 'already used at $.sides[0].id');
  });

  it('beat after the last turn', () => {
    const issues = issuesAfter((s) => { s.turnLimit = 6; s.beats[0].turn = 9; });
    expectOneIssue(issues, '$.beats[0].turn', 'expected a turn ≤ 6, got 9');
  });
});

describe('loader message regressions', () => {
  it("bad JSON of the \"Unexpected token\" kind (Node 20 wording) still gets a line and column", () => {
    const r = parseScenario('{\n  "format": 1,\n  "id": }\n', FILE);
    if (r.ok) throw new Error('expected bad JSON');
    expectOneIssue(r.issues, '$', 'bad JSON', 'line 3, column 9');
  });

  it("an unknown opening kind is not reported as an unknown terrain kind", () => {
    const s0 = trainingGround();
    const i = featureIndex(s0, 'house_two_storey');
    const issues = issuesAfter((s) => { s.features[i].openings[0].kind = 'portal'; });
    expectOneIssue(issues, `$.features[${i}].openings[0].kind`, '"portal"');
    expect(issues[0]!.message).not.toContain('terrain kind');
  });
});

describe('good scenario files', () => {
  it('the training ground validates with no issues', () => {
    const r = parseScenario(tgText, TG_FILE);
    expect(r.ok ? [] : r.issues).toEqual([]);
  });

  it('the training ground has one of every terrain kind', () => {
    const kinds = new Set((trainingGround().features as Json[]).map((f) => f.kind as string));
    expect([...FEATURE_KINDS].filter((k) => !kinds.has(k))).toEqual([]);
  });

  function scenarioFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = join(dir, e.name);
      if (e.isDirectory()) return scenarioFiles(p);
      return e.isFile() && e.name.endsWith('.json') && e.name !== 'scenario.schema.json' ? [p] : [];
    });
  }
  const files = scenarioFiles(join(root, 'scenarios')).map((p) => relative(root, p));

  it('finds the scenario files', () => {
    expect(files).toContain(TG_FILE);
  });

  it.each(files)('%s validates', (file) => {
    const r = parseScenario(readFileSync(join(root, file), 'utf8'), file);
    expect(r.ok ? [] : r.issues).toEqual([]);
  });
});

describe('parseScenario never throws', () => {
  const wellFormed = (issues: ScenarioIssue[], file: string): void => {
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) {
      expect(i.file).toBe(file);
      expect(i.path).toMatch(/^\$/);
      expect(typeof i.message).toBe('string');
      expect(i.message.length).toBeGreaterThan(0);
    }
  };

  it('on any JSON value', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const r = parseScenario(JSON.stringify(v) ?? 'null', 'junk.json');
        expect(r.ok).toBe(false);
        if (!r.ok) wellFormed(r.issues, 'junk.json');
      }),
      { numRuns: 300 },
    );
  });

  it('on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const r = parseScenario(text, 'junk.json');
        expect(r.ok).toBe(false);
        if (!r.ok) wellFormed(r.issues, 'junk.json');
      }),
      { numRuns: 300 },
    );
  });

  it('on the training ground with one value replaced by junk', () => {
    // Every [path to a value] in the training ground; each run replaces one with an arbitrary JSON value.
    const paths: Array<Array<string | number>> = [];
    const walk = (v: unknown, at: Array<string | number>): void => {
      if (at.length > 0) paths.push(at);
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
    };
    walk(trainingGround(), []);
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), (path, junk) => {
        const s = trainingGround();
        let parent: any = s;
        for (const k of path.slice(0, -1)) parent = parent[k];
        parent[path[path.length - 1]!] = junk;
        const r = parseScenario(JSON.stringify(s), 'mutant.json');
        if (!r.ok) wellFormed(r.issues, 'mutant.json');
      }),
      { numRuns: 500 },
    );
  });
});
