/**
 * buildCourseSite (runtime/course/tools/build-course-site.ts): "the prebuilt playground + the course's data", no
 * bundler. A good course (the fixture's two lessons, proved on Node) is written beside a copy of the app, every
 * program compiled ahead and listed by the service worker's offline cache. A course with a planted fault is refused
 * before anything is compiled, naming the fault's file and line, and leaves the output folder as it was.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { offlineManifest, serviceWorkerScript } from '../../runtime/build/offline-worker-build.ts';
import { haloExports } from '../../runtime/build/prebuilt-programs-plugin.ts';
import { APP_MANIFEST_FILE } from '../../runtime/contract/app-manifest.ts';
import type { OfflineManifest } from '../../runtime/contract/offline-manifest.ts';
import type { CourseData } from '../../runtime/course/format/course-data.ts';
import { buildCourseSite, CourseProblemsError } from '../../runtime/course/tools/build-course-site.ts';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/course');
const root = mkdtempSync(join(tmpdir(), 'halo-course-site-'));
const app = join(root, 'app');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The manifest a site's service worker carries (its second line). */
const workerManifest = (site: string): OfflineManifest =>
  JSON.parse(/^globalThis\.HALO_OFFLINE = (.*);$/m.exec(readFileSync(join(site, 'service-worker.js'), 'utf8'))![1]) as OfflineManifest;

/** A copy of the fixture course in folder `name`. */
function course(name: string): string {
  const dir = join(root, name);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** A site folder that already holds a previous site. */
function previousSite(name: string): string {
  const site = join(root, name);
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), 'the previous site');
  return site;
}

beforeAll(async () => {
  // A prebuilt app as `vite build` leaves it, in small: a page, its service worker and the export names of `halo`.
  mkdirSync(join(app, 'assets'), { recursive: true });
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>Halo Playground</title>');
  writeFileSync(join(app, 'assets/index.js'), 'console.log("the app");');
  writeFileSync(join(app, APP_MANIFEST_FILE), JSON.stringify({ haloExports: await haloExports() }));
  const files = { 'index.html': readFileSync(join(app, 'index.html')), 'assets/index.js': readFileSync(join(app, 'assets/index.js')) };
  writeFileSync(join(app, 'service-worker.js'), await serviceWorkerScript(offlineManifest(files)));
}, 120_000);

test('a good course is validated, compiled and written beside a copy of the app, which its offline cache lists', async () => {
  const site = previousSite('good-site');
  const built = await buildCourseSite({ courseDir: course('good'), appDir: app, outDir: site });
  const data = JSON.parse(readFileSync(join(site, 'course/course.json'), 'utf8')) as CourseData;
  expect(data.lessons.map((lesson) => [lesson.id, lesson.title])).toEqual([
    ['10-greeting', 'A greeting of your own'],
    ['05-echo', 'Echo a name'],
  ]);
  expect(data.first).toBe('10-greeting');
  expect(data.authoring).toBe(false);
  expect(data.lessons[0].checks[0].title).toBe('GET / answers Hello from the course!');
  // Two lessons' starters and solutions; the example is the first starter.
  expect(built).toEqual({ lessons: 2, programs: 4 });
  expect(data.programs).toHaveLength(4);
  for (const id of data.programs) expect(readFileSync(join(site, `course/programs/${id}.js`), 'utf8')).toContain('sourceMappingURL=data:');
  const text = JSON.parse(readFileSync(join(site, 'course/lessons/10-greeting.json'), 'utf8')) as { text: unknown[] };
  expect(JSON.stringify(text.text)).toContain('Hello from the course!');
  expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('Halo Playground');
  const manifest = workerManifest(site);
  expect(manifest.precache).toEqual(
    expect.arrayContaining([
      'index.html',
      'assets/index.js',
      'course/course.json',
      'course/lessons/05-echo.json',
      `course/programs/${data.programs[0]}.js`,
    ]),
  );
  expect(manifest.version).not.toBe(workerManifest(app).version);
  expect(readdirSync(root).filter((name) => name.startsWith('.'))).toEqual([]);
}, 180_000);

test('a course with a planted fault is refused before anything is compiled, and the previous site stays', async () => {
  const dir = course('faulty');
  const checks = join(dir, '10-greeting/checks.ts');
  // A check whose request has no path (the validator's to find), and a starter esbuild cannot compile (the compile
  // step's): the refusal names the first, so nothing was compiled.
  writeFileSync(checks, readFileSync(checks, 'utf8').replace("path: '/'", "pth: '/'"));
  writeFileSync(join(dir, '05-echo/starter.ts'), 'this is not TypeScript (');
  const site = previousSite('faulty-site');
  const failure = await buildCourseSite({ courseDir: dir, appDir: app, outDir: site, proofs: false }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(CourseProblemsError);
  const { problems, message } = failure as CourseProblemsError;
  expect(problems.map((problem) => [problem.file, problem.line])).toEqual([[checks, 6]]);
  expect(message).toMatch(/10-greeting\/checks\.ts:6: check 1: /);
  expect(readdirSync(site)).toEqual(['index.html']);
  expect(readFileSync(join(site, 'index.html'), 'utf8')).toBe('the previous site');
  expect(existsSync(join(root, 'faulty-site/course'))).toBe(false);
  expect(readdirSync(root).filter((name) => name.startsWith('.'))).toEqual([]);
}, 120_000);

test('a folder that is not a prebuilt app is refused by name before the course is read', async () => {
  await expect(buildCourseSite({ courseDir: FIXTURE, appDir: join(root, 'nothing'), outDir: join(root, 'unused') })).rejects.toThrow(
    /nothing is not a prebuilt Halo Playground \(vite build writes one\): it has no index\.html, service-worker\.js, halo-app\.json/,
  );
  expect(existsSync(join(root, 'unused'))).toBe(false);
});
