import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { chromiumPath } from './chromium.ts';

/** The flags the playground's tests and benchmark run Chromium with (Playwright adds a fresh user-data-dir). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Debian's Chromium headless with a fresh profile: a process of the caller's own (benchmarks, scripts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS, timeout: 60_000 });
}

/** The e2e run's one Chromium process: the e2e files run one after another in one worker (vite.config.ts, isolate: false). */
let shared: Promise<Browser> | undefined;
/** Every context opened through a {@link testChromium} handle and not closed yet. */
const openContexts = new Set<BrowserContext>();

async function sharedBrowser(): Promise<Browser> {
  const browser = await (shared ??= launchChromium());
  if (browser.isConnected()) return browser;
  // A test that crashed the browser costs only its own file: the next one gets a new process.
  shared = launchChromium();
  return shared;
}

/**
 * Chromium for an e2e test: a handle on the run's shared process, which each test file used to launch for itself (~1 s
 * each, 90-odd times a run). Every context is still fresh (its own storage, cache and service workers, as a new profile
 * gives); `close()` closes the contexts and pages opened through the handle, never the process.
 */
export async function testChromium(): Promise<Browser> {
  const browser = await sharedBrowser();
  const opened = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions): Promise<BrowserContext> => {
    const context = await browser.newContext(options);
    opened.add(context);
    openContexts.add(context);
    context.on('close', () => {
      opened.delete(context);
      openContexts.delete(context);
    });
    return context;
  };
  // Like Browser.newPage: a page in a context of its own, closed with it.
  const newPage = async (options?: BrowserContextOptions): Promise<Page> => {
    const context = await newContext(options);
    const page = await context.newPage();
    page.on('close', () => void context.close().catch(() => {}));
    return page;
  };
  const close = async (): Promise<void> => {
    await Promise.all([...opened].map((context) => context.close().catch(() => {})));
  };
  const own: Partial<Browser> = { newContext, newPage, close, contexts: () => [...opened] };
  return new Proxy(browser, {
    get(target, key) {
      if (Object.hasOwn(own, key)) return own[key as keyof Browser];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Closes every context a test file left open, so nothing of it (pages, service workers, timers) runs into the next file. */
export async function closeLeftContexts(): Promise<void> {
  await Promise.all([...openContexts].map((context) => context.close().catch(() => {})));
}
