// npm run bench — battlefield build time, LOS throughput against a three-mesh-bvh baseline on the
// same triangles (same process), viewshed 200×200 and a 200-figure LOS matrix, each also against
// three-mesh-bvh on the same lines (interleaved, so machine load hits both alike). Figures and ratios.
import * as THREE from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { readFileSync } from 'node:fs';
import {
  createBattlefield, initRapier, EYE_FRACTION, DEFAULT_FIGURE_HEIGHT, type Battlefield, type FigureBody,
} from '../src/battlefield';
import { gridTriangles, type Vec2, type Vec3 } from '../src/core';
import { cachedTable, playableModule, playGame } from '../src/flow';
import { GameSession } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { parseScenarioOrThrow } from '../src/scenario';
import { rapierReferenceWall } from '../src/testing';
import { referenceAreas, referenceBody, referenceBuildingAt, referenceObstacles, referenceStand } from '../tests/battlefield/reference-queries';
import { largeTable } from './large-table';

const { ruleset: kuularuiskuRuleset } = playableModule(RULESET_MODULES.kuularuisku);
const kuularuiskuPlayer = RULESET_MODULES.kuularuisku.player;

const now = () => performance.now();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function baselineGeometry(bf: Battlefield): THREE.BufferGeometry {
  const { vertices, indices } = gridTriangles(bf.grid);
  const parts: THREE.BufferGeometry[] = [];
  const terrain = new THREE.BufferGeometry();
  terrain.setAttribute('position', new THREE.BufferAttribute(vertices, 3));
  terrain.setIndex(new THREE.BufferAttribute(indices, 1));
  parts.push(terrain);
  for (const s of bf.solids) {
    let g: THREE.BufferGeometry;
    if (s.shape === 'box') {
      g = new THREE.BoxGeometry(s.halfExtents[0] * 2, s.halfExtents[1] * 2, s.halfExtents[2] * 2);
      g.rotateY((-s.rotationY * Math.PI) / 180);
      g.translate(s.center[0], s.center[1], s.center[2]);
    } else {
      g = new ConvexGeometry(s.points.map((p) => new THREE.Vector3(p[0], p[1], p[2])));
    }
    g.deleteAttribute('normal');
    g.deleteAttribute('uv');
    parts.push(g);
  }
  const indexed = parts.map((p) => (p.index ? p : indexify(p)));
  return mergeGeometries(indexed)!;
}

function indexify(g: THREE.BufferGeometry): THREE.BufferGeometry {
  const n = g.getAttribute('position').count;
  g.setIndex(Array.from({ length: n }, (_, i) => i));
  return g;
}

async function main(): Promise<void> {
  const t0 = now();
  await initRapier();
  const tInit = now() - t0;
  const scenario = largeTable();
  const builds: number[] = [];
  let bf!: Battlefield;
  for (let i = 0; i < 5; i++) {
    const t = now();
    const b = await createBattlefield(scenario);
    builds.push(now() - t);
    if (i < 4) b.free();
    else bf = b;
  }
  const figures = scenario.units![0]!.figures.map((f) => ({ id: f.id, at: f.at }));
  const eyes: Vec3[] = figures.map((f) => bf.eyePoint(f));
  console.log(`table 180×120 cm, ${bf.grid.columns}×${bf.grid.rows} heights, ${bf.solids.length} solids, 40 buildings, 150 trees in 30 woods, 200 figures`);
  console.log(`rapier init ${tInit.toFixed(0)} ms (once per process)`);
  console.log(`build: median ${median(builds).toFixed(1)} ms (goal ≤ 300)`);

  // Random figure-to-figure segments.
  const pairs: Array<[Vec3, Vec3]> = [];
  let seed = 1;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 20000; i++) pairs.push([eyes[Math.floor(rnd() * eyes.length)]!, eyes[Math.floor(rnd() * eyes.length)]!]);

  const geo = baselineGeometry(bf);
  const bvh = new MeshBVH(geo);
  const ray = new THREE.Ray();
  const o = new THREE.Vector3(), d = new THREE.Vector3();
  const bvhRun = () => {
    let blocked = 0;
    for (const [a, b] of pairs) {
      o.set(a[0], a[1], a[2]);
      d.set(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
      const len = d.length();
      if (len < 1e-6) continue;
      ray.set(o, d.divideScalar(len));
      const hit = bvh.raycastFirst(ray, THREE.DoubleSide, 0, len - 0.05);
      if (hit) blocked++;
    }
    return blocked;
  };
  const apiRun = () => {
    let blocked = 0;
    for (const [a, b] of pairs) if (!bf.lineOfSight(a, b).clear) blocked++;
    return blocked;
  };
  const verdictRun = () => {
    let blocked = 0;
    for (const [a, b] of pairs) if (!bf.isClear(a, b)) blocked++;
    return blocked;
  };
  bvhRun(); apiRun(); verdictRun(); // warm-up
  const bvhTimes: number[] = [], apiTimes: number[] = [], verdictTimes: number[] = [];
  let bvhBlocked = 0, apiBlocked = 0, verdictBlocked = 0;
  // Interleaved rounds, so machine noise hits all three alike.
  for (let k = 0; k < 7; k++) {
    let t = now(); bvhBlocked = bvhRun(); bvhTimes.push(now() - t);
    t = now(); apiBlocked = apiRun(); apiTimes.push(now() - t);
    t = now(); verdictBlocked = verdictRun(); verdictTimes.push(now() - t);
  }
  const bvhRate = pairs.length / (median(bvhTimes) / 1000);
  const apiRate = pairs.length / (median(apiTimes) / 1000);
  const verdictRate = pairs.length / (median(verdictTimes) / 1000);
  console.log(`LOS, ${pairs.length} figure-to-figure segments:`);
  console.log(`  battlefield.isClear      ${(verdictRate / 1000).toFixed(0)}k segments/s  (${verdictBlocked} blocked; verdict incl. see-in depth of dense woods)`);
  console.log(`  battlefield.lineOfSight  ${(apiRate / 1000).toFixed(0)}k segments/s  (${apiBlocked} blocked; also lists areas crossed and see-through obstacles)`);
  console.log(`  three-mesh-bvh baseline  ${(bvhRate / 1000).toFixed(0)}k segments/s  (${bvhBlocked} blocked; solids and terrain only, no areas)`);
  console.log(`  ratio isClear/bvh ${(verdictRate / bvhRate).toFixed(2)}×, lineOfSight/bvh ${(apiRate / bvhRate).toFixed(2)}× (goal ≥ 1.5×)`);

  // Baseline for the bulk queries: three-mesh-bvh's first hit on each of the same lines.
  const bvhBlocks = (a: Vec3, b: Vec3): boolean => {
    o.set(a[0], a[1], a[2]);
    d.set(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    const len = d.length();
    if (len < 1e-6) return false;
    ray.set(o, d.divideScalar(len));
    return bvh.raycastFirst(ray, THREE.DoubleSide, 0, len - 0.05) !== null;
  };

  // Viewshed 200×200 from the top of hill_b, interleaved with the baseline on the same cells.
  const eye = bf.eyePoint({ id: 'obs', at: [130, 85] });
  const region = { minX: 60, minZ: 0, maxX: 180, maxZ: 120 };
  const probe = bf.viewshed(eye, region, 0.6, 1.6);
  const cells: Vec3[] = [];
  for (let j = 0; j < probe.rows; j++) for (let i = 0; i < probe.columns; i++) {
    const x = region.minX + (i + 0.5) * 0.6, z = region.minZ + (j + 0.5) * 0.6;
    cells.push([x, bf.standHeight(x, z) + 1.6, z]);
  }
  console.log(`viewshed ${probe.columns}×${probe.rows} cells from the hill top (eye y ${eye[1].toFixed(1)})`);
  const vsTimes: number[] = [], vsBase: number[] = [];
  let frac = 0, baseVisible = 0;
  for (let k = 0; k < 5; k++) {
    let t = now();
    frac = bf.viewshed(eye, region, 0.6, 1.6).visibleFraction;
    vsTimes.push(now() - t);
    t = now();
    baseVisible = 0;
    for (const c of cells) if (!bvhBlocks(eye, c)) baseVisible++;
    vsBase.push(now() - t);
  }
  console.log(`  median ${median(vsTimes).toFixed(0)} ms, ${(frac * 100).toFixed(1)} % visible (goal ≤ 50 ms)`);
  console.log(`  three-mesh-bvh on the same ${cells.length} lines: median ${median(vsBase).toFixed(0)} ms (${((baseVisible / cells.length) * 100).toFixed(1)} % clear, no areas); ratio bvh/viewshed ${(median(vsBase) / median(vsTimes)).toFixed(2)}×`);

  // Full LOS matrix for 200 figures (each unordered pair once), interleaved with the baseline.
  const mTimes: number[] = [], mBase: number[] = [];
  let visiblePairs = 0, baseClear = 0;
  for (let k = 0; k < 5; k++) {
    let t = now();
    const m = bf.losMatrix(eyes);
    mTimes.push(now() - t);
    t = now();
    baseClear = 0;
    for (let i = 0; i < eyes.length; i++) for (let j = i + 1; j < eyes.length; j++) if (!bvhBlocks(eyes[i]!, eyes[j]!)) baseClear++;
    mBase.push(now() - t);
    visiblePairs = 0;
    for (let i = 0; i < eyes.length; i++) for (let j = i + 1; j < eyes.length; j++) visiblePairs += m[i * eyes.length + j]!;
  }
  console.log(`LOS matrix 200 figures (19900 pairs): median ${median(mTimes).toFixed(0)} ms, ${visiblePairs} pairs see each other (goal ≤ 30 ms)`);
  console.log(`  three-mesh-bvh on the same pairs: median ${median(mBase).toFixed(0)} ms (${baseClear} clear, no areas); ratio bvh/matrix ${(median(mBase) / median(mTimes)).toFixed(2)}×`);
  bf.free();
}

/**
 * The battlefield queries the rules make in real games (behind the game's memo, cachedTable): recorded
 * from a few random games of a scenario, then replayed, each kind against its former plain form
 * (tests/battlefield/reference-queries.ts; Rapier alone for walls), interleaved.
 */
async function rulesQueries(file: string, games: number): Promise<void> {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  const bf = await createBattlefield(scenario);
  const calls = new Map<string, unknown[][]>();
  const recorder = new Proxy(bf, {
    get(target, key: string) {
      const v = (target as unknown as Record<string, unknown>)[key];
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        let list = calls.get(key);
        if (!list) calls.set(key, (list = []));
        list.push(structuredClone(args));
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  for (let seed = 1; seed <= games; seed++) {
    const table = cachedTable(recorder);
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
    playGame(g, kuularuiskuPlayer({ seed: seed * 7919 + 1, draw: 'groups' }), { table });
  }
  const areas = referenceAreas(scenario);
  const obstacles = referenceObstacles(scenario, bf);
  const body = referenceBody(bf);
  const eyeRef = (f: FigureBody): unknown => {
    const y = referenceStand(bf, f.at[0], f.at[1], f.floor);
    return typeof y === 'number' ? [f.at[0], y + (f.height ?? DEFAULT_FIGURE_HEIGHT) * EYE_FRACTION, f.at[1]] : y;
  };
  const kinds: Array<[string, (a: unknown[]) => unknown, ((a: unknown[]) => unknown) | undefined]> = [
    ['standHeight', (a) => bf.standHeight(...(a as [number, number, number?])), (a) => referenceStand(bf, ...(a as [number, number, number?]))],
    ['eyePoint', (a) => bf.eyePoint(a[0] as FigureBody), (a) => eyeRef(a[0] as FigureBody)],
    ['buildingAt', (a) => bf.buildingAt(a[0] as number, a[1] as number), (a) => referenceBuildingAt(bf, a[0] as number, a[1] as number)],
    ['areasAt', (a) => bf.areasAt(a[0] as number, a[1] as number), (a) => areas.at(a[0] as number, a[1] as number)],
    ['areasAlong', (a) => bf.areasAlong(a[0] as Vec2, a[1] as Vec2), (a) => areas.along(a[0] as Vec2, a[1] as Vec2)],
    ['obstaclesAlong', (a) => bf.obstaclesAlong(a[0] as Vec2, a[1] as Vec2), (a) => obstacles(a[0] as Vec2, a[1] as Vec2)],
    ['bodyClashes', (a) => bf.bodyClashes(a[0] as FigureBody), (a) => body(a[0] as FigureBody)],
    ['wallBetween', (a) => bf.wallBetween(a[0] as FigureBody, a[1] as FigureBody), (a) => rapierReferenceWall(bf, a[0] as FigureBody, a[1] as FigureBody)],
    ['isClear', (a) => bf.isClear(a[0] as Vec3, a[1] as Vec3, a[2] as Parameters<Battlefield['isClear']>[2]), undefined],
    ['lineOfSight', (a) => bf.lineOfSight(a[0] as Vec3, a[1] as Vec3, a[2] as Parameters<Battlefield['lineOfSight']>[2]), undefined],
    ['visibility', (a) => bf.visibility(a[0] as FigureBody, a[1] as FigureBody, a[2] as Parameters<Battlefield['visibility']>[2]), undefined],
  ];
  const run = (list: unknown[][], f: (a: unknown[]) => unknown) => {
    const t = now();
    for (const a of list) {
      try { f(a); } catch { /* the same refusals as in the game */ }
    }
    return now() - t;
  };
  console.log(`${scenario.id}: battlefield queries of ${games} games (behind the memo), replayed: µs per call now / former form (ratio)`);
  let totalNow = 0, totalRef = 0;
  for (const [kind, fast, ref] of kinds) {
    const list = calls.get(kind);
    if (!list?.length) continue;
    const tf: number[] = [], tr: number[] = [];
    run(list, fast); if (ref) run(list, ref); // warm-up
    for (let k = 0; k < 5; k++) {
      tf.push(run(list, fast));
      if (ref) tr.push(run(list, ref));
    }
    const mf = median(tf), us = (ms: number) => ((ms * 1000) / list.length).toFixed(2).padStart(7);
    totalNow += mf;
    if (ref) totalRef += median(tr); else totalRef += mf;
    console.log(`  ${kind.padEnd(15)} ${String(list.length).padStart(6)} calls ${us(mf)} µs${ref ? ` / ${us(median(tr))} µs (${(median(tr) / mf).toFixed(1)}×)` : ''}`);
  }
  console.log(`  all recorded calls: ${(totalNow / games).toFixed(1)} ms/game now, ${(totalRef / games).toFixed(1)} ms/game in the former forms (${(totalRef / totalNow).toFixed(2)}×)`);
  bf.free();
}

async function benchMain(): Promise<void> {
  await main();
  for (const file of ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json']) await rulesQueries(file, 3);
}

benchMain().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
