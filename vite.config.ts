import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serviceWorkerPlugin } from './runtime/service-worker/vite-plugin.ts';
import { haloTarballPlugin } from './runtime/node/pack/vite-plugin.ts';

export default defineConfig({
  // Relative base: the build works from any static host under any sub-path.
  base: './',
  plugins: [react(), tailwindcss(), serviceWorkerPlugin(), haloTarballPlugin()],
  // One file per worker: the server worker runs from a blob: URL in the sandbox frame (an opaque
  // origin), where it could not import chunks from the site.
  worker: { format: 'es', rolldownOptions: { output: { codeSplitting: false } } },
  build: {
    outDir: 'dist',
    // runtime/engine/site-root.ts finds the site root as the parent of this folder.
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      input: { index: 'index.html', harness: 'web/harness.html' },
    },
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // test/.artifacts holds what test runs write (builds, scratch copies), never tests to run.
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'test/.artifacts/**', '**/node_modules/**'] },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Builds the site and makes sure Chromium is there, only when e2e tests are selected.
          globalSetup: ['test/e2e/harness/global-setup.ts'],
          // One Chromium at a time: the machine has two cores and timing-sensitive tests (the kill switch).
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
