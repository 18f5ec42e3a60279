// npm run bench:sight-app [runs] — the sight tool's first line that needs Rapier (a see-through fence,
// railing or ladder near the line) against later such lines, in the built app in headless Chromium
// (SwiftShader, as in the browser tests), on the shipped tables with fences: the training ground,
// Kalevankangas and Tammerkoski. Per table: whether the Rapier world was built before the first line,
// how long the app's ahead-of-need build took (its performance measure: from its first slice to its
// last, the work in it, and its longest slice, the longest it held the page at once), the page's
// longest long task from the table showing to the first line, the first line's time, the median of
// later lines and their ratio, and a line over open ground for scale; the build's slices again from
// Chrome's trace with their CPU time on the page's main thread (on a loaded box a slice's wall time
// mostly waits for a core); Rapier's WASM memory before and after the world, and the page's JS heap.
// Each table is opened with each warm-up at load in turn (the tiny table world the app runs, an empty
// world's step, none: the page's `rapierWarmUp`), to weigh the warm-up's cost in the time until the
// table shows against its gain in the build's slices. No pass/fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';
import { hasBrowser, openBrowser, watchedPage } from '../tests/e2e/browser';

const TABLES = ['sandbox/training-ground', 'kuularuisku/kalevankangas', 'kuularuisku/tammerkoski'];
const RUNS = Number(process.argv[2] ?? 2);
/** How long the bench waits after the table shows before the first line: a user opening the tool and picking two points. */
const USER_PAUSE_MS = 3000;
const LATER_LINES = 30;
const WARM_UPS = ['table', 'empty', 'none'] as const;

interface Timing {
  table: string;
  warmUp: (typeof WARM_UPS)[number];
  /** From the page's start until the table showed (the app ready), ms. */
  shownMs: number;
  builtBefore: boolean;
  aheadMs: number | null;
  /** The ahead-of-need build's work and longest slice (its measure's detail), ms. */
  workMs: number | null;
  longestSliceMs: number | null;
  lastSliceMs: number | null;
  slices: number | null;
  /** The idle-callback tasks (the build's slices) from Chrome's trace: the longest, the last, in wall and in the thread's CPU time, ms. */
  traced: { slices: number; longestWallMs: number; longestCpuMs: number; lastWallMs: number; lastCpuMs: number } | null;
  /** The page's longest long task (≥ 50 ms, Chromium's longtask entries) from the table showing to the first line, ms; 0 if none. */
  longestTaskMs: number;
  builtByFirst: boolean;
  firstMs: number;
  laterMs: number;
  /** The Rapier warm-up while the table loaded (its measure), ms. */
  warmMs: number | null;
  /** Rapier's WASM memory when the table showed and once its world was built, and the page's JS heap then, MB. */
  wasmReadyMb: number;
  wasmBuiltMb: number;
  jsHeapMb: number;
  openMs: number;
  lines: number;
  /** Lines tried up to the first that needed Rapier, and the later lines that cross a see-through solid. */
  tried: number;
  crossing: number;
}

async function main(): Promise<void> {
  if (!hasBrowser) throw new Error('bench:sight-app needs /usr/bin/chromium (apt-get install -y chromium)');
  const outDir = mkdtempSync(join(tmpdir(), 'sandtable-bench-'));
  console.log('Building the app…');
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({ logLevel: 'error', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview gave no local URL');
  const ctx = await openBrowser();
  const rows: Timing[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const table of TABLES) for (const warmUp of WARM_UPS) {
        const { page, problems } = await watchedPage(ctx, new URL(url).origin);
        // tsx names the arrow functions of the page code with esbuild's __name helper, absent in the page.
        await page.addInitScript('window.__name = (f) => f');
        // Long tasks (≥ 50 ms) as they happen, to find the longest after the table shows.
        await page.addInitScript(`window.__longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`);
        // Rapier's WASM memory (the instance whose exports hold its broad phase), to weigh the world's memory.
        await page.addInitScript(`{ const inst = WebAssembly.instantiate; WebAssembly.instantiate = async function (...a) { const r = await inst.apply(this, a); const i = r.instance ?? r; if (i.exports && 'rawbroadphase_new' in i.exports) window.__rapierMemory = i.exports.memory; return r; }; }`);
        const trace = await traceIdleCallbacks(page);
        await page.goto(new URL(`?scenario=${table}&rapierWarmUp=${warmUp}`, url).href);
        await page.waitForFunction(() => window.__sandtable?.ready === true || ['missing', 'invalid', 'failed'].includes(window.__sandtable?.status ?? ''), null, { timeout: 240_000 });
        const mb = (bytes: number) => bytes / 2 ** 20;
        const [readyAt, wasmReady, jsHeap] = await page.evaluate(() => [performance.now(), (window as unknown as { __rapierMemory?: WebAssembly.Memory }).__rapierMemory?.buffer.byteLength ?? NaN,
          (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN]);
        const status = await page.evaluate(() => window.__sandtable?.error ?? window.__sandtable?.status);
        if (status !== 'ready') throw new Error(`${table} did not load: ${status}`);
        await page.click('[data-testid=tool-los]');
        await page.waitForTimeout(USER_PAUSE_MS);
        const longestTaskMs = await page.evaluate((from) => Math.max(0, ...(window as unknown as { __longTasks: Array<[number, number]> }).__longTasks
          .filter(([start, d]) => start + d > from).map(([, d]) => d)), readyAt);
        const t = await page.evaluate(({ later }) => {
          const bf = window.__sandtable!.battlefield!;
          const built = () => bf.worldState === 'built';
          const { width, depth } = bf.scenario.table;
          const clamp = (v: number, hi: number) => Math.min(Math.max(v, 0.5), hi - 0.5);
          // A point `y` cm up (default 1.5 cm over the ground; ground heights ask no Rapier, deck heights would).
          const eye = (x: number, z: number, y = -Infinity): [number, number, number] => {
            const gx = clamp(x, width), gz = clamp(z, depth);
            const g = bf.groundHeight(gx, gz);
            return [gx, y === -Infinity ? g + 1.5 : Math.max(g + 0.2, y), gz];
          };
          // A level diagonal line through each see-through solid's centre crosses it whatever its heading.
          const lines = bf.solids.filter((s) => !s.blocksSight).map((s) => {
            const n = s.shape === 'box' ? 1 : s.points.length;
            const c = s.shape === 'box' ? s.center : s.points.reduce((a, p) => [a[0] + p[0] / n, a[1] + p[1] / n, a[2] + p[2] / n], [0, 0, 0]);
            return [eye(c[0] - 10, c[2] - 10, c[1]), eye(c[0] + 10, c[2] + 10, c[1])] as const;
          });
          if (!lines.length) throw new Error(`${bf.scenario.id}: no see-through solid to cross`);
          const builtBefore = built();
          const ahead = performance.getEntriesByName('sandtable:table-world');
          // The first line that needs Rapier: lines stopped short of their solid (a wall, the ground) do not.
          let firstMs = NaN;
          let tried = 0;
          for (const [a, b] of lines) {
            tried++;
            const t0 = performance.now();
            const r = bf.lineOfSight(a, b);
            const ms = performance.now() - t0;
            if (builtBefore ? r.crossed.length > 0 : built()) { firstMs = ms; break; }
          }
          const builtByFirst = !builtBefore && built();
          // Later lines that cross a see-through solid, timed in rounds (the page's clock ticks in 0.1 ms).
          const crossing = lines.filter(([a, b]) => bf.lineOfSight(a, b).crossed.length > 0).slice(0, later);
          const perLine = (set: ReadonlyArray<readonly [[number, number, number], [number, number, number]]>) => {
            const rounds: number[] = [];
            for (let k = 0; k < 5; k++) {
              const s = performance.now();
              for (let j = 0; j < 20; j++) for (const [a, b] of set) bf.lineOfSight(a, b);
              rounds.push((performance.now() - s) / (20 * set.length));
            }
            return rounds.sort((p, q) => p - q)[2]!;
          };
          const open: Array<[[number, number, number], [number, number, number]]> = [];
          for (let i = 0; i < later; i++) open.push([eye(width * 0.1, depth * (0.1 + 0.8 * (i / later))), eye(width * 0.9, depth * (0.9 - 0.8 * (i / later)))]);
          const measure = ahead.at(-1) as PerformanceMeasure | undefined;
          const warm = performance.getEntriesByName('sandtable:rapier-warm-up').at(-1);
          const detail = measure?.detail as { workMs: number; longestSliceMs: number; lastSliceMs: number; slices: number } | undefined;
          return {
            builtBefore, aheadMs: measure ? measure.duration : null, warmMs: warm ? warm.duration : null,
            wasmBuilt: (window as unknown as { __rapierMemory?: WebAssembly.Memory }).__rapierMemory?.buffer.byteLength ?? NaN, builtByFirst, firstMs, tried,
            workMs: detail?.workMs ?? null, longestSliceMs: detail?.longestSliceMs ?? null, lastSliceMs: detail?.lastSliceMs ?? null, slices: detail?.slices ?? null,
            laterMs: crossing.length ? perLine(crossing) : NaN, crossing: crossing.length, openMs: perLine(open), lines: lines.length,
          };
        }, { later: LATER_LINES });
        if (problems.length) console.log(`  ${table}: page problems: ${problems.join('; ')}`);
        const { wasmBuilt, ...rest } = t;
        rows.push({ table, warmUp, shownMs: readyAt, longestTaskMs, traced: await trace(), ...rest, wasmReadyMb: mb(wasmReady), wasmBuiltMb: mb(wasmBuilt), jsHeapMb: mb(jsHeap) });
        console.log(`  run ${run + 1} ${table} (${warmUp} warm-up): shown at ${readyAt.toFixed(0)} ms, first ${t.firstMs.toFixed(1)} ms, later ${t.laterMs.toFixed(3)} ms`);
        await page.close();
      }
    }
  } finally {
    await ctx.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  console.log(`\nSight tool in Chromium (SwiftShader): the first line crossing a see-through solid after a ${USER_PAUSE_MS / 1000} s pause, then ${LATER_LINES} later such lines (median) and ${LATER_LINES} open-ground lines (median):`);
  console.log('  table                       world built           first      later  first/later   open line  (see-through solids; lines tried to the first; crossing lines)');
  for (const r of rows) {
    const when = r.builtBefore ? (r.aheadMs !== null ? `ahead, ${r.aheadMs.toFixed(0)} ms` : 'before (load)') : r.builtByFirst ? 'by the first line' : 'not built';
    console.log(`  ${`${r.table} ${r.warmUp}`.padEnd(33)} ${when.padEnd(18)} ${r.firstMs.toFixed(1).padStart(7)} ms ${r.laterMs.toFixed(3).padStart(7)} ms ${(r.firstMs / r.laterMs).toFixed(0).padStart(9)}× ${r.openMs.toFixed(3).padStart(8)} ms  (${r.lines}; ${r.tried}; ${r.crossing})`);
  }
  console.log('\nThe ahead-of-need build (its measure: first slice to last; work; slices; longest slice; last slice, the world\'s first step) and the page\'s longest long task from the table showing to the first line:');
  console.log('  table                        span       work  slices  longest slice  last slice  longest task  warm-up at load');
  const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} ms`);
  for (const r of rows) {
    // A build from before slicing records no detail: its span is all work, in one task.
    const work = r.workMs ?? r.aheadMs, longest = r.longestSliceMs ?? r.aheadMs;
    console.log(`  ${`${r.table} ${r.warmUp}`.padEnd(33)} ${ms(r.aheadMs).padStart(7)} ${ms(work).padStart(9)} ${String(r.slices ?? (r.aheadMs === null ? '—' : 1)).padStart(7)} ${ms(longest).padStart(14)} ${ms(r.lastSliceMs ?? r.aheadMs).padStart(11)} ${ms(r.longestTaskMs).padStart(13)} ${ms(r.warmMs).padStart(16)}`);
  }

  console.log('\nThe same slices in Chrome\'s trace (idle-callback tasks), wall and the main thread\'s CPU time: on a loaded box a slice\'s wall time also holds the time other processes had the core:');
  console.log('  table                       slices  longest wall  longest CPU  last wall  last CPU');
  for (const r of rows) {
    const t = r.traced;
    console.log(`  ${`${r.table} ${r.warmUp}`.padEnd(33)} ${String(t?.slices ?? '—').padStart(6)} ${ms(t?.longestWallMs ?? null).padStart(13)} ${ms(t?.longestCpuMs ?? null).padStart(12)} ${ms(t?.lastWallMs ?? null).padStart(10)} ${ms(t?.lastCpuMs ?? null).padStart(9)}`);
  }
  console.log('\nMemory: Rapier\'s WASM memory when the table showed and once its world was built (it never shrinks), and the page\'s JS heap when the table showed:');
  console.log('  table                        WASM at show  WASM built  JS heap');
  const mbs = (v: number) => (Number.isNaN(v) ? '—' : `${v.toFixed(1)} MB`);
  for (const r of rows) console.log(`  ${`${r.table} ${r.warmUp}`.padEnd(33)} ${mbs(r.wasmReadyMb).padStart(13)} ${mbs(r.wasmBuiltMb).padStart(11)} ${mbs(r.jsHeapMb).padStart(8)}`);
  printWarmUps(rows);
}

/** Each warm-up's cost (its time at load, the time until the table shows) against its gain (the build's last and longest slices), medians over the runs. */
function printWarmUps(rows: readonly Timing[]): void {
  const median = (vs: Array<number | null | undefined>) => {
    const s = vs.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
    const mid = s.length >> 1;
    return !s.length ? null : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} ms`);
  console.log(`\nThe warm-up at load, medians of ${RUNS} run(s): its time, the time until the table showed, and the build's last slice (the world's first step) and longest slice, wall and CPU (trace):`);
  console.log('  table                       warm-up   its time  table shown  last wall  last CPU  longest wall  longest CPU');
  for (const table of TABLES) for (const warmUp of WARM_UPS) {
    const of = rows.filter((r) => r.table === table && r.warmUp === warmUp);
    const m = (f: (r: Timing) => number | null | undefined) => ms(median(of.map(f)));
    console.log(`  ${table.padEnd(27)} ${warmUp.padEnd(7)} ${m((r) => r.warmMs).padStart(9)} ${m((r) => r.shownMs).padStart(12)} ${m((r) => r.traced?.lastWallMs).padStart(10)} ${m((r) => r.traced?.lastCpuMs).padStart(9)} ${m((r) => r.traced?.longestWallMs).padStart(13)} ${m((r) => r.traced?.longestCpuMs).padStart(12)}`);
  }
}

interface TraceEvent { name: string; ph: string; dur?: number; tdur?: number; ts: number }

/**
 * Trace the page's idle-callback tasks (only the world's sliced build asks for idle callbacks) from now
 * on; the returned call stops the trace and sums them up, with each task's CPU time on its thread.
 */
async function traceIdleCallbacks(page: Page): Promise<() => Promise<Timing['traced']>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: object[] }) => events.push(...(e.value as TraceEvent[])));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline'] }, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    const slices = events.filter((e) => e.name === 'FireIdleCallback' && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
    if (!slices.length) return null;
    const longest = slices.reduce((a, b) => (b.dur! > a.dur! ? b : a));
    const last = slices.at(-1)!;
    const msOf = (us: number | undefined) => (us === undefined ? NaN : us / 1000);
    return { slices: slices.length, longestWallMs: msOf(longest.dur), longestCpuMs: Math.max(...slices.map((e) => msOf(e.tdur))), lastWallMs: msOf(last.dur), lastCpuMs: msOf(last.tdur) };
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
