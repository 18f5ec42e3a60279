// npm run bench:render — builds the app, serves it with `vite preview`, opens headless Chromium
// (SwiftShader, as in the browser tests) on a large generated table (300 figures, 150 trees,
// 40 buildings; written next to the build as scenarios/local/bench-large.json, never under
// scenarios/) and prints draw calls, triangles and frame time per forced frame, plus the gzip
// sizes of the initial JS and of the lazy chunks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { bundleSizes, printBundle } from './bundle-size';
import { hasBrowser, openBrowser, watchedPage } from '../tests/e2e/browser';
import { renderScene } from './render-scene';

const FRAMES = 30;
const RUNS = [
  { quality: 'test', width: 640, height: 400 },
  { quality: 'medium', width: 1280, height: 720 },
] as const;

async function main(): Promise<void> {
  if (!hasBrowser) throw new Error('bench:render needs /usr/bin/chromium (apt-get install -y chromium)');
  const outDir = mkdtempSync(join(tmpdir(), 'sandtable-bench-'));
  console.log('Building the app…');
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const chunks = bundleSizes(outDir);
  const scene = renderScene();
  mkdirSync(join(outDir, 'scenarios', 'local'), { recursive: true });
  writeFileSync(join(outDir, 'scenarios', 'local', 'bench-large.json'), JSON.stringify(scene));
  const figures = (scene.units ?? []).reduce((n, u) => n + u.figures.length, 0);
  const trees = scene.features.reduce((n, f) => n + (f.kind === 'woods' ? f.trees ?? 0 : 0), 0);
  const buildings = scene.features.filter((f) => f.kind === 'building').length;
  const server = await preview({ logLevel: 'error', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview gave no local URL');
  const ctx = await openBrowser();
  const rows: string[] = [];
  try {
    for (const run of RUNS) {
      const { page, problems } = await watchedPage(ctx, new URL(url).origin);
      await page.setViewportSize({ width: run.width, height: run.height });
      const t0 = Date.now();
      await page.goto(new URL(`?scenario=local/bench-large&quality=${run.quality}`, url).href);
      await page.waitForFunction(() => window.__sandtable?.ready === true || ['missing', 'invalid', 'failed'].includes(window.__sandtable?.status ?? ''), null, { timeout: 240_000 });
      const status = await page.evaluate(() => window.__sandtable?.error ?? window.__sandtable?.status);
      if (status !== 'ready') throw new Error(`the bench table did not load: ${status}`);
      const loadMs = Date.now() - t0;
      const timing = await page.evaluate(async (n) => {
        const v = window.__sandtable!.view!;
        await v.timeFrames(3); // shader compile and uploads
        return v.timeFrames(n);
      }, FRAMES);
      if (run === RUNS[0]) {
        const costs = await page.evaluate(() => window.__sandtable!.view!.meshCosts());
        costs.length = Math.min(costs.length, 6);
        console.log(`  triangles by mesh: ${costs.map((c) => `${c.name} ${c.triangles.toLocaleString('en')}${c.instances > 1 ? ` (${c.instances}×)` : ''}`).join(', ')}`);
      }
      const withOverlay = await page.evaluate(async () => {
        const v = window.__sandtable!.view!;
        document.querySelector<HTMLButtonElement>('[data-testid=viewshed-toggle]')?.click();
        for (let i = 0; i < 400 && !(v.viewshed().final && !v.viewshed().computing); i++) await new Promise((r) => setTimeout(r, 50));
        await v.timeFrames(2);
        const t = await v.timeFrames(10);
        return { calls: t.calls, median: t.median, ms: v.viewshed().ms, resolution: v.viewshed().resolution };
      });
      const sorted = [...timing.samples].sort((a, b) => a - b);
      const p90 = sorted[Math.floor(sorted.length * 0.9)]!;
      rows.push(`  ${`${run.width}×${run.height}`.padEnd(10)} ${run.quality.padEnd(7)} ${String(timing.calls).padStart(5)} ${String(withOverlay.calls).padStart(9)} ${timing.triangles.toLocaleString('en').padStart(10)} ${timing.median.toFixed(0).padStart(6)} ms ${p90.toFixed(0).padStart(6)} ms ${withOverlay.median.toFixed(0).padStart(9)} ms ${(loadMs / 1000).toFixed(1).padStart(6)} s`);
      console.log(`  ${run.width}×${run.height} ${run.quality}: viewshed ${withOverlay.resolution} cm in ${withOverlay.ms?.toFixed(0)} ms` + (problems.length ? `; page problems: ${problems.join('; ')}` : ''));
      await page.close();
    }
  } finally {
    await ctx.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  console.log(`\nRender — ${figures} figures, ${trees} trees, ${buildings} buildings; Chromium + SwiftShader (CPU), ${FRAMES} forced frames (render + GPU finish), home view:`);
  console.log('  viewport   tier    calls +viewshed  triangles    median      p90  +viewshed    load');
  for (const r of rows) console.log(r);
  printBundle(chunks);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
