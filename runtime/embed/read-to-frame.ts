import * as v from 'valibot';
import {
  MAX_BODY_CHARS,
  MAX_KEPT_DATABASE_BYTES,
  MAX_KEPT_DATABASES,
  MAX_MESSAGE_CHARS,
  MAX_TIME_LIMIT_MS,
  type SnippetRequest,
  type ToFrame,
} from './snippet-protocol.ts';

const id = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'a snippet id is 1 to 64 letters, digits, _ or -'));
const seq = v.pipe(v.number(), v.integer(), v.minValue(0));
const header = v.tuple([v.pipe(v.string(), v.maxLength(200)), v.pipe(v.string(), v.maxLength(8000))]);

/** A request a snippet sends to its program: the path is the program's (its origin is the program's first). */
const SnippetRequestSchema = v.strictObject({
  method: v.pipe(v.string(), v.regex(/^[A-Z]{1,10}$/, 'an HTTP method in capitals')),
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(4000)),
  headers: v.pipe(v.array(header), v.maxLength(50)),
  body: v.optional(v.pipe(v.string(), v.maxLength(MAX_BODY_CHARS))),
});

// The schema and the protocol's types must say the same: a compile error here when they drift apart.
const requestShape: v.GenericSchema<unknown, SnippetRequest> = SnippetRequestSchema;

/** One file of a kept database: the page's bytes, which only ever reach its own snippet's PGlite. */
const PgFileSchema = v.strictObject({
  path: v.pipe(v.string(), v.regex(/^[^\0]{1,1000}$/, 'a file path of 1 to 1000 characters')),
  mode: v.pipe(v.number(), v.integer(), v.minValue(0)),
  mtime: v.pipe(v.number(), v.finite()),
  data: v.optional(v.instance(ArrayBuffer)),
  // A seed's file the database deleted, and the row naming the seed (see PgFile).
  removed: v.optional(v.literal(true)),
  seed: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex'))),
});

/** The databases the page hands back: each at most MAX_KEPT_DATABASE_BYTES (their JSON does not count their bytes). */
const KeptDatabasesSchema = v.pipe(
  v.array(
    v.pipe(
      v.strictObject({ name: v.pipe(v.string(), v.maxLength(400)), files: v.pipe(v.array(PgFileSchema), v.maxLength(20_000)) }),
      v.check(
        ({ files }) => files.reduce((bytes, file) => bytes + (file.data?.byteLength ?? 0), 0) <= MAX_KEPT_DATABASE_BYTES,
        `a kept database has at most ${MAX_KEPT_DATABASE_BYTES} bytes`,
      ),
    ),
  ),
  v.maxLength(MAX_KEPT_DATABASES),
);

/** Every message the page may send over the port: the page is a stranger's, so each is checked before the frame acts. */
const ToFrameSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('run'),
    id,
    seq,
    files: v.record(v.pipe(v.string(), v.maxLength(100)), v.string()),
    bundle: v.optional(v.strictObject({ code: v.string(), id: v.pipe(v.string(), v.maxLength(200)) })),
    timeLimitMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(MAX_TIME_LIMIT_MS))),
  }),
  v.strictObject({ type: v.literal('send'), id, seq, request: requestShape }),
  v.strictObject({ type: v.literal('checks'), id, seq, checks: v.unknown() }),
  v.strictObject({ type: v.literal('stop'), id }),
  v.strictObject({ type: v.literal('databases'), databases: KeptDatabasesSchema }),
]);

const sameShape: v.GenericSchema<unknown, ToFrame> = ToFrameSchema;

/** The page's message checked: the message, or why it is refused (too long, not a message of this protocol). */
export function readToFrame(data: unknown): { ok: true; message: ToFrame } | { ok: false; reason: string } {
  let chars: number;
  try {
    chars = JSON.stringify(data)?.length ?? 0;
  } catch {
    return { ok: false, reason: 'the message is not plain data' };
  }
  if (chars > MAX_MESSAGE_CHARS) return { ok: false, reason: `the message has ${chars} characters; at most ${MAX_MESSAGE_CHARS}` };
  const parsed = v.safeParse(sameShape, data);
  if (parsed.success) return { ok: true, message: parsed.output };
  const issue = parsed.issues[0];
  const where = v.getDotPath(issue);
  return { ok: false, reason: `${where ? `${where}: ` : ''}${issue.message}` };
}
