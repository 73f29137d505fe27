/**
 * What the class server and its two pages (the learner's panel and the teacher's dashboard) say to each
 * other: the service paths, the credential headers, the records and the shape (with size caps) of every
 * message a learner may send. Platform-neutral: the server validates with these schemas, the pages read the types.
 */
import * as v from 'valibot';

/** Where the class's services are mounted (REST `/api/<name>`, WebSocket calls `api/<name>.<method>`). */
export const CLASS_SERVICES = {
  classes: 'api/classes',
  learners: 'api/learners',
  results: 'api/results',
  code: 'api/code',
  exercises: 'api/exercises',
} as const;

/** The WebSocket path of the class server. */
export const CLASS_SOCKET_PATH = '/api/ws';

/** The CSV export (teacher only). */
export const CLASS_EXPORT_PATH = '/api/export.csv';

/**
 * Credentials over REST travel in these headers (a page of another site cannot set them without a CORS
 * preflight the server never grants); over WebSocket, where browsers cannot set headers, in the query
 * under the same names without the prefix: `?key=…`, `?code=…&learner=…&secret=…`.
 */
export const CLASS_HEADERS = { key: 'x-class-key', code: 'x-class-code', learner: 'x-learner-id', secret: 'x-learner-secret' } as const;

/**
 * Refusals the learner's page tells apart: its class is gone (a restart without `--keep` made a new class), its
 * learner id is no longer known, or the teacher removed it.
 */
export const CLASS_REFUSALS = {
  wrongCode: 'Wrong class code.',
  unknownLearner: 'This learner id and secret do not match.',
  removed: 'The teacher removed you from the class.',
} as const;

/** What identifies a caller: the teacher key, or the class code and (once sharing) the learner's id and secret. */
export type ClassCredentials = Partial<Record<keyof typeof CLASS_HEADERS, string>>;

/** One check of the course, as the dashboard lists it. */
interface ClassCheck {
  title: string;
  /** What passing it is worth in the export, when the course says. */
  points?: number;
}

/** One lesson of the course (or one exercise the class serves, by its id in the playground) with its checks. */
export interface ClassLesson {
  id: string;
  title: string;
  checks: ClassCheck[];
}

/** The class as the teacher sees it (`api/classes` index). */
export interface ClassInfo {
  /** The short code learners type to join. */
  code: string;
  title: string;
  /** The address learners open. */
  joinUrl: string;
  /** The join address as a QR code (an SVG document), made by the server. */
  joinQrSvg: string;
  /** A learner failing the same check for longer than this is shown as stuck. */
  stuckMinutes: number;
  /** The course's lessons, then the class's exercises. */
  lessons: ClassLesson[];
  /** How many learners may share at once (`--max-learners`). */
  maxLearners: number;
  /** While true, nobody new may join (the teacher's lock switch, `PATCH api/classes/<code>`). */
  joiningLocked: boolean;
}

/** The class as a learner with the right code sees it (`api/classes/<code>`). */
export interface ClassPublicInfo {
  code: string;
  title: string;
  /** The exercises the class serves, when it serves some (`api/exercises/<id>` answers each one's `.halo-exercise` text). */
  exercises?: { id: string; title: string }[];
}

/** A learner who shares with the teacher. Exists only while they share: stopping removes it and all their data. */
export interface LearnerRecord {
  id: string;
  /** Shown as text, never as markup. */
  name: string;
  joinedAt: string;
}

/** Why the last run of a check failed: the failing step's request, what was expected and what came back. */
export interface CheckFailure {
  request: string;
  expected: string;
  got: string;
  reasons: string[];
}

/** The latest result of one check for one learner (one record per learner, lesson and check). */
export interface ResultRecord {
  id: string;
  learnerId: string;
  lesson: string;
  /** The check's index in the lesson. */
  check: number;
  passed: boolean;
  /** When the server received it (ISO-8601). */
  at: string;
  /** Since when this check has kept failing (ISO-8601), null while it passes. */
  failingSince: string | null;
  /** Present on a failed result. */
  failure?: CheckFailure;
}

/** The code a learner chose to show the teacher, for one lesson (a new one replaces it). */
export interface SharedCodeRecord {
  /** The learner's id: one shared program per learner. */
  id: string;
  learnerId: string;
  lesson: string;
  files: Record<string, string>;
  at: string;
}

/** Limits on what a learner may send. */
export const CLASS_LIMITS = {
  name: 40,
  /** A name longer than this is refused before it is normalised (room for spaces and marks that normalising removes). */
  rawName: 200,
  text: 4000,
  reasons: 10,
  files: 20,
  fileChars: 100_000,
  codeChars: 200_000,
} as const;

// A course lesson's id, or the id the playground gives an exercise (`exercise-` and a hash of its content).
const lessonId = v.pipe(
  v.string(),
  v.maxLength(100),
  v.regex(/^(\d+-[\w-]+|exercise-[0-9a-f]{14})$/, 'must be a lesson id like "08-services" or an exercise id'),
);
const capped = (max: number) => v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`));

/**
 * A display name as sent: at most `CLASS_LIMITS.rawName` characters (a longer one is refused unread), then
 * normalised with `normalise` (the server's: NFKC, invisible characters gone, capped) and not empty after that.
 */
function nameInput(normalise: (raw: string) => string) {
  return v.pipe(
    v.string(),
    v.maxLength(CLASS_LIMITS.rawName, `must be at most ${CLASS_LIMITS.name} characters`),
    v.transform(normalise),
    v.minLength(1, 'must hold a visible character'),
  );
}

/** `api/learners` create: sharing turned on. The secret is made in the learner's browser and never leaves it again. */
export const joinInput = (normalise: (raw: string) => string) =>
  v.strictObject({
    name: nameInput(normalise),
    secret: v.pipe(v.string(), v.regex(/^[\w-]{32,128}$/, 'must be 32 to 128 letters, digits, - or _')),
  });

/** `api/learners/<id>` modify (teacher only): a new name for the learner. */
export const renameInput = (normalise: (raw: string) => string) => v.strictObject({ name: nameInput(normalise) });

/** `api/classes/<code>` modify (teacher only): the lock switch. */
export const CLASS_CHANGE_INPUT = v.strictObject({ joiningLocked: v.boolean() });

/** `api/results` create: one check's outcome. */
export const RESULT_INPUT = v.strictObject({
  lesson: lessonId,
  check: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
  passed: v.boolean(),
  failure: v.optional(
    v.strictObject({
      request: capped(300),
      expected: capped(CLASS_LIMITS.text),
      got: capped(CLASS_LIMITS.text),
      reasons: v.pipe(v.array(capped(1000)), v.maxLength(CLASS_LIMITS.reasons)),
    }),
  ),
});

/** `api/code` create: "show my code to the teacher" for one lesson. */
export const CODE_INPUT = v.strictObject({
  lesson: lessonId,
  files: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(100)), capped(CLASS_LIMITS.fileChars)),
    v.check((files) => Object.keys(files).length <= CLASS_LIMITS.files, `at most ${CLASS_LIMITS.files} files`),
    v.check(
      (files) => Object.values(files).reduce((sum, text) => sum + text.length, 0) <= CLASS_LIMITS.codeChars,
      `at most ${CLASS_LIMITS.codeChars} characters in all`,
    ),
  ),
});

/** `value` as `schema` parses it (trimmed, normalised…), or the problems, one sentence each. */
export function parseInput<T extends v.GenericSchema>(
  schema: T,
  value: unknown,
): { ok: true; value: v.InferOutput<T> } | { ok: false; issues: string[] } {
  const parsed = v.safeParse(schema, value);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, issues: parsed.issues.map((issue) => `"${v.getDotPath(issue) ?? 'data'}" ${issue.message}`) };
}
