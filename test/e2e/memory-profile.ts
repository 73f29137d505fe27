/**
 * Where the learner bench's PSS goes (learner-phases.ts `memory`): the browser's PSS over an empty page after five
 * lessons, read every few seconds until it is steady, then one detailed memory dump of every process
 * (`Tracing.requestMemoryDump`, Chromium's memory-infra) printed by allocator: V8 per isolate (the page's main thread
 * and its workers), Blink's partitions (array buffers, strings and buffers), malloc, the compositor's tiles.
 * `HALO_DIST_DIR=… npx tsx test/e2e/memory-profile.ts` on a built site (about two minutes). Not a test: a profile,
 * for explaining the bench's figures.
 */
import type { CDPSession } from 'playwright-core';
import { launchChromium } from './harness/browser.ts';
import { ensureChromium } from './harness/chromium.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic } from './harness/static-server.ts';
import { openFiveLessons } from './learner-phases.ts';
import { browserPid, processMemory, treePss } from './process-memory.ts';

/** Allocators shallower than this many path segments are printed (`v8/workers/malloc` has 3). */
const DEPTH = 3;
/** Allocators below this many MB are left out. */
const SMALLEST_MB = 2;
const READINGS = 10;
const EVERY_MS = 3000;

/** One process's memory dump: its allocators' sizes, MB, by path. */
interface Dump {
  pid: number;
  allocators: Map<string, number>;
}

/** A detailed memory dump of every process of the browser, by CDP's tracing. */
async function memoryDump(cdp: CDPSession): Promise<Dump[]> {
  const events: {
    ph: string;
    pid: number;
    args?: { dumps?: { allocators?: Record<string, { attrs?: { size?: { value: string } } }> } };
  }[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as typeof events)));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['disabled-by-default-memory-infra'],
      excludedCategories: ['*'],
      memoryDumpConfig: { triggers: [] },
    },
    transferMode: 'ReportEvents',
  } as never);
  await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' } as never);
  await cdp.send('Tracing.end');
  await complete;
  return events
    .filter((event) => event.ph === 'v' && event.args?.dumps?.allocators)
    .map((event) => ({
      pid: event.pid,
      allocators: new Map(
        Object.entries(event.args!.dumps!.allocators!).map(([path, dump]) => [
          path,
          parseInt(dump.attrs?.size?.value ?? '0', 16) / 2 ** 20,
        ]),
      ),
    }));
}

ensureChromium();
const server = await serveStatic(distDir());
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto('about:blank');
  const pid = browserPid();
  const empty = treePss(pid);
  await openFiveLessons(page, server);
  const readings: string[] = [];
  for (let i = 0; i < READINGS; i++) {
    if (i) await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    readings.push(`${((i * EVERY_MS) / 1000).toFixed(0)} s: ${(treePss(pid) - empty).toFixed(0)} MB`);
  }
  console.log(
    `\n## PSS over the empty page (${empty.toFixed(0)} MB) after five lessons, from the fifth answer on\n\n${readings.join(', ')}\n`,
  );
  const processes = processMemory(pid);
  const dumps = await memoryDump(await browser.newBrowserCDPSession());
  for (const process of processes.filter((p) => p.pssMb >= 15)) {
    const dump = dumps.find((d) => d.pid === process.pid);
    console.log(`\n### ${process.kind} (pid ${process.pid}): PSS ${process.pssMb.toFixed(0)} MB\n`);
    if (!dump) continue;
    console.log('| allocator | MB |\n|---|--:|');
    for (const [path, mb] of [...dump.allocators].sort((a, b) => b[1] - a[1]))
      if (path.split('/').length <= DEPTH && mb >= SMALLEST_MB && !/^(shared_memory|global)\//.test(path))
        console.log(`| ${path} | ${mb.toFixed(1)} |`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
