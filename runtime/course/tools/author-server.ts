import { readFileSync, watch } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { SERVICE_WORKER_FILE } from '../../contract/service-worker-file.ts';
import { offlineManifest, withOfflineManifest } from '../../build/offline-worker-build.ts';
import { serveSiteFile } from '../../node/site-files.ts';
import { AUTHOR_EVENTS_FILE, COURSE_DATA_DIR } from '../format/course-data.ts';
import { courseDataFiles } from './course-data-files.ts';
import { formatProblem } from './course-problem.ts';
import { filesUnder } from './folder-files.ts';
import { readPrebuiltApp } from './prebuilt-app.ts';
import { readCourseData } from './read-course-data.ts';
import { validateCourse } from './validate-course.ts';

/** What {@link startAuthorServer} serves, and where. */
export interface AuthorServerOptions {
  /** The course folder the author edits. */
  courseDir: string;
  /** The prebuilt playground (what `vite build` wrote), served as it is. */
  appDir: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Run every solution and starter against its checks after each save (default true), as a build does. */
  proofs?: boolean;
  /** Where the validator's findings go, a line at a time; default console.log. */
  log?: (line: string) => void;
}

/** A running author server. */
export interface AuthorServer {
  /** The playground's address, e.g. `http://127.0.0.1:5173/`. */
  url: string;
  /** Stops watching and serving. */
  close(): Promise<void>;
}

/** How long after a save the course is read again: an editor's save is often several writes. */
const SETTLE_MS = 150;

/** `event: reload` on the author events stream, which web/lessons/course/follow-course-edits.ts listens to. */
const RELOAD_EVENT = 'event: reload\ndata: \n\n';

/**
 * The app's service worker with an offline cache of the app's own files only: the course data changes on every save,
 * so the page always fetches it (a prebuilt site given as the app keeps its old course out of the cache too).
 */
function authorServiceWorker(appDir: string): string {
  const files = Object.fromEntries(Object.entries(filesUnder(appDir)).filter(([path]) => !path.startsWith(`${COURSE_DATA_DIR}/`)));
  return withOfflineManifest(readFileSync(join(appDir, SERVICE_WORKER_FILE), 'utf8'), offlineManifest(files));
}

/** The course's problems as the validator prints them, each `file:line: message` (paths relative to the working folder). */
function problemLines(dir: string, problems: Awaited<ReturnType<typeof validateCourse>>): string {
  const at = (file: string): string => relative(process.cwd(), file);
  return problems.length === 0
    ? `[course] ${at(dir) || '.'}: no problems.`
    : `[course] ${problems.length} problem(s):\n${problems.map((p) => formatProblem(p, at)).join('\n')}`;
}

/** The course data of `dir` as author mode serves it, made again on demand after each save. */
function courseFiles(dir: string): { get: () => Promise<Map<string, string>>; changed: () => void } {
  let files: Promise<Map<string, string>> | null = null;
  return {
    get: () => (files ??= readCourseData(dir, { authoring: true }).then((read) => courseDataFiles(read, new Map()))),
    changed: () => void (files = null),
  };
}

/**
 * Author mode without a bundler: serves the prebuilt playground in `appDir` with the course of `courseDir` as data,
 * read again after every save in the course folder. Each save then reloads the open pages (the learner's code and
 * progress stay, in localStorage) and runs the validator, whose findings go to `log`, each as `file:line: message`.
 * A lesson text with a problem shows that problem in its own pane (runtime/course/tools/lesson-text-data.ts).
 */
export async function startAuthorServer(options: AuthorServerOptions): Promise<AuthorServer> {
  const [courseDir, appDir] = [resolve(options.courseDir), resolve(options.appDir)];
  readPrebuiltApp(appDir);
  const log = options.log ?? ((line: string) => console.log(line));
  const worker = authorServiceWorker(appDir);
  const course = courseFiles(courseDir);
  const pages = new Set<ServerResponse>();
  let validation = Promise.resolve();
  const validate = (): void => {
    validation = validation
      .then(async () => log(problemLines(courseDir, await validateCourse(courseDir, { proofs: options.proofs ?? true }))))
      .catch((error: unknown) => log(`[course] the validator failed: ${(error as Error).message}`));
  };
  const server = createServer((req, res) => void answer(req, res, { appDir, worker, course: course.get, pages }));
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => (server.off('error', failed), listening()));
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watcher = watch(courseDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      course.changed();
      for (const page of pages) page.write(RELOAD_EVENT);
      validate();
    }, SETTLE_MS);
  });
  validate();
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/`,
    close: async () => {
      clearTimeout(timer);
      watcher.close();
      for (const page of pages) page.end();
      await new Promise<void>((closed) => server.close(() => closed()));
      await validation;
    },
  };
}

/** What one request of the author server gets: the event stream, the course data, the service worker or an app file. */
async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  site: { appDir: string; worker: string; course: () => Promise<Map<string, string>>; pages: Set<ServerResponse> },
): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === `/${COURSE_DATA_DIR}/${AUTHOR_EVENTS_FILE}`) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(': following the course\n\n');
    site.pages.add(res);
    req.once('close', () => site.pages.delete(res));
    return;
  }
  if (path === `/${SERVICE_WORKER_FILE}`) {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    return void res.end(site.worker);
  }
  if (!path.startsWith(`/${COURSE_DATA_DIR}/`)) return serveSiteFile(site.appDir, req, res);
  try {
    const content = (await site.course()).get(path.slice(COURSE_DATA_DIR.length + 2));
    if (content === undefined) return void res.writeHead(404).end();
    const type = path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' }).end(content);
  } catch (error) {
    // The course cannot be read at all (the folder is gone): the page says so.
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`The course could not be read: ${(error as Error).message}`);
  }
}
