// Shared browser-test plumbing: Debian's Chromium via playwright-core, software WebGL (SwiftShader),
// a production build served by `vite preview`, and a page that records every console error and
// every request that leaves the app's origin.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';

export const CHROMIUM = '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);
export const browserRequired = process.env.SANDTABLE_REQUIRE_BROWSER === '1' || process.env.CI === 'true';

if (!hasBrowser) {
  const msg = `\n!!! Browser tests: ${CHROMIUM} not found. ${browserRequired ? 'It is REQUIRED here (CI): failing.' : 'SKIPPING them; install it with `apt-get install -y chromium` (or run .ci/run).'}\n`;
  console.warn(msg);
}

export async function startApp(): Promise<{ server: PreviewServer; url: string }> {
  const outDir = mkdtempSync(join(tmpdir(), 'sandtable-dist-'));
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({ logLevel: 'error', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview gave no local URL');
  return { server, url };
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
