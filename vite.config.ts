import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bootScriptPlugin } from './runtime/build/boot-script-plugin.ts';
import { embedScriptPlugin } from './runtime/build/embed-script-plugin.ts';
import { apiReferencePlugin } from './runtime/build/api-reference-plugin.ts';
import { haloTarballPlugin } from './runtime/build/halo-tarball-plugin.ts';
import { leaveOutOptionalModules } from './runtime/build/handed-in-plugin.ts';
import { monacoLanguagesPlugin } from './runtime/build/monaco-languages-plugin.ts';
import { mswCookieStorePlugin } from './runtime/build/msw-cookie-store-plugin.ts';
import { pgliteSeedPlugin } from './runtime/build/pglite-seed-plugin.ts';
import { prebuiltProgramsPlugin } from './runtime/build/prebuilt-programs-plugin.ts';
import { sandboxedWorkersDevPlugin } from './runtime/build/sandboxed-workers-dev-plugin.ts';
import { serviceWorkerPlugin } from './runtime/build/service-worker-plugin.ts';

// The prebuilt playground, with no course in it: a course build (runtime/course/tools/build-course-site.ts, run by
// `npm run build`) writes a course's data beside a copy of it.
export default defineConfig(({ mode }) => ({
  // Relative base: the build works from any static host under any sub-path.
  base: './',
  plugins: [
    react(),
    tailwindcss(),
    apiReferencePlugin(),
    mswCookieStorePlugin(),
    monacoLanguagesPlugin(),
    prebuiltProgramsPlugin(),
    embedScriptPlugin(),
    bootScriptPlugin(),
    serviceWorkerPlugin(),
    haloTarballPlugin(),
    pgliteSeedPlugin(),
    sandboxedWorkersDevPlugin(),
  ],
  // One file per worker: the server worker runs from a blob: URL in the sandbox frame (an opaque
  // origin), where it could not import chunks from the site.
  // The compiler worker reads `virtual:halo-exports` from the prebuilt plugin.
  worker: {
    format: 'es',
    plugins: () => [prebuiltProgramsPlugin(), leaveOutOptionalModules()],
    rolldownOptions: { output: { codeSplitting: false } },
  },
  build: {
    outDir: 'dist',
    // runtime/engine/site-root.ts finds the site root as the parent of this folder.
    assetsDir: 'assets',
    target: 'es2022',
    // Every browser the playground supports (Chromium, Firefox ESR 115+, Safari 17+) preloads modules itself: the
    // polyfill was 427 B gzip of the first load and a request.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The engine's test page is built only for the end-to-end tests (`vite build --mode e2e`), never shipped.
      // The class dashboard (web/classroom) is a page of its own: the class server serves it to the teacher.
      input: {
        index: 'index.html',
        dashboard: 'web/classroom/dashboard.html',
        // The frame a page's <halo-snippet> elements open (embed.js, from embedScriptPlugin, opens it).
        embed: 'web/embed/frame.html',
        ...(mode === 'e2e' ? { harness: 'web/harness.html' } : {}),
      } as Record<string, string>,
    },
  },
  test: {
    // Every run writes its per-file timings (test/support/test-timings.ts prints the slowest and checks the budget).
    reporters: ['default', './test/support/timings-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // test/.artifacts holds what test runs write (builds, scratch copies), never tests to run.
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/.artifacts/**', '**/node_modules/**'],
          // Before the browsers, not beside them: Node servers, PostgreSQL clusters and Chromium sharing two cores
          // turned waits of both into timeouts on CI.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          // Builds the site and makes sure Chromium is there, only when e2e tests are selected.
          globalSetup: ['test/e2e/harness/global-setup.ts'],
          // One Chromium at a time: the machine has two cores and timing-sensitive tests (the kill switch).
          fileParallelism: false,
          // The files share one worker and so one Chromium process (harness/browser.ts, testChromium): a launch per
          // file cost ~1 s, 90-odd times. Each file still gets fresh contexts, and what it leaves open is closed after it.
          isolate: false,
          setupFiles: ['test/e2e/harness/file-setup.ts'],
          // A state of the page may take many seconds on a loaded CI machine: a poll gives up after 30 s, not 1 s.
          expect: { poll: { timeout: 30_000 } },
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
}));
