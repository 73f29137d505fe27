import * as v from 'valibot';
import { METHODS, type Method } from '../../../runtime/contract/http-request.ts';
import type { PanelBodyType } from '../../exchange/request/request-model.ts';
import { filesLimitProblem } from '../../../runtime/course/exercises/file-names.ts';
import { ShareLinkError } from './share-link-error.ts';
import { ENTRY_FILE } from '../../state/files-store.ts';
import type { SharedProgram, SharedRow } from './share-format.ts';
import { exerciseProblem, readExercise } from '../../../runtime/course/exercises/exercise.ts';

// Link data is untrusted: one schema per format version ever written says what a link may hold. Each
// refusal names what is wrong in its message (kept as the ShareLinkError's cause, for debugging).

const malformed = (what: string) => `The link's ${what} is malformed.`;
const text = (what: string) => v.string(malformed(what));

/** A JSON object (valibot's object schema would take an array, too). */
const record = (what: string) =>
  v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), malformed(what));

/** A flag that is on unless the link says `false` (older links may leave it out). */
const enabled = v.pipe(
  v.unknown(),
  v.transform((value) => value !== false),
);

/** `[name, value, enabled]` rows; more elements are ignored. */
const rows = (what: string) => {
  const message = `The link's ${what} are malformed.`;
  return v.array(
    v.pipe(
      v.looseTuple([v.string(message), v.string(message), v.unknown()], message),
      v.transform(([name, value, on]): SharedRow => [name, value, on !== false]),
    ),
    message,
  );
};

const textPart = v.object({
  kind: v.pipe(
    v.custom<string>((kind) => kind !== 'file'),
    v.transform(() => 'text' as const),
  ),
  name: text('multipart field'),
  value: text('multipart field'),
  enabled,
});
const filePart = v.object({
  kind: v.literal('file'),
  name: text('multipart field'),
  filename: text('file name'),
  type: v.optional(text('file type'), ''),
  base64: v.nullish(text('file content'), null),
  enabled,
});
const parts = v.array(
  v.pipe(record('multipart body'), v.union([filePart, textPart], malformed('multipart body'))),
  malformed('multipart body'),
);

const method = v.pipe(
  text('method'),
  v.toUpperCase(),
  v.check(
    (value) => (METHODS as readonly string[]).includes(value),
    (issue) => `The link's method "${String(issue.input)}" is not supported.`,
  ),
  v.transform((value) => value as Method),
);

const bodyType = (types: readonly PanelBodyType[]) =>
  v.pipe(
    text('body type'),
    v.check(
      (value) => (types as readonly string[]).includes(value),
      (issue) => `The link's body type "${String(issue.input)}" is not supported.`,
    ),
    v.transform((value) => value as PanelBodyType),
  );

/** The request of a version 1 link: method, path, headers and the active body. */
const requestV1 = {
  method,
  path: text('path'),
  headers: rows('headers'),
  json: v.optional(text('JSON body')),
  form: v.optional(rows('form')),
  multipart: v.optional(parts),
};

/** Files as text, the entry among them; the playground's limits (names, count, size) are checked apart, see {@link readSharedProgram}. */
const files = v.pipe(
  record('files'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const bad = Object.entries(dataset.value).find(([, source]) => typeof source !== 'string');
    if (bad) addIssue({ message: malformed(`file ${bad[0]}`) });
  }),
  v.transform((value) => value as Record<string, string>),
  v.check(
    (value) => typeof value[ENTRY_FILE] === 'string',
    () => `The link's files are malformed: the program has no ${ENTRY_FILE}.`,
  ),
);

const program = <Entries extends v.ObjectEntries, More extends v.ObjectEntries>(request: Entries, more: More) =>
  v.pipe(
    record('data'),
    v.object({ lesson: v.nullish(text('lesson'), null), files, request: v.pipe(record('request'), v.object(request)), ...more }),
  );

/** The request of a version 2 link: version 1's, with GraphQL bodies and WebSocket requests. */
const requestV2 = {
  ...requestV1,
  bodyType: bodyType(['none', 'json', 'form', 'multipart', 'graphql']),
  graphql: v.optional(
    v.pipe(record('GraphQL body'), v.object({ query: text('GraphQL query'), variables: v.optional(text('GraphQL variables'), '') })),
  ),
  socket: v.optional(
    v.pipe(record('WebSocket request'), v.object({ path: text('WebSocket path'), message: v.optional(text('WebSocket message'), '') })),
  ),
};

/** An exercise, whose starter is the link's files (checked there): its other parts as exercise.ts reads them. */
const exercise = v.pipe(
  record('exercise'),
  v.transform((value) => ({ ...value, starter: { [ENTRY_FILE]: '' } })),
  v.check(
    (value) => exerciseProblem(value) === null,
    (issue) => `The link's exercise is not valid: ${exerciseProblem(issue.input)}`,
  ),
  v.transform((value) => {
    const { starter: _starter, ...rest } = readExercise(value);
    return rest;
  }),
);

/** One schema per format version ever written: links in the wild never expire. */
export const SHARE_SCHEMAS = {
  1: program({ ...requestV1, bodyType: bodyType(['none', 'json', 'form', 'multipart']) }, {}),
  2: program(requestV2, {}),
  // Version 3 added exercises.
  3: program(requestV2, { exercise: v.optional(exercise) }),
};

/**
 * The program a version's link data holds; throws an Error naming the first thing that is wrong, or a
 * `limit` ShareLinkError for an intact program past a documented limit (more than 20 files, a file too long,
 * a name the playground refuses: `../x`, `/etc/x`), so the learner reads which one rather than "damaged".
 */
export function readSharedProgram(data: unknown, version: keyof typeof SHARE_SCHEMAS): SharedProgram {
  const parsed = v.safeParse(SHARE_SCHEMAS[version], data, { abortEarly: true });
  if (!parsed.success) throw new Error(parsed.issues[0].message);
  const limit = filesLimitProblem(parsed.output.files);
  if (limit) throw new ShareLinkError('limit', { limit });
  return parsed.output;
}
