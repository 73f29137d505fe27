import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import QRCode from 'qrcode';
import { AppHttp } from 'halo';
import { createClassApp } from './class-app.ts';
import { readClassCourse } from './class-course.ts';
import { readClassExercises } from './class-exercises.ts';
import { DEFAULT_CLASS_LIMITS, type ClassLimits } from './class-guard.ts';
import type { ClassInfo } from './class-protocol.ts';
import { keptClassTables, MEMORY_ONLY, text, type ClassTables } from './class-tables.ts';
import { serveSiteFile } from '../node/site-files.ts';

/** Where and what a class serves. */
interface ClassServerOptions {
  /** The address to bind (`127.0.0.1`, a LAN address, `0.0.0.0` for every interface). */
  host: string;
  /** The port; 0 picks a free one. */
  port: number;
  /** The built playground (a `vite build` of the course). */
  siteDir: string;
  /** The course folder the site was built with. */
  courseDir: string;
  /** A folder of `.halo-exercise` files the class serves besides the course, if any. */
  exercisesDir?: string;
  /** Minutes a check may keep failing before the dashboard shows the learner as stuck. Default 5. */
  stuckMinutes?: number;
  /** A folder where the class is kept (PGlite), so a restart brings it back; in memory only when absent. */
  keep?: string;
  /** Limits other than the defaults (DEFAULT_CLASS_LIMITS). */
  limits?: Partial<ClassLimits>;
  /**
   * A file where the server notes its class's code: a new class started after it (no `--keep`) lets the learners of
   * that one find the new class in one click (the code only: none of its data).
   */
  previousClassFile?: string;
}

/** A class in session. */
export interface RunningClass {
  /** The class as the dashboard shows it: code, join address, QR code, lessons. */
  info: ClassInfo;
  /** The teacher's key (only ever printed in the terminal, and in the dashboard address's fragment). */
  teacherKey: string;
  /** The server's own address, e.g. `http://127.0.0.1:4180`. */
  url: string;
  /** The dashboard, its key in the fragment (which browsers never send to a server). */
  dashboardUrl: string;
  /** Whether the class was kept from an earlier run (`keep`) rather than made new. */
  resumed: boolean;
  /** Ends the class: closes every connection; the class's data is gone unless kept. */
  close(): Promise<void>;
}

/** Letters and digits that cannot be mistaken for each other on a projector (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A short class code, e.g. `K7QX3M`. */
function classCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The address learners reach the server at: the bound host, or for a wildcard the first LAN IPv4 address. */
function reachableHost(host: string): string {
  if (host !== '0.0.0.0' && host !== '::') return host.includes(':') ? `[${host}]` : host;
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  return lan?.address ?? '127.0.0.1';
}

/** Listens on `host:port`; a port taken by another program is an error that says so in one line. */
export async function listenOn(server: Server, host: string, port: number): Promise<void> {
  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is taken by another program: stop it, or choose another with --port.`)
          : error,
      ),
    );
    server.listen(port, host, () => done());
  });
}

/** The class kept in `tables` (its code, key and lock switch), or a new one written there. */
async function classIdentity(tables: ClassTables): Promise<{ code: string; teacherKey: string; joiningLocked: boolean; resumed: boolean }> {
  const kept = (await tables.classes.all()).find((row) => row.id === 'class');
  if (kept && text(kept, 'code') !== '' && text(kept, 'teacherKey') !== '')
    return { code: text(kept, 'code'), teacherKey: text(kept, 'teacherKey'), joiningLocked: kept.joiningLocked === true, resumed: true };
  const made = { code: classCode(), teacherKey: randomBytes(24).toString('base64url'), joiningLocked: false };
  await tables.classes.put('class', made);
  return { ...made, resumed: false };
}

/** The code noted in `file` (the class that ran before), and notes `code` there for the next one. */
function handOver(file: string | undefined, code: string): string | undefined {
  if (file === undefined) return undefined;
  let previous: string | undefined;
  try {
    const noted: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (noted instanceof Object && 'code' in noted && typeof noted.code === 'string') previous = noted.code;
  } catch {
    previous = undefined;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ code }));
  return previous === code ? undefined : previous;
}

/** The dashboard page of the built site. */
const DASHBOARD_PAGE = '/web/classroom/dashboard.html';

/**
 * Starts a class: one Node server on `host:port` serving the built playground, the class app under `/api/`
 * (REST and the WebSocket at `/api/ws`) and the dashboard (`/dashboard`). Makes a class code and a teacher key.
 */
export async function openClass(options: ClassServerOptions): Promise<RunningClass> {
  const siteDir = resolve(options.siteDir);
  const course = await readClassCourse(options.courseDir);
  const exercises = options.exercisesDir === undefined ? [] : readClassExercises(options.exercisesDir);
  // The app needs the join address, known once the server listens: until then /api/ answers 503.
  const serving: { appHttp?: AppHttp } = {};
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/api/')) {
      if (!serving.appHttp) return void res.writeHead(503).end();
      return serving.appHttp.handleRequest(req, res);
    }
    if (path === '/dashboard') return void res.writeHead(302, { location: DASHBOARD_PAGE }).end();
    serveSiteFile(siteDir, req, res);
  });
  await listenOn(server, options.host, options.port);
  const address = server.address();
  // A TCP server's address is an object; only a pipe's is a string.
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const tables = options.keep === undefined ? MEMORY_ONLY : keptClassTables(resolve(options.keep));
  const kept = await classIdentity(tables);
  const limits = { ...DEFAULT_CLASS_LIMITS, ...options.limits };
  const base = `http://${reachableHost(options.host)}:${port}`;
  const joinUrl = `${base}/?class`;
  const info: ClassInfo = {
    code: kept.code,
    title: course.title,
    joinUrl,
    joinQrSvg: await QRCode.toString(joinUrl, { type: 'svg', margin: 1 }),
    stuckMinutes: options.stuckMinutes ?? 5,
    lessons: [...course.lessons, ...exercises.map((exercise) => exercise.lesson)],
    maxLearners: limits.maxLearners,
    joiningLocked: kept.joiningLocked,
  };
  const teacherKey = kept.teacherKey;
  const exerciseFiles = new Map(exercises.map((exercise) => [exercise.lesson.id, exercise.fileText]));
  const previousCode = handOver(options.previousClassFile, info.code);
  const app = await createClassApp({ info, teacherKey, tables, limits, exerciseFiles, previousCode });
  app.freeze();
  serving.appHttp = new AppHttp(app);
  const detachSockets = serving.appHttp.attachTo(server);
  const url = `http://${options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : reachableHost(options.host)}:${port}`;
  return {
    info,
    teacherKey,
    url,
    dashboardUrl: `${url}/dashboard#key=${teacherKey}`,
    resumed: kept.resumed,
    close: async () => {
      detachSockets();
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
      await app.close();
      await tables.close();
    },
  };
}
