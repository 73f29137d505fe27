import puppeteer, { type Browser } from 'puppeteer-core';
import { browserPath, ensureBrowser, type DebianBrowser } from './debian-package.ts';

/** Debian's Firefox ESR, which the Firefox smoke drives over WebDriver BiDi. */
const FIREFOX: DebianBrowser = { name: 'Firefox', pkg: 'firefox-esr', path: '/usr/bin/firefox-esr', envVar: 'HALO_FIREFOX' };

/** Makes sure Firefox ESR is installed (from Debian's package when missing and root), like Chromium. */
export function ensureFirefox(): string {
  return ensureBrowser(FIREFOX);
}

/** Launches Debian's Firefox ESR headless with a fresh profile, driven over WebDriver BiDi (no browser download). */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: browserPath(FIREFOX),
    headless: true,
    timeout: 60_000,
  });
}
