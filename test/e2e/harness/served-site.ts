import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { testChromium } from './browser.ts';
import { distDir } from './paths.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/** The built site on a plain static server, and the Chromium that visits it. */
export interface ServedSite {
  server: StaticServer;
  browser: Browser;
}

/** Serves the built site and starts Chromium before this test file's tests, closing both after them; the fields are set from then on. */
export function serveSiteToChromium(): ServedSite {
  const site = {} as ServedSite;
  beforeAll(async () => {
    site.server = await serveStatic(distDir());
    site.browser = await testChromium();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
