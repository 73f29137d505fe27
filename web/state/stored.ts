import * as z from 'zod/mini';
import { METHODS } from '../request/request-model.ts';

// Every value the playground keeps in localStorage, with the schema it must match when read back.
// Storage outlives deployments and anything on the origin can write it, so a value that fails its
// schema (null, another type, broken JSON, missing parts, absurd sizes) reads as the caller's default:
// the page always starts. Objects whose fields were added over time take every field as optional, so
// the stores fill the missing ones with their defaults.

/** Lesson ids, workspace ids and other names: short. */
const name = z.string().check(z.maxLength(200));
/** Bodies and paths: generous, but bounded. */
const text = z.string().check(z.maxLength(1_000_000));

/** A program's files, path → source, with the entry `main.ts`. */
const files = z.record(name, z.string()).check(
  z.refine((value) => typeof value['main.ts'] === 'string' && Object.keys(value).length <= 100),
);

/** The sizes of one split's panes in percent: every pane visible, together the whole split. */
const sizes = z.array(z.number().check(z.gte(1), z.lte(100))).check(
  z.minLength(1),
  z.maxLength(8),
  z.refine((value) => Math.abs(value.reduce((sum, size) => sum + size, 0) - 100) <= 1),
);

/** Pane sizes keyed by split id. */
const splits = z.record(name, sizes).check(z.refine((value) => Object.keys(value).length <= 50));

/** One of the choices of the Theme menu. */
export const THEMES = ['system', 'light', 'dark'] as const;

const layout = z.object({
  splits: z.optional(splits),
  theme: z.optional(z.enum(THEMES)),
  largeText: z.optional(z.boolean()),
  dockTab: z.optional(z.enum(['console', 'problems'])),
  lessonOpen: z.optional(z.boolean()),
});

const modes = z.object({
  presentation: z.optional(z.boolean()),
  before: z.optional(z.nullable(z.object({ largeText: z.boolean(), lessonOpen: z.boolean(), splits }))),
});

/** Keeps the entries that are a workspace's files: one damaged lesson entry must not cost the others. */
const workspaces = z.pipe(
  z.record(z.string(), z.unknown()),
  z.transform((all) => {
    const kept: Record<string, z.output<typeof files>> = {};
    for (const [id, value] of Object.entries(all)) {
      const parsed = files.safeParse(value);
      if (parsed.success && name.safeParse(id).success) kept[id] = parsed.data;
    }
    return kept;
  }),
);

const progress = z.array(name).check(z.maxLength(1_000));

const row = z.object({ id: name, name: text, value: text, enabled: z.boolean() });
const rows = z.array(row).check(z.maxLength(200));
// A chosen file is never stored (see request-store.ts): it reads back as none.
const noFile = z.catch(z.custom<File | null>((value) => value === null), null);
const multipartRow = z.object({ ...row.shape, kind: z.enum(['text', 'file']), file: noFile });

const request = z.object({
  method: z.optional(z.enum(METHODS)),
  path: z.optional(text),
  headers: z.optional(rows),
  bodyType: z.optional(z.enum(['none', 'json', 'form', 'multipart'])),
  json: z.optional(text),
  form: z.optional(rows),
  multipart: z.optional(z.array(multipartRow).check(z.maxLength(200))),
});

const history = z.array(
  z.object({
    spec: request,
    origin: name,
    status: z.nullable(z.int().check(z.gte(0), z.lte(999))),
    time: z.number(),
  }),
).check(z.maxLength(100));

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
  /** Completed lesson ids (progress-store.ts). */
  'halo.progress.v1': progress,
  /** The request being edited (request-store.ts). */
  'halo.request.v1': request,
  /** Recent requests (request-store.ts). */
  'halo.history.v1': history,
} as const;

/** A localStorage key the playground uses. */
export type StoredKey = keyof typeof SCHEMAS;

/** The value stored under `K`, as its schema reads it. */
export type Stored<K extends StoredKey> = z.output<(typeof SCHEMAS)[K]>;

/** Every key the playground stores (for the tests that seed each one with garbage). */
export const STORED_KEYS = Object.keys(SCHEMAS) as StoredKey[];

/** The value under `key`, or `fallback` when it is missing, unreadable, blocked or not what the schema says. */
export function readStored<K extends StoredKey>(key: K, fallback: Stored<K>): Stored<K>;
/** The value under `key`, or `fallback` (of another type, e.g. null for "none") when it is missing or bad. */
export function readStored<K extends StoredKey, F>(key: K, fallback: F): Stored<K> | F;
export function readStored<K extends StoredKey, F>(key: K, fallback: F): Stored<K> | F {
  let raw: string | null | undefined;
  let value: unknown;
  try {
    raw = globalThis.localStorage?.getItem(key);
    if (raw == null) return fallback;
    value = JSON.parse(raw);
  } catch {
    return fallback;
  }
  const parsed = SCHEMAS[key].safeParse(value);
  return parsed.success ? (parsed.data as Stored<K>) : fallback;
}

/** Saves `value` under `key`; a full or blocked storage must never break the page. */
export function writeStored<K extends StoredKey>(key: K, value: Stored<K>): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the page keeps working without persistence.
  }
}
