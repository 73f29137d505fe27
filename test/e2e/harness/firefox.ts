import puppeteer, { type Browser } from 'puppeteer-core';
import { browserPath, ensureBrowser, type DebianBrowser } from './debian-package.ts';

/** Debian's Firefox ESR, which the Firefox smoke drives over WebDriver BiDi. */
const FIREFOX: DebianBrowser = { name: 'Firefox', pkg: 'firefox-esr', path: '/usr/bin/firefox-esr', envVar: 'HALO_FIREFOX' };

/** Makes sure Firefox ESR is installed (from Debian's package when missing and root), like Chromium. */
export function ensureFirefox(): string {
  return ensureBrowser(FIREFOX);
}

/**
 * Launches Debian's Firefox ESR headless with a fresh profile and a 1440×1000 window (a viewport of about 1440×900, the
 * desktop layout), driven over WebDriver BiDi (no browser download). The window is sized at launch: puppeteer's
 * `setViewport` also sends `emulation.setScreenOrientationOverride`, which Firefox 140 ESR does not know, so every page
 * keeps the window's size.
 */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: browserPath(FIREFOX),
    headless: true,
    defaultViewport: null,
    args: ['--width=1440', '--height=1000'],
    timeout: 60_000,
  });
}
