/**
 * `npm run author -- ../my-course [--port 5173]`: serves the playground with the course in that folder on 127.0.0.1
 * (startAuthorServer: the prebuilt playground plus the course as data, no bundler). Saving a lesson's text, starter,
 * solution, checks or the course file reloads the page — the learner's code and progress stay, in localStorage —
 * and runs the validator, which prints every problem as `file:line: message`. The prebuilt playground is `dist/`
 * (any site `npm run build` wrote; `HALO_APP_DIR` names another), built first when there is none. Without `--port`,
 * the next free port after 5173 is taken when 5173 is busy.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { APP_MANIFEST_FILE } from '../../contract/app-manifest.ts';
import { startAuthorServer } from './author-server.ts';
import { courseDirOf, REPO_ROOT } from './course-dir.ts';

const args = process.argv.slice(2);
const portFlag = args.indexOf('--port');
const port = portFlag >= 0 ? Number(args[portFlag + 1]) : 5173;
// The course is the first argument that is neither a flag nor the port's value (with no --port, the first of all).
const named = args.find((arg, index) => !arg.startsWith('--') && (portFlag < 0 || index !== portFlag + 1));
const dir = courseDirOf(named ? ['--course', named] : [], process.env);

// Any site `npm run build` wrote is a prebuilt playground: author mode serves its app with this course instead.
const appDir = resolve(REPO_ROOT, process.env.HALO_APP_DIR ?? 'dist');
if (!existsSync(resolve(appDir, APP_MANIFEST_FILE))) {
  console.log(`Building the playground once (npm run build -- --outDir ${relative(REPO_ROOT, appDir)})…`);
  const built = spawnSync('npm', ['run', 'build', '--', '--outDir', appDir], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** The server on `port`, or (no --port given) on the first free one of the ten after it. */
async function start(at: number): Promise<Awaited<ReturnType<typeof startAuthorServer>>> {
  try {
    return await startAuthorServer({ courseDir: dir, appDir, port: at });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || portFlag >= 0 || at >= port + 10) throw error;
    return start(at + 1);
  }
}

const server = await start(port);
console.log(`Authoring ${relative(process.cwd(), dir) || '.'} at ${server.url}`);
