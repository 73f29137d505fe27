import type { Browser } from 'playwright-core';
import type { StaticServer } from './static-server.ts';
import { send, waitForProgram } from '../share-page.ts';

/** What a first visit to lesson 1 cost: bytes the host sent for every request made before the first response. */
export interface FirstLesson {
  bytes: number;
  /** Milliseconds from navigation start to the first response, by the page's clock. */
  ms: number;
  /** The page, still open (the caller closes its context). */
  page: Awaited<ReturnType<Browser['newPage']>>;
  /** The bundle id of the program that answered. */
  bundle: string;
}

/**
 * Opens lesson 1 in a fresh context (empty HTTP cache, no service worker: a first visit), waits for its
 * checks (the first requests to the program) and a Send, and counts the bytes of every request the host
 * saw before the page's first response (those still under way then are counted whole). The time of that
 * response is the page's own Resource Timing entry, on the same clock as the host's.
 */
export async function firstLesson(browser: Browser, server: StaticServer): Promise<FirstLesson> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  const start = server.transfers.length;
  await page.goto(`${server.url}index.html?lesson=01-getting-started`);
  const bundle = await waitForProgram(page);
  // The lesson's checks send the first requests (restarting the program); the learner's Send comes after.
  await page.getByText(/of 2 checks passed/).waitFor({ timeout: 45_000 });
  const { status } = await send(page);
  if (!status.startsWith('200')) throw new Error(`lesson 1 answered ${status}`);
  const answeredAt = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.startsWith('http://localhost:3000/')) as
      PerformanceResourceTiming | undefined;
    return entry ? performance.timeOrigin + entry.responseEnd : null;
  });
  if (answeredAt === null) throw new Error('no response from the program in Resource Timing');
  const ms = answeredAt - (await page.evaluate(() => performance.timeOrigin));
  const before = server.transfers.slice(start).filter((t) => t.at <= answeredAt);
  // Requests under way at the first response are counted once they finish.
  for (let waited = 0; before.some((t) => !t.finished); waited += 100) {
    if (waited > 120_000) throw new Error('requests made before the first response never finished');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const bytes = before.reduce((sum, t) => sum + t.bytes, 0);
  return { bytes, ms, page, bundle };
}
