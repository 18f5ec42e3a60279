// Vitest global setup: build the app once into a temp dir and serve it with one `vite preview` for
// every browser test file (CI has 2 cores); the URL reaches the tests through provide/inject.
// Skipped (URL null) when Chromium is missing, or when the run's file filters leave out tests/e2e.
// The toy rulesets' browser tests (tests/e2e/toy-*.test.ts) get a second build, for tests only, with
// the toys registered (tests/toys/vite-toys.ts), served by its own `vite preview` (toyAppUrl).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type Plugin } from 'vite';
import type { TestProject } from 'vitest/node';
import { toyRulesets } from '../toys/vite-toys';
import { hasBrowser } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build served by `vite preview`, or null when browser tests are not run. */
    appUrl: string | null;
    /** Where that build lies (tests read what it ships), or null. */
    appDir: string | null;
    /** The test-only build with the toy rulesets registered, served likewise, or null when no toy browser test runs. */
    toyAppUrl: string | null;
  }
}

/** Whether this run includes a test file matching `file` (no file filters = everything runs). */
async function runsTests(project: TestProject, file: RegExp): Promise<boolean> {
  // Vitest keeps the CLI's file filters here (not a public field: when absent we build anyway).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (!filters?.length) return true;
  const specs = await project.vitest.globTestSpecifications(filters);
  return specs.some((s) => file.test(s.moduleId));
}

/** Build the app into a temp dir (with extra plugins) and serve it with `vite preview`. */
async function buildAndServe(plugins: Plugin[] = []): Promise<{ url: string; outDir: string; close(): Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'sandtable-dist-'));
  await build({ logLevel: 'error', plugins, build: { outDir, emptyOutDir: true } });
  const server = await preview({ logLevel: 'error', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview gave no local URL');
  return {
    url,
    outDir,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  project.provide('appUrl', null);
  project.provide('appDir', null);
  project.provide('toyAppUrl', null);
  if (!hasBrowser || !(await runsTests(project, /[\\/]tests[\\/]e2e[\\/]/))) return;
  const app = await buildAndServe();
  project.provide('appUrl', app.url);
  project.provide('appDir', app.outDir);
  let toys: Awaited<ReturnType<typeof buildAndServe>> | null = null;
  try {
    if (await runsTests(project, /[\\/]tests[\\/]e2e[\\/]toy-[^\\/]*$/)) toys = await buildAndServe([toyRulesets()]);
  } catch (err) {
    await app.close();
    throw err;
  }
  if (toys) project.provide('toyAppUrl', toys.url);
  return async () => {
    await toys?.close();
    await app.close();
  };
}
