/**
 * The playground from a static host that compresses nothing (like `python3 -m http.server`): the large
 * files travel as their build-time `.gz` siblings and are inflated in the browser, so a first visit to
 * lesson 1 up to its first response stays under 6 MB on the wire, and the program still compiles after
 * an edit (esbuild.wasm inflated in the compiler worker).
 */
import { readdirSync, statSync } from 'node:fs';
import { expect, test } from 'vitest';
import { firstLesson } from './harness/first-lesson.ts';
import { distDir } from './harness/paths.ts';
import { serveSiteToChromium } from './harness/served-site.ts';
import { replaceCode, send, waitForProgram } from './share-page.ts';

/** The budget for a first lesson on an uncompressing host. */
const FIRST_LESSON_BYTES = 6 * 1024 * 1024;

const site = serveSiteToChromium();

test('a first visit to lesson 1 gets its first response in under 6 MB, then compiles an edit', async () => {
  const { bytes, page, bundle } = await firstLesson(site.browser, site.server);
  console.log(`uncompressing host: ${(bytes / 2 ** 20).toFixed(2)} MB sent up to lesson 1's first response`);
  expect(bytes).toBeLessThanOrEqual(FIRST_LESSON_BYTES);

  await replaceCode(
    page,
    "import { App, AppHttp } from 'halo';\nconst app = new App();\napp.get('/', (req, res) => { res.write('Compressed, still compiled'); });\nawait new AppHttp(app).startServer('localhost', 3000);\n",
  );
  await waitForProgram(page, bundle);
  expect((await send(page)).body).toContain('Compressed, still compiled');
  console.log(`… ${(site.server.bytesSent() / 2 ** 20).toFixed(2)} MB up to the edit's response`);

  // The large files the build compressed went over the wire as their `.gz` sibling only (the few the
  // document itself loads before its service worker exists are smaller).
  const large = readdirSync(`${distDir()}/assets`)
    .filter((name) => name.endsWith('.gz') && statSync(`${distDir()}/assets/${name.slice(0, -3)}`).size > 512 * 1024)
    .map((name) => `assets/${name.slice(0, -3)}`);
  expect(large).toContainEqual(expect.stringMatching(/esbuild-.*\.wasm$/));
  const requested = site.server.requests.map((path) => path.slice(new URL(site.server.url).pathname.length));
  expect(requested).toContainEqual(expect.stringMatching(/^assets\/esbuild-.*\.wasm\.gz$/));
  expect(requested.filter((path) => large.includes(path))).toEqual([]);
  // A first visit (every asset over the network), its checks, then a compile and a run of an edit.
}, 180_000);
