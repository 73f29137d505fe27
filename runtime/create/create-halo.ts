/**
 * `npm create halo@latest [folder]` (the `create-halo` package's bin): writes a Halo course folder — one lesson with
 * its checks, a package.json that depends on `halo`, a README — installs it, and prints the next steps.
 */
import { spawnSync } from 'node:child_process';
import { isAbsolute, relative, resolve } from 'node:path';
import { CREATE_USAGE, readCreateOptions } from './create-options.ts';
import { folderRefusal, writeCourse } from './write-course.ts';

/** The package manager that started this command (npm create, pnpm create, yarn create, bun create), npm otherwise. */
function packageManager(): string {
  const agent = process.env.npm_config_user_agent ?? '';
  return ['pnpm', 'yarn', 'bun'].find((name) => agent.startsWith(`${name}/`)) ?? 'npm';
}

/** Creates the course as `args` say; the exit code. */
async function create(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(CREATE_USAGE);
    return 0;
  }
  const options = await readCreateOptions(args, process.stdin.isTTY === true && process.stdout.isTTY === true);
  const dir = resolve(options.folder);
  const refusal = options.force ? undefined : folderRefusal(dir);
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  // A tarball named by a relative path is read from the new folder by npm install: make it absolute.
  const haloSpec =
    options.haloSpec && /^\.{0,2}\//.test(options.haloSpec) && !isAbsolute(options.haloSpec)
      ? `file:${resolve(options.haloSpec)}`
      : options.haloSpec;
  writeCourse(dir, { title: options.title, haloSpec });
  console.log(`Created the course "${options.title}" in ${dir}.`);
  const manager = packageManager();
  if (options.install) {
    console.log(`Installing with ${manager} install…`);
    const installed = spawnSync(manager, ['install'], { cwd: dir, stdio: 'inherit' });
    if (installed.status !== 0) {
      console.error(`${manager} install failed: run it again in ${dir} once the problem above is solved.`);
      return 1;
    }
  }
  const folder = relative(process.cwd(), dir) || '.';
  const steps = [`cd ${folder}`, ...(options.install ? [] : [`${manager} install`]), `${manager} start`];
  console.log(`
Next steps:
${steps.map((step) => `  ${step}`).join('\n')}

${manager} start opens the playground with your course (author mode: saving a file reloads the page and lists
problems); ${manager} run check validates the course; ${manager} run build writes its static site to dist/.`);
  return 0;
}

process.exitCode = await create(process.argv.slice(2));
