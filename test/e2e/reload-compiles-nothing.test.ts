/**
 * A reload compiles nothing it compiled before (issue 35 item 1): the learner's own edit of lesson 1, compiled
 * once by esbuild, runs again after a reload from the kept bundle while esbuild's binary is unreachable from
 * everywhere (the network and the offline cache), and the lesson's checks, which run a copy of the program,
 * get their answers from it too.
 */
import { expect, test } from 'vitest';
import { serveSiteToChromium } from './harness/served-site.ts';
import { settledChecks } from './harness/course-page.ts';
import { FIRST } from './harness/wait.ts';
import { replaceCode, send, waitForProgram } from './share-page.ts';

const site = serveSiteToChromium();

/** Lesson 1 solved in words of the test's own, so no build of the site compiled it ahead. */
const EDITED = `import { App, AppHttp } from 'halo';

const app = new App();

app.get('/', (req, res) => {
  res.write('Hello, world!');
  console.log('kept bundle ran');
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
`;

/** esbuild's binary, as the compiler fetches it (`.wasm.gz`) or as a build without the sibling names it. */
const ESBUILD_WASM = /esbuild-[\w-]+\.wasm(\.gz)?$/;

test('a reload runs the edited program from the kept bundle, with esbuild unreachable; the checks are answered by it', async () => {
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${site.server.url}index.html?lesson=01-getting-started`);
    const starter = await waitForProgram(page, '', FIRST.timeout);
    await page.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
    await replaceCode(page, EDITED, "console.log('kept bundle ran');");
    // The edit is this context's first compile: esbuild starts for it (77 s once at load 35 on a CI machine).
    const edited = await waitForProgram(page, starter, 2 * FIRST.timeout);
    expect((await send(page)).body).toBe('Hello, world!');

    // From here on esbuild cannot start: its binary fails on the network and is gone from the offline cache.
    let wasmAsked = 0;
    await context.route(ESBUILD_WASM, (route) => {
      wasmAsked++;
      return route.abort();
    });
    const removed = await page.evaluate(async (pattern) => {
      let count = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (new RegExp(pattern).test(new URL(request.url).pathname) && (await cache.delete(request))) count++;
        }
      }
      return count;
    }, ESBUILD_WASM.source);

    await page.reload();
    // The same bundle as before the reload runs, so nothing was compiled again.
    expect(await waitForProgram(page, '', FIRST.timeout)).toBe(edited);
    expect(await settledChecks(page, 2, FIRST.timeout)).toEqual({ passed: 2, failed: 0 });
    expect((await send(page)).body).toBe('Hello, world!');
    await page
      .getByText('kept bundle ran')
      .first()
      .waitFor({ state: 'attached', ...FIRST });
    // esbuild was wanted after the answer (it starts once a program answered) and could not load: the answer
    // above did not come from it. `removed` says whether the offline copy existed at all on this run.
    await expect.poll(() => wasmAsked, FIRST).toBeGreaterThan(0);
    console.log(`esbuild copies removed from the offline cache: ${removed}; requests for its binary after the reload: ${wasmAsked}`);
  } finally {
    await context.close();
  }
}, 300_000);
