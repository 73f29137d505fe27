import { browserPath, ensureBrowser, type DebianBrowser } from './debian-package.ts';

/** Debian's Chromium, which most e2e tests drive. */
const CHROMIUM: DebianBrowser = { name: 'Chromium', pkg: 'chromium', path: '/usr/bin/chromium', envVar: 'HALO_CHROMIUM' };

/** The Chromium binary: `$HALO_CHROMIUM` when set, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return browserPath(CHROMIUM);
}

/**
 * Makes sure Chromium is installed: when it is missing and we are root on a system with apt-get, installs
 * the Debian package; otherwise fails with a message that names the package.
 */
export function ensureChromium(): string {
  return ensureBrowser(CHROMIUM);
}
