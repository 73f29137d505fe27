/**
 * Where the learner bench's PSS goes (learner-phases.ts `memory`): the browser's PSS over an empty page after five
 * lessons, read every few seconds until it is steady, then one detailed memory dump of every process
 * (`Tracing.requestMemoryDump`, Chromium's memory-infra) printed by allocator: V8 per isolate (the page's main thread
 * and its workers), Blink's partitions (array buffers, strings and buffers), malloc, the compositor's tiles.
 * `HALO_DIST_DIR=… npx tsx test/e2e/memory-profile.ts` on a built site (about two minutes). Not a test: a profile,
 * for explaining the bench's figures.
 *
 * With `HALO_PROFILE=lesson19`, lesson 19's instead (issue 51; lesson19-phases.ts's run without the switches): the
 * same dump, each process's own memory (Pss_Anon + Pss_Shmem) and what each part CDP reaches holds (its JS heap, its
 * array buffers and wasm memory), at the cold lesson 1, on lesson 19 with the solution answered and its checks round
 * done, and 5 s after leaving it.
 */
import type { CDPSession } from 'playwright-core';
import { launchChromium } from './harness/browser.ts';
import { ensureChromium } from './harness/chromium.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic } from './harness/static-server.ts';
import { openFiveLessons } from './learner-phases.ts';
import { memoryRun } from './lesson19-phases.ts';
import { partMemory } from './part-memory.ts';
import { browserPid, processMemory, treeMemory, treePss, withRendererRoles } from './process-memory.ts';
import type { PageTargets } from './cdp-targets.ts';

/** Allocators shallower than this many path segments are printed (`v8/workers/malloc` has 3; HALO_PROFILE_DEPTH for more). */
const DEPTH = Number(process.env.HALO_PROFILE_DEPTH ?? 3);
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

/** Prints `dumps` of `processes` over 15 MB of PSS, allocator by allocator. */
function printDumps(dumps: Dump[], processes: ReturnType<typeof processMemory>): void {
  for (const process of processes.filter((p) => p.pssMb >= 15)) {
    const dump = dumps.find((d) => d.pid === process.pid);
    console.log(`\n### ${process.kind} (pid ${process.pid}): PSS ${process.pssMb.toFixed(0)} MB, own ${process.ownMb.toFixed(0)} MB\n`);
    if (!dump) continue;
    console.log('| allocator | MB |\n|---|--:|');
    for (const [path, mb] of [...dump.allocators].sort((a, b) => b[1] - a[1]))
      if (path.split('/').length <= DEPTH && mb >= SMALLEST_MB && !/^(shared_memory|global)\//.test(path))
        console.log(`| ${path} | ${mb.toFixed(1)} |`);
  }
}

/** Five lessons, then PSS read until steady and the dump (the learner bench's memory). */
async function fiveLessons(): Promise<void> {
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
  printDumps(await memoryDump(await browser.newBrowserCDPSession()), processMemory(pid));
  await context.close();
}

/** What each part CDP reaches behind `targets` holds, and the dump of every process, under `title`. */
async function lesson19State(title: string, targets: PageTargets, pid: number): Promise<void> {
  const { whole, own } = treeMemory(pid);
  console.log(`\n## ${title}: whole ${whole.toFixed(0)} MB, own ${own.toFixed(0)} MB\n`);
  console.log(`Stored database files: ${await storedPgMb()}\n`);
  const parts = await partMemory(targets);
  console.log('| part | renderer | JS heap MB | buffers + wasm MB |\n|---|---|--:|--:|');
  for (const part of parts) console.log(`| ${part.part} | ${part.renderer} | ${part.heapMb.toFixed(1)} | ${part.buffersMb.toFixed(1)} |`);
  const workersOf = (renderer: string) => parts.filter((part) => part.renderer === renderer && part.worker).length;
  const processes = withRendererRoles(processMemory(pid), workersOf("page's"), workersOf("sandbox frame's"));
  printDumps(await memoryDump(await browser.newBrowserCDPSession()), processes);
}

/** MB of database files the playground's page keeps in IndexedDB (pg-store.ts's `halo-pg`), and how many rows. */
async function storedPgMb(): Promise<string> {
  const page = browser.contexts()[0]?.pages()[0];
  if (!page) return 'no page';
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('halo-pg');
        // Not made here: pg-store.ts makes it, with its store, at the program's first database.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve('none');
        open.onsuccess = () => {
          const all = open.result.transaction('files').objectStore('files').getAll();
          all.onsuccess = () => {
            const rows = all.result as { data?: ArrayBuffer }[];
            const bytes = rows.reduce((sum, row) => sum + (row.data?.byteLength ?? 0), 0);
            resolve(`${(bytes / 2 ** 20).toFixed(2)} MB in ${rows.length} rows`);
          };
        };
      }),
  );
}

const TITLES = {
  cold: 'cold, lesson 1 answered',
  lesson19: 'lesson 19: solution answered, checks round done',
  left: '5 s after leaving lesson 19',
} as const;

ensureChromium();
const server = await serveStatic(distDir());
const browser = await launchChromium();
try {
  if (process.env.HALO_PROFILE === 'lesson19') {
    const run = await memoryRun(browser, server, (state, targets, pid) => lesson19State(TITLES[state], targets, pid), 0);
    console.log(`\nUse solution -> first answer: ${run.useSolution} ms; warm reload -> first answer: ${run.warmReload} ms`);
  } else {
    await fiveLessons();
  }
} finally {
  await browser.close();
  await server.close();
}
