// Shared browser-test plumbing: Debian's Chromium via playwright-core, software WebGL (SwiftShader),
// the production build served once for all files by global-setup.ts (appUrl), a page that records
// every console error and every request that leaves the app's origin, and helpers that click on
// table points through the app's test hook.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);
export const browserRequired = process.env.SANDTABLE_REQUIRE_BROWSER === '1' || process.env.CI === 'true';

if (!hasBrowser) {
  const msg = `\n!!! Browser tests: ${CHROMIUM} not found. ${browserRequired ? 'It is REQUIRED here (CI): failing.' : 'SKIPPING them; install it with `apt-get install -y chromium` (or run .ci/run).'}\n`;
  console.warn(msg);
}

/** The app's URL, served by the global setup (one build and one `vite preview` for all files). */
export function appUrl(): string {
  const url = inject('appUrl');
  if (!url) throw new Error('no app URL: the global setup did not build the app (is /usr/bin/chromium installed?)');
  return url;
}

/** The test-only build with the toy rulesets registered (global-setup.ts builds it when a toy browser test runs). */
export function toyAppUrl(): string {
  const url = inject('toyAppUrl');
  if (!url) throw new Error('no toy app URL: the global setup did not build the toy app (is /usr/bin/chromium installed?)');
  return url;
}

/** Where the normal build lies (to read what it ships). */
export function appDir(): string {
  const dir = inject('appDir');
  if (!dir) throw new Error('no app dir: the global setup did not build the app');
  return dir;
}

export interface Watched {
  page: Page;
  problems: string[];
}

export async function openBrowser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'sandtable-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 640, height: 400 },
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
  });
}

export async function watchedPage(ctx: BrowserContext, origin: string): Promise<Watched> {
  const page = await ctx.newPage();
  // Software WebGL on a shared 2-core box can take many seconds for a frame when the box is loaded;
  // Playwright's 30 s default for a click's "stable" wait then fails a test that is right.
  page.setDefaultTimeout(60_000);
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`request off the app origin: ${u}`);
  });
  return { page, problems };
}

/** Open the app (`base`: the normal build) at `search` (e.g. "?scenario=…") and wait until the table is drawn. */
export async function openTable(ctx: BrowserContext, search = '', base?: string): Promise<Watched> {
  const url = base ?? appUrl();
  const w = await watchedPage(ctx, new URL(url).origin);
  await w.page.goto(new URL(search, url).href);
  await w.page.waitForFunction(() => window.__sandtable?.ready === true || ['missing', 'invalid', 'failed'].includes(window.__sandtable?.status ?? ''), null, { timeout: 120_000 });
  return w;
}

/** Ask the table for a new frame and resolve once it is drawn (frameloop "demand"). */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const tools = window.__sandtable?.tools;
        if (!tools) return resolve();
        const seen = tools.frames;
        const start = performance.now();
        tools.redraw();
        const tick = () => {
          if (tools.frames > seen) resolve();
          else if (performance.now() - start > 30_000) reject(new Error('the table drew no frame in 30 s'));
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

/** Page pixel of a table point (x east, y up, z north), checked to be in view and not under a panel. */
export async function tablePixel(page: Page, x: number, y: number, z: number): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(([a, b, c]) => window.__sandtable!.tools!.toCanvas(a, b, c), [x, y, z] as const);
  if (!p) throw new Error('no canvas is linked to the tools');
  if (!p.inView || !p.onCanvas) throw new Error(`table point (${x}, ${y}, ${z}) is ${p.inView ? 'under a panel' : 'out of view'} at (${p.x.toFixed(0)}, ${p.y.toFixed(0)})`);
  return { x: p.x, y: p.y };
}

/** Click the canvas exactly on a table point. */
export async function clickTable(page: Page, x: number, y: number, z: number): Promise<void> {
  const p = await tablePixel(page, x, y, z);
  await page.mouse.click(p.x, p.y);
}

/** Save a screenshot under test-results/ (for a person to look at). */
export async function saveShot(page: Page, name: string): Promise<Buffer> {
  await nextFrame(page).catch(() => undefined);
  const shot = await page.screenshot();
  mkdirSync('test-results', { recursive: true });
  writeFileSync(join('test-results', name), shot);
  return shot;
}

/**
 * The camera's position once no flight runs and the controls' smoothing has died away: two reads 250 ms
 * apart that differ by under `eps` in every axis. A loaded machine draws few frames, so a fixed wait
 * may read a camera still easing in.
 */
export async function stillCamera(page: Page, eps = 0.002, timeout = 30_000): Promise<[number, number, number]> {
  const read = () => page.evaluate(() => {
    const c = window.__sandtable!.view!.camera()!;
    return { flying: c.flying, at: [...c.position] as [number, number, number] };
  });
  const end = Date.now() + timeout;
  let last = await read();
  for (;;) {
    await page.waitForTimeout(250);
    const now = await read();
    if (!now.flying && !last.flying && now.at.every((c, i) => Math.abs(c - last.at[i]!) < eps)) return now.at;
    if (Date.now() > end) throw new Error(`the camera did not come to rest in ${timeout} ms (${JSON.stringify(now)})`);
    last = now;
  }
}
