/**
 * A Send never waits for the compiler (issue 23): the page's first program is compiled at build time and
 * runs while esbuild (a 14 MB wasm) is still loading, and the request panel's Send is answered by that
 * program. The host holds esbuild's wasm back until the answer is shown, so a Send that waited for the
 * compiler would never be answered.
 */
import { expect, test } from 'vitest';
import { serveSiteToChromium } from './harness/served-site.ts';
import { FIRST } from './harness/wait.ts';
import { send, waitForProgram } from './share-page.ts';

const ESBUILD_WASM = /\/esbuild-[^/]*\.wasm(\.gz)?$/;

const site = serveSiteToChromium();

test('a Send made while the compiler is still loading is answered by the running program', async () => {
  const esbuild = site.server.hold(ESBUILD_WASM);
  try {
    const page = await (await site.browser.newContext()).newPage();
    await page.goto(`${site.server.url}index.html?lesson=01-getting-started`);
    await waitForProgram(page, '', FIRST.timeout);
    // The compiler has started and asked for its wasm, which the host holds back.
    await expect.poll(() => site.server.requests.some((path) => ESBUILD_WASM.test(path)), FIRST).toBe(true);
    const { status } = await send(page);
    // 200 comes from lesson 1's program; with no program listening the playground would answer 503.
    expect(status).toMatch(/^200/);
    expect(site.server.transfers.filter((t) => ESBUILD_WASM.test(t.path)).every((t) => !t.finished)).toBe(true);
  } finally {
    esbuild.release();
  }
}, 180_000);
