import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const INSTALL_TIMEOUT_MS = 15 * 60_000;
/** How long apt-get waits for another apt's lock (another test run installing) before it gives up. */
const LOCK_TIMEOUT_S = 10 * 60;

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
 * Makes sure `path` exists: when it is missing and we are root on a system with apt-get, installs the Debian
 * package `pkg` that provides it. Returns why it is still missing (a message naming the package), or null.
 */
export function installDebianPackage(pkg: string, path: string): string | null {
  if (existsSync(path)) return null;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) return `${path} is missing: install the Debian package "${pkg}" (apt-get install -y ${pkg})`;
  console.log(`[e2e] ${path} is missing: installing the Debian package "${pkg}"…`);
  const apt = (...args: string[]): number | null =>
    spawnSync('apt-get', ['-o', `DPkg::Lock::Timeout=${LOCK_TIMEOUT_S}`, ...args], {
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
  // The package may install fine and still not put a binary at that path.
  if (!installed || !existsSync(path)) {
    return `could not install the Debian package "${pkg}" with ${path} in it; install it (apt-get install -y ${pkg}) and run the tests again`;
  }
  return null;
}

/**
 * Makes sure the browser is installed: when it is missing and we are root on a system with apt-get, installs
 * the Debian package; otherwise fails with a message that names the package. Returns the binary's path.
 */
export function ensureBrowser(browser: DebianBrowser): string {
  const { name, envVar } = browser;
  const path = browserPath(browser);
  const missing = installDebianPackage(browser.pkg, path);
  if (missing) throw new Error(`${name}: ${missing}, or set ${envVar} to a ${name} binary.`);
  return path;
}
