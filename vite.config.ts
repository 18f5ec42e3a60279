/// <reference types="vitest/config" />
// Vite builds the browser app; the `test` block configures Vitest for every headless test.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173 },
  // The lazy battlefield chunk carries Rapier's WASM inlined (~4.4 MB raw, ~1.7 MB gzip).
  build: { target: 'es2022', chunkSizeWarningLimit: 5000 },
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
