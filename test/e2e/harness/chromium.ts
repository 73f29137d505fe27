import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's package that provides the Chromium the tests drive. */
export const CHROMIUM_PACKAGE = 'chromium';
const DEFAULT_PATH = '/usr/bin/chromium';
const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** The Chromium binary: `$HALO_CHROMIUM` when set, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.HALO_CHROMIUM || DEFAULT_PATH;
}

/**
 * Makes sure Chromium is installed: when it is missing and we are root on a system with apt-get, installs
 * the Debian package; otherwise fails with a message that names the package.
 */
export function ensureChromium(): string {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) {
    throw new Error(`Chromium is missing at ${path}. Install the Debian package "${CHROMIUM_PACKAGE}" (apt-get install -y ${CHROMIUM_PACKAGE}), or set HALO_CHROMIUM to a Chromium binary.`);
  }
  console.log(`[e2e] Chromium is missing: installing the Debian package "${CHROMIUM_PACKAGE}"…`);
  const apt = (...args: string[]): number | null =>
    spawnSync('apt-get', args, { stdio: 'inherit', timeout: INSTALL_TIMEOUT_MS, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  if (apt('install', '-y', '--no-install-recommends', CHROMIUM_PACKAGE) !== 0) {
    apt('update');
    if (apt('install', '-y', '--no-install-recommends', CHROMIUM_PACKAGE) !== 0 || !existsSync(path)) {
      throw new Error(`Could not install the Debian package "${CHROMIUM_PACKAGE}"; install it (apt-get install -y ${CHROMIUM_PACKAGE}) and run the tests again.`);
    }
  }
  return path;
}
