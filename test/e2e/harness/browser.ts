import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
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

/** Launches Debian's Chromium headless with a fresh profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS, timeout: 60_000 });
}
