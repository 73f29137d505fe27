import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** A browser the e2e tests drive, as Debian packages it. */
export interface DebianBrowser {
  /** Its name in messages, e.g. `Chromium`. */
  name: string;
  /** The Debian package that provides it. */
  pkg: string;
  /** Where the package puts its binary. */
  path: string;
  /** The environment variable that names another binary. */
  envVar: string;
}

/** The browser's binary: `$envVar` when set, else the Debian package's path. */
export function browserPath(browser: DebianBrowser): string {
  return process.env[browser.envVar] || browser.path;
}

/**
 * Makes sure the browser is installed: when it is missing and we are root on a system with apt-get, installs
 * the Debian package; otherwise fails with a message that names the package. Returns the binary's path.
 */
export function ensureBrowser(browser: DebianBrowser): string {
  const { name, pkg, envVar } = browser;
  const path = browserPath(browser);
  if (existsSync(path)) return path;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) {
    throw new Error(
      `${name} is missing at ${path}. Install the Debian package "${pkg}" (apt-get install -y ${pkg}), or set ${envVar} to a ${name} binary.`,
    );
  }
  console.log(`[e2e] ${name} is missing: installing the Debian package "${pkg}"…`);
  const apt = (...args: string[]): number | null =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      timeout: INSTALL_TIMEOUT_MS,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  const install = (): boolean => apt('install', '-y', '--no-install-recommends', pkg) === 0;
  // A stale package list is the usual reason an install fails: refresh it once and try again.
  let installed = install();
  if (!installed) {
    apt('update');
    installed = install();
  }
  // The package may install fine and still not put a binary at $envVar's path.
  if (!installed || !existsSync(path)) {
    throw new Error(
      `Could not install the Debian package "${pkg}" with a binary at ${path}; install it (apt-get install -y ${pkg}) and run the tests again.`,
    );
  }
  return path;
}
