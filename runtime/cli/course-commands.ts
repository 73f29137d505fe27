import { resolve } from 'node:path';
import { buildCourseSite, CourseProblemsError } from '../course/tools/build-course-site.ts';
import { startAuthorServer } from '../course/tools/author-server.ts';
import { courseAndOptions } from './command-args.ts';
import { prebuiltAppDir } from '../course/tools/halo-home.ts';

/** The value after `--name` in `options`, if any. */
function optionValue(options: readonly string[], name: string): string | undefined {
  const at = options.indexOf(name);
  return at >= 0 ? options[at + 1] : undefined;
}

/**
 * `halo course build [dir] [--out dist] [--no-proofs]`: validates the course, proofs included, then writes its static
 * site (the prebuilt playground and the course as data) to `--out`, replaced only when the build succeeds.
 */
export async function courseBuildCommand(args: string[]): Promise<number> {
  const { dir, options } = courseAndOptions(args);
  const outDir = resolve(optionValue(options, '--out') ?? 'dist');
  const started = Date.now();
  try {
    const site = await buildCourseSite({
      courseDir: resolve(dir),
      appDir: prebuiltAppDir(),
      outDir,
      proofs: !options.includes('--no-proofs'),
    });
    console.log(
      `Built ${site.lessons} lesson(s) into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s: host that folder on any static server.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof CourseProblemsError)) throw error;
    console.error(`${error.message}\nThe build failed: ${outDir} is left as it was.`);
    return 1;
  }
}

/**
 * `halo course author [dir] [--port 5173] [--host 127.0.0.1]`: the playground with the course as it is on disk; each
 * save reloads the page and prints the course's problems. Runs until Ctrl-C.
 */
export async function courseAuthorCommand(args: string[]): Promise<number | undefined> {
  const { dir, options } = courseAndOptions(args);
  const port = Number(optionValue(options, '--port') ?? 5173);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number, not ${optionValue(options, '--port')}`);
    return 2;
  }
  const server = await startAuthorServer({ courseDir: resolve(dir), appDir: prebuiltAppDir(), port, host: optionValue(options, '--host') });
  console.log(`Authoring ${resolve(dir)} at ${server.url} (Ctrl-C ends it).`);
  process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
  return undefined;
}
