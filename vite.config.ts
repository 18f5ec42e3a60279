/// <reference types="vitest/config" />
// Vite builds the browser app; the `test` block configures Vitest for every headless test.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const VIEW_LAYER = fileURLToPath(new URL('./src/view/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  server: { port: 5173 },
  // The lazy battlefield chunk carries Rapier's WASM inlined (~4.4 MB raw, ~1.7 MB gzip).
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 5000,
    // The view layer's modules run nothing at load that an unused one's importer needs (scratch
    // vectors, registries), so a module none of whose exports is used is dropped whole: the page's
    // first script then holds no canvas code (React Three Fiber, most of three.js), which comes with
    // the table view's own chunk (`npm run bench:bundle` checks the initial JS budget).
    rollupOptions: { treeshake: { moduleSideEffects: (id: string) => (id.startsWith(VIEW_LAYER) ? false : undefined) } },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    // One production build and one `vite preview` for all browser test files (URL via inject).
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    // Browser tests wait up to 60 s per step when the box is loaded (tests/e2e/browser.ts).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
