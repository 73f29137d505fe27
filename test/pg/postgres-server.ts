/**
 * Starts and stops a throwaway PostgreSQL server from Debian's packages for the node-postgres tests:
 * a temporary data dir, 127.0.0.1 and a free port only, trust auth for user `halo`, stopped (and the
 * dir removed) at the end. When the server binaries are missing it installs the `postgresql` package
 * with apt if running as root, else fails naming the package. initdb refuses to run as root, so as
 * root the server runs as the `postgres` user (created by the package; created here when missing).
 *
 * Run by hand: `npx tsx test/pg/postgres-server.ts` starts one and stops it on Enter.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../runtime/course/tools/serve-program.ts';

/** A running throwaway server. */
export interface PostgresServer {
  /** `postgres://halo@127.0.0.1:<port>/postgres`. */
  url: string;
  /** Restarts the server (`pg_ctl restart`, fast mode: every connection is cut); resolves once it accepts connections again. */
  restart(): Promise<void>;
  /** Stops the server and removes its data dir. */
  stop(): Promise<void>;
}

const PACKAGE = 'postgresql';
const isRoot = process.getuid?.() === 0;

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl, or null. */
function findBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

function binaries(): string {
  const found = findBinaries();
  if (found) return found;
  if (!isRoot)
    throw new Error(
      `PostgreSQL server binaries not found in /usr/lib/postgresql: install the Debian package "${PACKAGE}" (apt-get install -y ${PACKAGE}).`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env, timeout: 300_000 });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', PACKAGE], { stdio: 'inherit', env, timeout: 600_000 });
  const installed = findBinaries();
  if (!installed) throw new Error(`apt-get installed "${PACKAGE}" but no server binaries appeared in /usr/lib/postgresql.`);
  return installed;
}

/** The unprivileged user the server runs as when we are root. */
function serverUser(): { name: string; uid: number; gid: number } | null {
  if (!isRoot) return null;
  const lookup = (): string => spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  if (!lookup()) execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  const uid = Number(lookup());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { name: 'postgres', uid, gid };
}

/** Runs a server binary (as the server user when root); throws with its output when it fails. */
function run(bin: string, args: string[], user: string | null, timeoutMs: number): void {
  const [command, argv] = user ? ['runuser', ['-u', user, '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: timeoutMs, cwd: tmpdir() });
  if (result.status !== 0)
    throw new Error(`${[command, ...argv].join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

/** Starts a fresh server; resolves once it accepts connections. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binaries();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'halo-pg-'));
  const data = join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  const port = await freePort();
  let stopped = false;
  let options = '';
  const stopNow = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], user?.name ?? null, 40_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Whatever happens to the test run, the server does not outlive it.
  process.once('exit', () => {
    if (!stopped) stopNow();
  });
  try {
    run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'halo', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
      user?.name ?? null,
      120_000,
    );
    // Speed over durability: a test server's data is thrown away anyway. Sockets only on 127.0.0.1 and in the temp dir.
    options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50`;
    run(
      join(bin, 'pg_ctl'),
      ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'],
      user?.name ?? null,
      90_000,
    );
  } catch (error) {
    stopped = true;
    spawnSync(
      user ? 'runuser' : join(bin, 'pg_ctl'),
      user ? ['-u', user.name, '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop'],
    );
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const restart = async (): Promise<void> =>
    run(
      join(bin, 'pg_ctl'),
      ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-m', 'fast', '-w', '-t', '60', 'restart'],
      user?.name ?? null,
      90_000,
    );
  return { url: `postgres://halo@127.0.0.1:${port}/postgres`, restart, stop: async () => stopNow() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startPostgres();
  console.log(`PostgreSQL at ${server.url} — press Enter to stop.`);
  process.stdin.once('data', () => void server.stop().then(() => process.exit(0)));
}
