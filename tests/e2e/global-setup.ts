// Vitest global setup: build the app once into a temp dir and serve it with one `vite preview` for
// every browser test file (CI has 2 cores); the URL reaches the tests through provide/inject.
// Skipped (URL null) when Chromium is missing, or when the run's file filters leave out tests/e2e.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { hasBrowser } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build served by `vite preview`, or null when browser tests are not run. */
    appUrl: string | null;
  }
}

/** Whether this run includes a browser test file (no file filters = everything runs). */
async function runsBrowserTests(project: TestProject): Promise<boolean> {
  // Vitest keeps the CLI's file filters here (not a public field: when absent we build anyway).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (!filters?.length) return true;
  const specs = await project.vitest.globTestSpecifications(filters);
  return specs.some((s) => /[\\/]tests[\\/]e2e[\\/]/.test(s.moduleId));
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (!hasBrowser || !(await runsBrowserTests(project))) {
    project.provide('appUrl', null);
    return;
  }
  const outDir = mkdtempSync(join(tmpdir(), 'sandtable-dist-'));
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({ logLevel: 'error', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview gave no local URL');
  project.provide('appUrl', url);
  return async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}
