import * as v from 'valibot';
import { METHODS } from '../../runtime/contract/http-request.ts';
import { isSafeKey } from '../../runtime/framework/objects/safe-keys.ts';
import { filesProblem } from '../../runtime/course/exercises/file-names.ts';
import { exerciseProblem, isExerciseId, readExercise, type Exercise } from '../../runtime/course/exercises/exercise.ts';

// Every value the playground keeps in localStorage, with the schema it must match when read back.
// Storage outlives deployments and anything on the origin can write it, so a value that fails its
// schema (null, another type, broken JSON, missing parts, absurd sizes) reads as the caller's default:
// the page always starts. Objects whose fields were added over time take every field as optional, so
// the stores fill the missing ones with their defaults.

/** Lesson ids, workspace ids and other names: short. */
const name = v.pipe(v.string(), v.maxLength(200));
/** Bodies and paths: generous, but bounded. */
const text = v.pipe(v.string(), v.maxLength(1_000_000));

/** JSON objects only: valibot's object and record schemas would take an array, too. */
const plain = v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

/** A program's files, path → source, with the entry `main.ts` and names, count and sizes as file-names.ts allows. */
const files = v.pipe(
  plain,
  v.record(name, v.string()),
  v.check((value) => filesProblem(value, 'main.ts') === null),
);

/** The sizes of one split's panes in percent: every pane visible, together the whole split. */
const sizes = v.pipe(
  v.array(v.pipe(v.number(), v.minValue(1), v.maxValue(100))),
  v.minLength(1),
  v.maxLength(8),
  v.check((value) => Math.abs(value.reduce((sum, size) => sum + size, 0) - 100) <= 1),
);

/** Pane sizes keyed by split id. */
const splits = v.pipe(
  plain,
  v.record(name, sizes),
  v.check((value) => Object.keys(value).length <= 50),
);

/** The choices of the Theme menu. */
export const THEMES = ['system', 'light', 'dark'] as const;

const layout = v.pipe(
  plain,
  v.object({
    splits: v.optional(splits),
    theme: v.optional(v.picklist(THEMES)),
    largeText: v.optional(v.boolean()),
    dockTab: v.optional(v.picklist(['console', 'problems', 'output'])),
    lessonOpen: v.optional(v.boolean()),
  }),
);

const modes = v.pipe(
  plain,
  v.object({
    presentation: v.optional(v.boolean()),
    before: v.optional(v.nullable(v.object({ largeText: v.boolean(), lessonOpen: v.boolean(), splits }))),
  }),
);

/** Keeps the entries that are a workspace's files: one damaged lesson entry must not cost the others. */
const workspaces = v.pipe(
  plain,
  v.transform((all) => {
    const kept: Record<string, v.InferOutput<typeof files>> = {};
    for (const [id, value] of Object.entries(all)) {
      const parsed = v.safeParse(files, value);
      if (parsed.success && v.is(name, id) && isSafeKey(id)) kept[id] = parsed.output;
    }
    return kept;
  }),
);

/** Keeps the entries that are valid exercises under their id: one damaged exercise must not cost the others. */
const exercises = v.pipe(
  plain,
  v.transform((all) => {
    const kept: Record<string, Exercise> = {};
    for (const [id, value] of Object.entries(all).slice(-50)) {
      if (isExerciseId(id) && v.is(name, id) && exerciseProblem(value) === null) kept[id] = readExercise(value);
    }
    return kept;
  }),
);

const progress = v.pipe(v.array(name), v.maxLength(1_000));

const row = v.object({ id: name, name: text, value: text, enabled: v.boolean() });
const rows = v.pipe(v.array(row), v.maxLength(200));
// A chosen file is never stored (see request-store.ts): it reads back as none.
const noFile = v.fallback(
  v.custom<File | null>((value) => value === null),
  null,
);
const multipartRow = v.object({ ...row.entries, kind: v.picklist(['text', 'file']), file: noFile });

const request = v.pipe(
  plain,
  v.object({
    method: v.optional(v.picklist(METHODS)),
    path: v.optional(text),
    headers: v.optional(rows),
    bodyType: v.optional(v.picklist(['none', 'json', 'form', 'multipart', 'graphql'])),
    graphql: v.optional(text),
    variables: v.optional(text),
    mode: v.optional(v.picklist(['http', 'websocket'])),
    socketPath: v.optional(text),
    socketMessage: v.optional(text),
    json: v.optional(text),
    form: v.optional(rows),
    multipart: v.optional(v.pipe(v.array(multipartRow), v.maxLength(200))),
  }),
);

const history = v.pipe(
  v.array(
    v.object({
      spec: request,
      origin: name,
      status: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999))),
      time: v.number(),
    }),
  ),
  v.maxLength(100),
);

/** The class this browser joined on the class server's origin (web/classroom): code, name, its own secret, its id once sharing. */
const classroom = v.object({
  joined: v.nullable(
    v.object({
      code: name,
      title: name,
      name: name,
      secret: name,
      learnerId: v.nullable(name),
    }),
  ),
});

const SCHEMAS = {
  /** Pane sizes, theme, large text, dock tab, notes pane (layout-store.ts). */
  'halo.layout.v1': layout,
  /** Presentation mode and the layout to restore after it (mode-store.ts). */
  'halo.modes.v1': modes,
  /** The learner's edited code by workspace id (workspace-store.ts). */
  'halo.workspaces.v1': workspaces,
  /** The workspace open last (workspace-store.ts). */
  'halo.active.v1': name,
  /** The one program of the page before lessons: read once, to move it into the free playground. */
  'halo.files.v1': files,
  /** Exercises the learner works on, by workspace id (exercises-store.ts). */
  'halo.exercises.v1': exercises,
  /** Completed lesson ids (progress-store.ts). */
  'halo.progress.v1': progress,
  /** The request being edited (request-store.ts). */
  'halo.request.v1': request,
  /** Recent requests (request-store.ts). */
  'halo.history.v1': history,
  /** The class joined, if any (web/classroom/class-store.ts). */
  'halo.classroom.v1': classroom,
} as const;

/** A localStorage key the playground uses. */
export type StoredKey = keyof typeof SCHEMAS;

/** The value stored under `K`, as its schema reads it. */
export type Stored<K extends StoredKey> = v.InferOutput<(typeof SCHEMAS)[K]>;

/** Every key the playground stores (for the tests that seed each one with garbage). */
export const STORED_KEYS = Object.keys(SCHEMAS) as StoredKey[];

/** Where the page keeps its values: the browser's localStorage, or an embed's private copy of it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The value under `key`, or `fallback` when it is missing, unreadable, blocked or not what the schema says. */
// The storage is named `localStorage` wherever it is read or written: a test checks only this file does so.
export function readStored<K extends StoredKey>(localStorage: KeyValueStorage | undefined, key: K, fallback: Stored<K>): Stored<K>;
/** The value under `key`, or `fallback` (of another type, e.g. null for "none") when it is missing or bad. */
export function readStored<K extends StoredKey, F>(localStorage: KeyValueStorage | undefined, key: K, fallback: F): Stored<K> | F;
export function readStored<K extends StoredKey, F>(localStorage: KeyValueStorage | undefined, key: K, fallback: F): Stored<K> | F {
  let raw: string | null | undefined;
  let value: unknown;
  try {
    raw = localStorage?.getItem(key);
    if (raw == null) return fallback;
    value = JSON.parse(raw);
  } catch {
    return fallback;
  }
  const parsed = v.safeParse(SCHEMAS[key], value);
  return parsed.success ? parsed.output : fallback;
}

/** Saves `value` under `key`; a full or blocked storage must never break the page. */
export function writeStored<K extends StoredKey>(localStorage: KeyValueStorage | undefined, key: K, value: Stored<K>): void {
  try {
    localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the page keeps working without persistence.
  }
}

/** The browser's localStorage, or none where reading it throws (storage blocked in a third-party iframe). */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
