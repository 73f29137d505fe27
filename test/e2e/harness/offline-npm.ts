import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './paths.ts';

/**
 * An npm cache that holds `dependencies` and everything they depend on, so that an install from it runs with
 * `--offline` (no network at all). Filled from the registry once per set of versions, in node_modules/.cache/halo/
 * (CI's clean clone fills it on its first run: the registry is the one network the machines have).
 */
export function offlineNpmCache(dependencies: Record<string, string>): string {
  const key = createHash('sha256').update(JSON.stringify(dependencies)).digest('hex').slice(0, 12);
  const cache = resolve(REPO_ROOT, 'node_modules/.cache/halo', `npm-cache-${key}`);
  const done = join(cache, '.filled');
  if (existsSync(done)) return cache;
  const scratch = mkdtempSync(join(tmpdir(), 'halo-npm-fill-'));
  try {
    const specs = Object.entries(dependencies).map(([name, range]) => `${name}@${range}`);
    const filled = spawnSync('npm', ['install', '--prefix', scratch, '--cache', cache, '--no-audit', '--no-fund', '--no-save', ...specs], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (filled.status !== 0) throw new Error(`filling the npm cache failed:\n${filled.stdout}\n${filled.stderr}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  mkdirSync(cache, { recursive: true });
  writeFileSync(done, `${JSON.stringify(dependencies)}\n`);
  return cache;
}

/** The environment an npm command gets to install from `cache` only: offline, no audit, no funding notes. */
export function offlineNpmEnv(cache: string): Record<string, string> {
  return {
    npm_config_cache: cache,
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}
