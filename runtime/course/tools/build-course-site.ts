import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { SERVICE_WORKER_FILE } from '../../contract/service-worker-file.ts';
import { compressedSiblings } from '../../build/compress-build.ts';
import { offlineManifest, withOfflineManifest } from '../../build/offline-worker-build.ts';
import { COURSE_DATA_DIR } from '../format/course-data.ts';
import { compileCoursePrograms } from './compile-course-programs.ts';
import { courseDataFiles } from './course-data-files.ts';
import { filesUnder } from './folder-files.ts';
import { formatProblem, type CourseProblem } from './course-problem.ts';
import { readPrebuiltApp } from './prebuilt-app.ts';
import { readCourseData } from './read-course-data.ts';
import { validateCourse } from './validate-course.ts';

/** What {@link buildCourseSite} builds, from what. */
export interface CourseSiteOptions {
  /** The course folder (lesson folders, an optional course.json). */
  courseDir: string;
  /** The prebuilt playground: what `vite build` wrote (its index.html, service-worker.js and halo-app.json). */
  appDir: string;
  /** Where the site goes: replaced only when every step succeeded. */
  outDir: string;
  /** Run every solution and starter against its checks on Node while validating (default true). */
  proofs?: boolean;
}

/** What a course build wrote. */
export interface CourseSite {
  lessons: number;
  /** Programs compiled ahead (starters, solutions, the example; each distinct program once). */
  programs: number;
}

/** A course build refused because the validator found problems; nothing was compiled or written. */
export class CourseProblemsError extends Error {
  constructor(
    readonly courseDir: string,
    /** Each problem with its file (absolute) and line. */
    readonly problems: CourseProblem[],
  ) {
    const at = (file: string): string => relative(courseDir, file);
    super(`The course ${courseDir} has ${problems.length} problem(s):\n${problems.map((p) => formatProblem(p, at)).join('\n')}`);
  }
}

/** Writes the course's `files` (paths inside `course/`) into `site`, with the `.gz` siblings of the large ones. */
function writeCourseFiles(site: string, files: ReadonlyMap<string, string>): void {
  const named = Object.fromEntries([...files].map(([path, content]) => [`${COURSE_DATA_DIR}/${path}`, content]));
  for (const [path, content] of Object.entries({ ...named, ...compressedSiblings(named) })) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), content);
  }
}

/** Points the service worker of `site` at every file now there, course data included: the offline cache's list and version. */
function updateOfflineManifest(site: string): void {
  const worker = join(site, SERVICE_WORKER_FILE);
  writeFileSync(worker, withOfflineManifest(readFileSync(worker, 'utf8'), offlineManifest(filesUnder(site))));
}

/** Moves `built` to `target`, replacing what was there only once the new site is in place beside it. */
function replaceFolder(built: string, target: string): void {
  const previous = `${built}-previous`;
  if (existsSync(target)) renameSync(target, previous);
  renameSync(built, target);
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Builds the static site of the course in `courseDir`: "the prebuilt playground + the course's data", no bundler.
 * The course is validated first (its files, schemas and links, and with `proofs` that every solution passes its checks
 * and every starter fails them), and a course with a problem is refused ({@link CourseProblemsError}) before anything
 * is compiled. Then each lesson's programs are compiled with esbuild, and the course data
 * (runtime/course/format/course-data.ts) is written beside a copy of `appDir`, whose service worker is pointed at
 * the new files. The site is made in a folder beside `outDir` that replaces it only when every step succeeded: a
 * failed build leaves the previous site as it was.
 */
export async function buildCourseSite(options: CourseSiteOptions): Promise<CourseSite> {
  const [courseDir, appDir, outDir] = [resolve(options.courseDir), resolve(options.appDir), resolve(options.outDir)];
  const app = readPrebuiltApp(appDir);
  const problems = await validateCourse(courseDir, { proofs: options.proofs ?? true });
  if (problems.length > 0) throw new CourseProblemsError(courseDir, problems);
  const read = await readCourseData(courseDir, { authoring: false });
  const programs = await compileCoursePrograms(read.course, app.haloExports);
  mkdirSync(dirname(outDir), { recursive: true });
  const building = mkdtempSync(join(dirname(outDir), `.${basename(outDir)}-building-`));
  try {
    cpSync(appDir, building, { recursive: true });
    // A site built before as the app: its old course goes.
    rmSync(join(building, COURSE_DATA_DIR), { recursive: true, force: true });
    writeCourseFiles(building, courseDataFiles(read, programs));
    updateOfflineManifest(building);
    replaceFolder(building, outDir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  return { lessons: read.data.lessons.length, programs: programs.size };
}
