/**
 * `npm run classroom -- [--course dir] [--exercises dir] [--host h] [--port p] [--site dir] [--stuck-minutes n] [--keep dir]
 * [--max-learners n] [--learners-per-address n] [--calls-per-minute n] [--guesses-per-minute n] [--sockets-per-learner n]
 * [--sockets-per-address n]`: runs a class from the
 * teacher's laptop. Serves the built playground with the course (building it first when there is no build) and the
 * `.halo-exercise` files of the `--exercises` folder, the class server and the dashboard on `host:port` only (127.0.0.1
 * unless told: `--host 0.0.0.0` lets the room in); prints the join address, the class code, a QR code and the
 * dashboard's address with the teacher key. Ctrl-C ends the class, and its data with it unless `--keep` keeps it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, join, resolve } from 'node:path';
import QRCode from 'qrcode';
import { buildCourseSite } from '../course/tools/build-course-site.ts';
import { courseDirOf, REPO_ROOT } from '../course/tools/course-dir.ts';
import { PACKAGED, prebuiltAppDir, toolCacheDir } from '../course/tools/halo-home.ts';
import { DEFAULT_CLASS_LIMITS, type ClassLimits } from './class-guard.ts';
import { listenOn, openClass } from './class-server.ts';

/** The value after `--name` (or of `--name=value`). */
function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** Where the site of `courseDir` is built: dist/ for Halo's own lessons here, a cache folder per other course. */
function defaultSiteDir(courseDir: string): string {
  if (!PACKAGED && resolve(courseDir) === resolve(REPO_ROOT, 'lessons')) return resolve(REPO_ROOT, 'dist');
  const hash = createHash('sha256').update(resolve(courseDir)).digest('hex').slice(0, 8);
  return resolve(toolCacheDir(courseDir, 'halo-classroom'), `${basename(courseDir)}-${hash}`);
}

/**
 * Builds the site of `courseDir` into `siteDir`: from the `halo` package, its prebuilt playground with the course as
 * data (seconds); in this repository, `npm run build` (the playground's own build first, minutes).
 */
async function buildClassSite(courseDir: string, siteDir: string): Promise<void> {
  console.log(`No playground built at ${siteDir}: building it with the course ${courseDir}…`);
  if (PACKAGED) {
    await buildCourseSite({ courseDir, appDir: prebuiltAppDir(), outDir: siteDir }).catch((error: Error) => fail(error.message));
    return;
  }
  const built = spawnSync('npm', ['run', 'build', '--', '--course', courseDir, '--outDir', siteDir, '--emptyOutDir'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Stops with a one-line message (no stack): what the teacher can act on. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The whole number of `--name` (at least `min`), or `fallback` when not given. */
function count(args: readonly string[], name: string, fallback: number, min = 1): number {
  const given = option(args, name);
  const value = Number(given ?? fallback);
  if (!Number.isInteger(value) || value < min) fail(`--${name} must be a whole number of ${min} or more, not ${given}`);
  return value;
}

const args = process.argv.slice(2);
const courseDir = courseDirOf(args, process.env);
const host = option(args, 'host') ?? '127.0.0.1';
const port = Number(option(args, 'port') ?? 4180);
const exercisesOption = option(args, 'exercises');
const exercisesDir = exercisesOption === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), exercisesOption);
const stuckMinutes = Number(option(args, 'stuck-minutes') ?? 5);
const siteDir = resolve(process.env.INIT_CWD ?? process.cwd(), option(args, 'site') ?? defaultSiteDir(courseDir));
const keepOption = option(args, 'keep');
const keep = keepOption === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), keepOption);
const limits: Partial<ClassLimits> = {
  maxLearners: count(args, 'max-learners', DEFAULT_CLASS_LIMITS.maxLearners),
  learnersPerAddress: count(args, 'learners-per-address', DEFAULT_CLASS_LIMITS.learnersPerAddress),
  callsPerMinute: count(args, 'calls-per-minute', DEFAULT_CLASS_LIMITS.callsPerMinute),
  guessesPerMinute: count(args, 'guesses-per-minute', DEFAULT_CLASS_LIMITS.guessesPerMinute),
  socketsPerLearner: count(args, 'sockets-per-learner', DEFAULT_CLASS_LIMITS.socketsPerLearner),
  socketsPerAddress: count(args, 'sockets-per-address', DEFAULT_CLASS_LIMITS.socketsPerAddress),
};
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not ${option(args, 'port')}`);
if (!(stuckMinutes > 0)) fail(`--stuck-minutes must be a number of minutes above 0`);

// The port first: a taken one says so now, not after a build of minutes.
const probe = createServer();
await listenOn(probe, host, port).catch((error: Error) => fail(error.message));
await new Promise((done) => probe.close(done));

if (!existsSync(join(siteDir, 'index.html')) || !existsSync(join(siteDir, 'web/classroom/dashboard.html')))
  await buildClassSite(courseDir, siteDir);

// Learners' pages know the class by its address: the class that ran on this port before is the one they look for.
const previousClassFile = port === 0 ? undefined : resolve(toolCacheDir(courseDir, 'halo-classroom'), `class-on-port-${port}.json`);
const open = await openClass({ host, port, siteDir, courseDir, exercisesDir, stuckMinutes, keep, limits, previousClassFile }).catch(
  (error: Error) => fail(error.message),
);
const qr = await QRCode.toString(open.info.joinUrl, { type: 'terminal', small: true });
console.log(`
Halo classroom: ${open.info.title}

  Learners open   ${open.info.joinUrl}
  Class code      ${open.info.code}

${qr}
  Dashboard (teacher only: this address holds your key, keep it to yourself)
    ${open.dashboardUrl}
  Teacher key     ${open.teacherKey}

${
  keep === undefined
    ? 'Class data lives in memory only: export the CSV from the dashboard before you end the class with Ctrl-C.'
    : `${open.resumed ? 'The class is back from' : 'The class is kept in'} ${keep}: Ctrl-C and the same command bring it back.`
}`);

let ending = false;
process.on('SIGINT', () => {
  if (ending) return;
  ending = true;
  console.log(keep === undefined ? '\nClass ended; its data is gone.' : `\nClass paused; it is kept in ${keep}.`);
  void open.close().then(() => process.exit(0));
});
