// Bad scenario files, generated: mutants of the real scenarios (broken JSON, wrong types, out-of-range
// numbers, self-intersecting polygons, floors out of order, openings outside walls, unknown and
// duplicate ids, resource-hungry sizes) and random junk. Each is refused with issues naming the file,
// a JSON path into it and what was expected — never a throw — or validates and then builds a sound
// battlefield (checked on a sample: building is the expensive part).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../src/battlefield';
import { LIMITS, parseScenario, type Scenario, type ScenarioIssue } from '../../src/scenario';
import { Picks, damageText, damageValue, getAt, pathKeys, setAt, valuePaths, type Json } from './mutants';

const FILES = [
  'scenarios/sandbox/training-ground.json', 'scenarios/sandbox/armour-yard.json',
  'scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json',
];
const TEXTS = FILES.map((f) => readFileSync(f, 'utf8'));
/** The training ground has every terrain kind: it is mutated most. */
const WEIGHTS = [5, 2, 1, 1];
const SEED = Number(process.env.SANDTABLE_FUZZ_SEED ?? 16);

/** Issues are well formed: the file, a JSON path whose parent exists in the document, what was expected. */
function expectClearIssues(issues: ScenarioIssue[], file: string, doc: Json | undefined): void {
  expect(issues.length).toBeGreaterThan(0);
  for (const i of issues) {
    const where = JSON.stringify(i);
    expect(i.file, where).toBe(file);
    const keys = pathKeys(i.path);
    expect(keys, `${where}: not a JSON path`).not.toBeNull();
    if (doc !== undefined && keys && keys.length) {
      const parent = getAt(doc, keys.slice(0, -1));
      expect(parent !== null && typeof parent === 'object', `${where}: the path's parent is not in the file`).toBe(true);
    }
    expect(i.message, where).toMatch(/expected/);
    expect(i.message, where).not.toMatch(/\n\s*at /);
    expect(i.message.length, where).toBeLessThan(400);
  }
}

function parsedOrUndefined(text: string): Json | undefined {
  try { return JSON.parse(text); } catch { return undefined; }
}

// Geometry mutations a user makes by mistake (each returns false where the scenario has nothing to mutate).
type Mutation = (s: Json, p: Picks) => boolean;

const polygons = (s: Json): Json[][] => [
  ...s.features.filter((f: Json) => Array.isArray(f.polygon)).map((f: Json) => f.polygon),
  ...s.features.filter((f: Json) => (f.kind === 'bastion' || f.kind === 'redoubt' || f.closed) && f.path.length >= 3).map((f: Json) => f.path),
  ...s.sides.flatMap((x: Json) => (x.deployment ?? []).map((d: Json) => d.polygon)),
];
const buildings = (s: Json): Json[] => s.features.filter((f: Json) => f.kind === 'building');
const paths = (s: Json): Json[][] => s.features.filter((f: Json) => Array.isArray(f.path)).map((f: Json) => f.path);

const GEOMETRY: Record<string, Mutation> = {
  selfIntersecting(s, p) {
    const polys = polygons(s).filter((q) => q.length >= 4);
    if (!polys.length) return false;
    const q = p.one(polys);
    const i = p.int(q.length - 1);
    [q[i], q[i + 1]] = [q[i + 1], q[i]]; // a bow tie
    return true;
  },
  collapsed(s, p) {
    // Every point of a path or outline at one spot.
    const all = [...polygons(s), ...paths(s)];
    const q = p.one(all);
    q.forEach((_: Json, i: number) => { q[i] = [...q[0]]; });
    return true;
  },
  collinear(s, p) {
    const q = p.one(polygons(s));
    const [x, z] = q[0];
    q.forEach((_: Json, i: number) => { q[i] = [x + (i % 2 ? 0.5 : 0.25) * i, z]; });
    return true;
  },
  floorsOutOfOrder(s, p) {
    const bs = buildings(s).filter((b) => b.floors.length >= 2);
    if (!bs.length) return false;
    const b = p.one(bs);
    const i = 1 + p.int(b.floors.length - 1);
    if (p.chance(0.5)) [b.floors[i - 1], b.floors[i]] = [b.floors[i], b.floors[i - 1]];
    else b.floors[i].elevation = b.floors[i - 1].elevation;
    return true;
  },
  openingOutsideWall(s, p) {
    const bs = buildings(s).filter((b) => b.openings?.length);
    if (!bs.length) return false;
    const b = p.one(bs);
    const o = p.one(b.openings as Json[]);
    switch (p.int(5)) {
      case 0: o.offset = (p.chance(0.5) ? 1 : -1) * (Math.max(...b.size) / 2 + p.int(20)); break;
      case 1: o.width = Math.max(...b.size) * 2; break;
      case 2: o.sill = 1000; break;
      case 3: o.floor = b.floors.length + p.int(3); break;
      default: o.wall = p.one(['up', 'North', 'ne', 7]);
    }
    return true;
  },
  unknownId(s, p) {
    const refs: Array<() => void> = [];
    for (const u of s.units ?? []) refs.push(() => { u.side = 'nobody'; });
    for (const b of s.beats ?? []) refs.push(() => { (b.highlight ??= []).push('nobody'); });
    refs.push(() => { (s.victory ??= []).push({ side: 'nobody', text: 'win' }); });
    for (const u of s.units ?? []) for (const f of u.figures) refs.push(() => { f.floor = 50 + p.int(6); });
    p.one(refs)();
    return true;
  },
  duplicateId(s, p) {
    const owners: Json[] = [...s.features, ...s.sides, ...(s.units ?? []), ...(s.units ?? []).flatMap((u: Json) => u.figures)];
    const a = p.one(owners), b = p.one(owners);
    if (a === b) return false;
    b.id = a.id;
    return true;
  },
  offTable(s, p) {
    const things: Json[] = [...s.features, ...(s.units ?? []).flatMap((u: Json) => u.figures), ...(s.objectives ?? [])];
    const t = p.one(things);
    const far = [s.table.width + 1 + p.int(1000), -1 - p.int(100)];
    if (t.center) t.center = [p.one(far), t.center[1]];
    else if (t.at) t.at = [t.at[0], p.one(far)];
    else if (t.foot) t.foot = [p.one(far), p.one(far)];
    else if (t.polygon) t.polygon[p.int(t.polygon.length)] = [p.one(far), 0];
    else if (t.path) t.path[p.int(t.path.length)] = [0, p.one(far)];
    else return false;
    return true;
  },
  hungry(s, p) {
    // Sizes that would exhaust memory or time if they were built.
    switch (p.int(6)) {
      case 0: s.table = { width: p.one([1e5, 1e6, 5e4]), depth: p.one([1e5, 1e6, 5e4]) }; break;
      case 1: s.relief = { ...s.relief, spacing: p.one([1e-3, 0.01, 0.05]) }; delete s.relief.samples; delete s.relief.grid; break;
      case 2: s.relief = { ...s.relief, samples: [p.one([5000, 1e5, 2 ** 31]), p.one([5000, 1e5, 2 ** 31])] }; delete s.relief.grid; break;
      case 3: s.relief = { ...s.relief, grid: { columns: 1e6, rows: 1e6, heights: [0, 0, 0, 0] } }; break;
      case 4: {
        const f = s.features.find((x: Json) => Array.isArray(x.path) || Array.isArray(x.polygon));
        const key = Array.isArray(f.path) ? 'path' : 'polygon';
        f[key] = Array.from({ length: LIMITS.shapePoints + 1 }, (_, i) => [1 + (i % 50), 1 + Math.floor(i / 50)]);
        break;
      }
      default: {
        const b = buildings(s)[0];
        if (!b) return false;
        b.floors = Array.from({ length: LIMITS.floors + 1 }, (_, i) => ({ elevation: i }));
        b.eaves = LIMITS.floors + 5;
      }
    }
    return true;
  },
};

interface Outcome { file: string; text: string; scenario?: Scenario }

/** Parse one mutant: a clear refusal, or a scenario. Never a throw. */
function judge(text: string, file: string): Outcome {
  const r = parseScenario(text, file);
  if (!r.ok) {
    expectClearIssues(r.issues, file, parsedOrUndefined(text));
    return { file, text };
  }
  return { file, text, scenario: r.scenario };
}

const fileIndex = fc.constantFrom(...WEIGHTS.flatMap((w, i) => Array<number>(w).fill(i)));
const seed = fc.integer();
/** Validated mutants that differ from their original: a sample of them is built. */
const validated: Array<{ how: string; scenario: Scenario }> = [];
const keep = (how: string, o: Outcome, original: string): void => {
  if (o.scenario && JSON.stringify(o.scenario) !== JSON.stringify(JSON.parse(original))) validated.push({ how, scenario: o.scenario });
};

describe('bad scenario files (property: clear issues, never a throw)', () => {
  it('broken JSON text', () => {
    fc.assert(fc.property(fileIndex, seed, (k, n) => {
      const p = new Picks(n);
      let text = TEXTS[k]!;
      for (let d = 1 + p.int(3); d > 0; d--) text = damageText(text, p);
      const o = judge(text, `broken-${k}.json`);
      if (!o.scenario) return;
      keep('broken JSON that still parses', o, TEXTS[k]!);
    }), { seed: SEED, numRuns: 2500 });
  });

  it('wrong types, out-of-range numbers, missing and unknown fields, swapped ids', () => {
    fc.assert(fc.property(fileIndex, seed, (k, n) => {
      const p = new Picks(n);
      const doc = JSON.parse(TEXTS[k]!);
      for (let d = 1 + p.int(3); d > 0; d--) damageValue(doc, p);
      keep('value mutation', judge(JSON.stringify(doc), `value-${k}.json`), TEXTS[k]!);
    }), { seed: SEED, numRuns: 4000 });
  }, 300_000); // 4,000 mutants took 67–68 s on a heavily loaded 2-core box: room above the 120 s default

  it('geometry mistakes and resource-hungry sizes', () => {
    const names = Object.keys(GEOMETRY);
    fc.assert(fc.property(fileIndex, fc.constantFrom(...names), seed, (k, name, n) => {
      const p = new Picks(n);
      const doc = JSON.parse(TEXTS[k]!);
      if (!GEOMETRY[name]!(doc, p)) return;
      const o = judge(JSON.stringify(doc), `${name}-${k}.json`);
      // Each of these breaks the file (the flattened shapes, the off-table points, the floors …).
      if (o.scenario) throw new Error(`${name} mutant of ${FILES[k]} validated`);
    }), { seed: SEED, numRuns: 1500 });
  });

  it('extreme values within the number range the format takes', () => {
    fc.assert(fc.property(fileIndex, seed, (k, n) => {
      const p = new Picks(n);
      const doc = JSON.parse(TEXTS[k]!);
      const nums = valuePaths(doc).filter((q) => typeof getAt(doc, q) === 'number');
      setAt(doc, p.one(nums), p.one([LIMITS.magnitude, -LIMITS.magnitude, LIMITS.magnitude / 3, 1e-9, 5e-324, 1e-3, 0]));
      keep('extreme value', judge(JSON.stringify(doc), `extreme-${k}.json`), TEXTS[k]!);
    }), { seed: SEED, numRuns: 1000 });
  });

  it('random junk: any JSON value, any text', () => {
    fc.assert(fc.property(fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string({ unit: 'binary', maxLength: 300 })), (text) => {
      const o = judge(text, 'junk.json');
      expect(o.scenario).toBeUndefined();
    }), { seed: SEED, numRuns: 1000 });
  });
});

describe('validated mutants build a sound battlefield', () => {
  it('a sample of them builds without error, every height and solid finite, and answers a sight line', async () => {
    // Count-based samples spread over each list: extreme values apart (they stress the geometry most).
    const extreme = validated.filter((v) => v.how === 'extreme value');
    const other = validated.filter((v) => v.how !== 'extreme value');
    expect(extreme.length).toBeGreaterThan(20);
    expect(other.length).toBeGreaterThan(20);
    const sample = [extreme, other].flatMap((list, j) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / (j ? 18 : 14))) === 0));
    for (let i = 0; i < sample.length; i++) {
      const { how, scenario } = sample[i]!;
      const label = `${how} #${i}`;
      const bf = await createBattlefield(scenario).catch((e: unknown) => { throw new Error(`${label}: validated but does not build: ${String(e)}`); });
      try {
        expect(bf.grid.heights.every(Number.isFinite), `${label}: heights`).toBe(true);
        for (const s of bf.solids) {
          const nums = s.shape === 'box' ? [...s.center, ...s.halfExtents, s.rotationY] : s.points.flat();
          expect(nums.every(Number.isFinite), `${label}: solid of ${s.featureId}`).toBe(true);
        }
        const { width: w, depth: d } = scenario.table;
        const a: [number, number, number] = [w * 0.1, bf.groundHeight(w * 0.1, d * 0.2) + 1, d * 0.2];
        const b: [number, number, number] = [w * 0.9, bf.groundHeight(w * 0.9, d * 0.7) + 1, d * 0.7];
        expect(a.concat(b).every(Number.isFinite), `${label}: ground heights`).toBe(true);
        expect(typeof bf.lineOfSight(a, b).clear, label).toBe('boolean');
      } finally {
        bf.free();
      }
    }
  }, 120_000);
});

describe('resource bounds are refused at validation, naming the limit', () => {
  const tg = (): Json => JSON.parse(TEXTS[0]!);
  const refusal = (doc: Json): ScenarioIssue[] => {
    const r = parseScenario(JSON.stringify(doc), 'big.json');
    if (r.ok) throw new Error('expected the file to be refused');
    expectClearIssues(r.issues, 'big.json', doc);
    return r.issues;
  };

  it('a 100,000 × 100,000 cm table (it once validated and then failed to build: "Invalid typed array length")', () => {
    const doc = tg();
    doc.table = { width: 100_000, depth: 100_000 };
    const issues = refusal(doc);
    expect(issues.map((i) => i.path)).toEqual(['$.table.width', '$.table.depth']);
    expect(issues[0]!.message).toContain(`≤ ${LIMITS.tableSide}`);
  });

  it('a table within the side limit whose 1 cm relief has too many height samples', () => {
    const doc = tg();
    doc.table = { width: 2000, depth: 2000 };
    doc.features = []; doc.units = []; doc.objectives = []; doc.beats = []; doc.sides.forEach((x: Json) => delete x.deployment);
    const [issue] = refusal(doc);
    expect(issue!.path).toBe('$.relief.spacing');
    expect(issue!.message).toContain('2001 × 2001 = 4,004,001 height samples');
    expect(issue!.message).toContain(`at most ${LIMITS.reliefSamples.toLocaleString('en-US')}`);
    // The same table with a coarser relief validates.
    doc.relief.spacing = 4;
    expect(parseScenario(JSON.stringify(doc), 'big.json').ok).toBe(true);
  });

  it('an imported height grid over the sample limit', () => {
    const doc = tg();
    doc.relief = { grid: { columns: 1000, rows: 1000, heights: [0] } };
    const [issue] = refusal(doc);
    expect(issue!.path).toBe('$.relief.grid');
    expect(issue!.message).toContain(`expected at most ${LIMITS.reliefSamples.toLocaleString('en-US')}`);
  });

  it('more features, figures or points than the limits', () => {
    const doc = tg();
    const hill = doc.features.find((f: Json) => f.kind === 'hill');
    doc.features = Array.from({ length: LIMITS.features + 1 }, (_, i) => ({ ...hill, id: `h${i}` }));
    expect(refusal(doc).map((i) => [i.path, i.message])).toEqual([['$.features', `expected at most ${LIMITS.features} items (the format's limit), got ${LIMITS.features + 1}`]]);

    const many = tg();
    const unit = many.units[0];
    many.units = Array.from({ length: 3 }, (_, i) => ({ ...unit, id: `u${i}`, figures: Array.from({ length: 700 }, (_, j) => ({ id: `u${i}_${j}`, at: [10 + (j % 100), 10 + Math.floor(j / 100)] })) }));
    const issues = refusal(many);
    expect(issues.map((i) => i.path)).toEqual(['$.units']);
    expect(issues[0]!.message).toBe(`2,100 figures in all: expected at most ${LIMITS.figures.toLocaleString('en-US')}`);
  });

  it('more openings than a building or all buildings may have', () => {
    const doc = tg();
    const b = doc.features.findIndex((f: Json) => f.kind === 'building' && f.openings?.length);
    const opening = doc.features[b].openings[0];
    doc.features[b].openings = Array.from({ length: LIMITS.openings + 1 }, () => ({ ...opening, id: undefined }));
    expect(refusal(doc).map((i) => i.path)).toEqual([`$.features[${b}].openings`]);

    const many = tg();
    const house = many.features[b];
    house.openings = Array.from({ length: LIMITS.openings }, () => ({ ...opening, id: undefined }));
    const copies = Math.ceil(LIMITS.totalOpenings / LIMITS.openings);
    many.features.push(...Array.from({ length: copies }, (_, i) => ({ ...house, id: `copy${i}` })));
    const issues = refusal(many);
    const total = many.features.reduce((acc: number, f: Json) => acc + (f.openings?.length ?? 0), 0);
    expect(total).toBeGreaterThan(LIMITS.totalOpenings);
    expect(issues.map((i) => [i.path, i.message])).toEqual([['$.features', `${total.toLocaleString('en-US')} openings in all buildings together: expected at most ${LIMITS.totalOpenings.toLocaleString('en-US')}`]]);
  });

  it('buildings with more floors in all than the solid limit allows', () => {
    const doc = tg();
    const b = doc.features.findIndex((f: Json) => f.kind === 'building');
    const tower = { ...doc.features[b], size: [4, 4], roof: { kind: 'flat' }, openings: [], floors: Array.from({ length: LIMITS.floors }, (_, i) => ({ elevation: i })), eaves: LIMITS.floors + 1 };
    doc.features.push(...Array.from({ length: Math.ceil(LIMITS.solids / LIMITS.floors) }, (_, i) => ({ ...tower, id: `tower${i}` })));
    const issues = refusal(doc);
    expect(issues.map((i) => i.path)).toEqual(['$.features']);
    expect(issues[0]!.message).toContain(`solids: expected at most ${LIMITS.solids.toLocaleString('en-US')}`);
  });

  it('walls longer than the obstacle limit in all', () => {
    const doc = tg();
    const wall = doc.features.find((f: Json) => f.kind === 'wall');
    wall.path = Array.from({ length: 900 }, (_, i) => [i % 2 ? 179 : 1, 1 + i * 0.13]);
    const [issue] = refusal(doc);
    expect(issue!.path).toBe('$.features');
    expect(issue!.message).toContain(`expected at most ${LIMITS.obstacleLength.toLocaleString('en-US')} cm`);
  });

  it('a roof too slender for the physics to build (it once validated and then failed: "expected instance of p")', () => {
    const doc = tg();
    const b = doc.features.findIndex((f: Json) => f.kind === 'building' && f.roof?.kind === 'gable');
    doc.features[b].roof.height = 30_000;
    const issues = refusal(doc);
    expect(issues.map((i) => i.path)).toEqual([`$.features[${b}].roof.height`]);
    expect(issues[0]!.message).toContain(`expected at most ${LIMITS.roofSlenderness} times its smaller side`);
  });

  it('a fence 300 m thick (it once validated and then ran out of memory building the sight index)', () => {
    const doc = tg();
    const fence = doc.features.find((f: Json) => f.kind === 'fence');
    fence.thickness = 30_000;
    const [issue] = refusal(doc);
    expect(issue!.path).toBe('$.features');
    expect(issue!.message).toContain(`cm² of plan (counted generously): expected at most ${LIMITS.solidCover.toLocaleString('en-US')} cm²`);
  });

  it('a number beyond the format\'s largest size', () => {
    const doc = tg();
    const hill = doc.features.findIndex((f: Json) => f.kind === 'hill');
    doc.features[hill].height = 1e308;
    const issues = refusal(doc);
    expect(issues.map((i) => [i.path, i.message])).toEqual([[`$.features[${hill}].height`, `expected a number ≤ ${LIMITS.magnitude} (the format's largest size, cm), got 1e+308`]]);
  });
});
