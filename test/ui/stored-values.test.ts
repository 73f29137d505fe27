import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { browserStorage, readStored, STORED_KEYS, type StoredKey } from '../../web/state/stored.ts';
import { DEFAULT_LAYOUT } from '../../web/state/layout-store.ts';
import { freshState } from './fresh-state.ts';

const { lessons } = builtCourse;

/** A localStorage stand-in (Node has none) holding `raw` strings exactly as given. */
function stubRawStorage(raw: Partial<Record<string, string>>): Map<string, string> {
  const data = new Map(Object.entries(raw).filter((entry): entry is [string, string] => entry[1] !== undefined));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  });
  return data;
}

/** Reading the stubbed storage alone (the stores write their values back as they load). */
async function loadStored() {
  return { STORED_KEYS, readStored: <K extends StoredKey, F>(key: K, fallback: F) => readStored(browserStorage(), key, fallback) };
}

/** A fresh playground state reading the stubbed storage, as a page load would. */
async function load() {
  return { DEFAULT_LAYOUT, ...freshState() };
}

const WEB = join(import.meta.dirname, '../../web');
const FALLBACK = Symbol('fallback');
const many = <T>(count: number, make: (i: number) => T) => Array.from({ length: count }, (_, i) => make(i));
const row = { id: 'r1', name: 'Accept', value: '*/*', enabled: true };
const spec = {
  method: 'POST',
  path: '/x',
  headers: [row],
  bodyType: 'json',
  json: '{}',
  form: [row],
  multipart: [{ ...row, kind: 'text', file: null }],
};

/** Text that is not JSON, or JSON of nothing useful: every key must shrug it off. */
const GARBAGE = ['{not json', 'undefined', '', 'NaN', '[1,', '\u0000', 'null', '42', 'true'];

/** Values of the right JSON but the wrong shape or size, per key (each also gets every GARBAGE). */
const BAD: Record<StoredKey, unknown[]> = {
  'halo.layout.v1': [
    'text',
    { theme: 'neon' },
    { largeText: 'yes' },
    { dockTab: 42 },
    { lessonOpen: null },
    { splits: null },
    { splits: { columns: [1e9, 5] } }, // huge
    { splits: { columns: [50, 'x'] } },
    { splits: { columns: [] } },
    { splits: { columns: [-50, 150] } },
    { splits: { columns: [10, 10] } }, // not the whole split: a pane would be cut off
    { splits: Object.fromEntries(many(1_000, (i) => [`s${i}`, [50, 50]])) }, // huge
  ],
  'halo.modes.v1': [
    'text',
    { presentation: 'yes' },
    { before: 42 },
    { before: { largeText: true } },
    { before: { largeText: true, lessonOpen: false, splits: { a: [200] } } },
  ],
  'halo.workspaces.v1': ['text', ['a', 'b']],
  'halo.active.v1': [{ id: 'x' }, [], 'x'.repeat(10_000)],
  'halo.files.v1': [
    'text',
    {},
    { 'main.ts': 42 },
    { 'other.ts': 'x' },
    { 'main.ts': '', ...Object.fromEntries(many(1_000, (i) => [`f${i}.ts`, ''])) },
  ],
  'halo.progress.v1': ['text', { 0: 'a' }, [1, 2], many(100_000, (i) => `lesson-${i}`)],
  'halo.request.v1': [
    'text',
    { method: 'TRACE' },
    { path: 42 },
    { headers: 'Accept' },
    { headers: [{ name: 'x' }] },
    { bodyType: 'xml' },
    { json: 'x'.repeat(2_000_000) },
    { multipart: [{ ...row, kind: 'disk' }] },
  ],
  'halo.exercises.v1': ['text', ['a', 'b']],
  'halo.history.v1': [
    'text',
    { spec },
    [{ spec, origin: 'o', status: 'ok', time: 1 }],
    [{ origin: 'o', status: 200, time: 1 }],
    many(1_000, () => ({ spec, origin: 'o', status: 200, time: 1 })),
  ],
  'halo.classroom.v1': [
    'text',
    { joined: 5 },
    { joined: { code: 'K7QX3M' } },
    { joined: { code: 'K7QX3M', title: 't', name: 'x'.repeat(300), secret: 's', learnerId: null } },
  ],
};

/** Values as the playground writes them: they read back unchanged. */
const GOOD: Record<StoredKey, unknown> = {
  'halo.layout.v1': { splits: { columns: [26, 42, 32] }, theme: 'dark', largeText: true, dockTab: 'problems', lessonOpen: false },
  'halo.modes.v1': { presentation: true, before: { largeText: false, lessonOpen: true, splits: { editor: [72, 28] } } },
  'halo.workspaces.v1': { scratch: { 'main.ts': '// mine' }, '99-gone': { 'main.ts': 'old', 'lib.ts': 'x' } },
  'halo.active.v1': '02-routes-and-methods',
  'halo.files.v1': { 'main.ts': '// old' },
  'halo.progress.v1': ['01-getting-started'],
  'halo.request.v1': spec,
  'halo.history.v1': [{ spec, origin: 'http://localhost:3000', status: null, time: 5 }],
  'halo.exercises.v1': {
    'exercise-0123456789abcd': {
      title: 'Greet',
      text: 'Answer **GET /greet**.',
      starter: { 'main.ts': '// start' },
      solution: null,
      checks: [{ title: 'GET /greet answers', request: { method: 'GET', path: '/greet' }, expect: { status: 200 } }],
    },
  },
  'halo.classroom.v1': { joined: { code: 'K7QX3M', title: 'Halo course', name: 'Ann', secret: 'a'.repeat(40), learnerId: '3' } },
};

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('stored values: one schema per key', () => {
  it('names every key the playground’s sources use, and only those', async () => {
    stubRawStorage({});
    const { STORED_KEYS } = await loadStored();
    const used = new Set<string>();
    for (const file of readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))) {
      for (const match of readFileSync(join(WEB, file), 'utf8').matchAll(/['"](halo\.[\w-]+\.v\d+)['"]/g)) used.add(match[1]);
    }
    expect([...STORED_KEYS].sort()).toEqual([...used].sort());
    expect([...STORED_KEYS].sort()).toEqual(Object.keys(GOOD).sort());
    // Nothing goes around the schemas: only stored.ts touches the storage.
    const direct = readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter(
      (f) =>
        /\.tsx?$/.test(f) && /\b(localStorage|sessionStorage)\??\.(getItem|setItem|removeItem)/.test(readFileSync(join(WEB, f), 'utf8')),
    );
    expect(direct).toEqual([join('state', 'stored.ts')]);
  });

  for (const key of Object.keys(BAD) as StoredKey[]) {
    it(`${key}: garbage, wrong types and huge values read as the default; good values read back`, async () => {
      for (const raw of [...GARBAGE, ...BAD[key].map((value) => JSON.stringify(value))]) {
        stubRawStorage({ [key]: raw });
        const { readStored } = await loadStored();
        expect(readStored(key, FALLBACK as never), raw.slice(0, 80)).toBe(FALLBACK);
      }
      stubRawStorage({ [key]: JSON.stringify(GOOD[key]) });
      const { readStored } = await loadStored();
      expect(readStored(key, FALLBACK as never)).toEqual(GOOD[key]);
    });
  }

  it('halo.workspaces.v1: a damaged entry costs only itself', async () => {
    const huge = { 'main.ts': '', ...Object.fromEntries(many(1_000, (i) => [`f${i}.ts`, ''])) };
    stubRawStorage({
      'halo.workspaces.v1': JSON.stringify({
        a: { 'main.ts': 'kept' },
        b: 42,
        c: null,
        d: { 'main.ts': 7 },
        e: huge,
        ['x'.repeat(500)]: { 'main.ts': '' },
      }),
    });
    const { readStored } = await loadStored();
    expect(readStored('halo.workspaces.v1', null)).toEqual({ a: { 'main.ts': 'kept' } });
  });

  it('halo.workspaces.v1: a program of several files is kept; one with a name the file list refuses is dropped', async () => {
    const several = { 'main.ts': "import './lib/db.ts';", 'lib/db.ts': '', 'data.json': '{}' };
    const bad = (name: string) => ({ 'main.ts': '', [name]: '' });
    stubRawStorage({
      'halo.workspaces.v1': JSON.stringify({
        a: several,
        b: bad('../up.ts'),
        c: bad('/abs.ts'),
        d: bad('x.exe'),
        e: bad('.hidden.ts'),
        f: { 'main.ts': 'x'.repeat(1_000_001) },
      }),
    });
    const { readStored } = await loadStored();
    expect(readStored('halo.workspaces.v1', null)).toEqual({ a: several });
  });

  it('the page’s stores start with their defaults when every key holds null, garbage or the wrong type', async () => {
    for (const raw of ['null', '{not json', '42', '"text"', '[]']) {
      const data = stubRawStorage(Object.fromEntries(Object.keys(GOOD).map((key) => [key, raw])));
      const s = await load();
      expect(s.layoutStore.get(), raw).toEqual(s.DEFAULT_LAYOUT);
      expect(s.modeStore.get()).toEqual({ presentation: false, helpOpen: false, before: null });
      expect(s.workspaceStore.get()).toMatchObject({ active: lessons[0].id, saved: {}, unchosen: null });
      expect(s.filesStore.get().files['main.ts']).toBe(lessons[0].starter['main.ts']);
      expect(s.progressStore.get().completed).toEqual([]);
      expect(s.requestStore.get().spec).toMatchObject({ method: 'GET', path: '/', bodyType: 'none' });
      expect(s.requestStore.get().history).toEqual([]);
      // The next change writes a good value over the bad one.
      s.layoutStore.set({ theme: 'dark' });
      expect(JSON.parse(data.get('halo.layout.v1')!)).toMatchObject({ theme: 'dark', splits: s.DEFAULT_LAYOUT.splits });
    }
  });

  it('fills fields missing from an older version’s value with the defaults, keeping the rest', async () => {
    stubRawStorage({
      // The lesson open last: a first visit would set the request to lesson 1's.
      'halo.active.v1': JSON.stringify(lessons[0].id),
      'halo.layout.v1': JSON.stringify({ theme: 'dark', splits: { editor: [60, 40] } }),
      'halo.modes.v1': JSON.stringify({ presentation: true }),
      'halo.request.v1': JSON.stringify({ method: 'DELETE', path: '/items/1' }),
      'halo.history.v1': JSON.stringify([{ spec: { path: '/old' }, origin: 'http://localhost:3000', status: 200, time: 1 }]),
    });
    const s = await load();
    expect(s.layoutStore.get()).toEqual({ ...s.DEFAULT_LAYOUT, theme: 'dark', splits: { ...s.DEFAULT_LAYOUT.splits, editor: [60, 40] } });
    expect(s.modeStore.get()).toEqual({ presentation: true, helpOpen: false, before: null });
    expect(s.requestStore.get().spec).toMatchObject({
      method: 'DELETE',
      path: '/items/1',
      bodyType: 'none',
      json: '{\n  "name": "Ada"\n}',
    });
    expect(s.requestStore.get().history[0].spec).toMatchObject({ method: 'GET', path: '/old', headers: [{ name: 'Accept' }] });
  });

  it('never lets a stored key reach an object’s prototype', async () => {
    stubRawStorage({
      'halo.layout.v1': '{"splits": {"__proto__": [50, 50], "editor": [60, 40]}}',
      'halo.workspaces.v1': '{"__proto__": {"main.ts": "x"}, "scratch": {"main.ts": "mine"}}',
    });
    const s = await load();
    expect(Object.getPrototypeOf(s.layoutStore.get().splits)).toBe(Object.prototype);
    expect(s.layoutStore.get().splits.editor).toEqual([60, 40]);
    expect(Object.getPrototypeOf(s.workspaceStore.get().saved)).toBe(Object.prototype);
    expect(s.workspaceStore.get().saved.scratch).toEqual({ 'main.ts': 'mine' });
  });
});
