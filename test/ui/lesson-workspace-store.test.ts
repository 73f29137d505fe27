import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { stepsOf } from '../../runtime/course/format/check-format.ts';
import { freshState } from './fresh-state.ts';
import { SCRATCH } from '../../web/lessons/workspace-store.ts';

const { lessons } = builtCourse;

/** A localStorage stand-in (Node has none), pre-filled with `entries`. */
function stubStorage(entries: Record<string, unknown> = {}): Map<string, string> {
  const data = new Map(Object.entries(entries).map(([k, v]) => [k, JSON.stringify(v)]));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  });
  return data;
}

/** A fresh playground state reading the stubbed storage, as a page load would. */
async function load() {
  const state = freshState();
  return { SCRATCH, DEFAULT_FILES: state.state.course.example, ...state };
}

const [first, second] = lessons;
const saved = (data: Map<string, string>) => JSON.parse(data.get('halo.workspaces.v1') ?? '{}') as Record<string, { 'main.ts': string }>;

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('workspaces: the code of each lesson, and scratch', () => {
  it('opens lesson 1 with its starter on a first visit', async () => {
    stubStorage();
    const s = await load();
    expect(s.workspaceStore.get().active).toBe(first.id);
    expect(s.filesStore.get().files['main.ts']).toBe(first.starter['main.ts']);
  });

  it("keeps each lesson's edits apart and stores only edited code", async () => {
    const data = stubStorage();
    const s = await load();
    s.setFile('main.ts', '// mine, lesson 1');
    s.openWorkspace(second.id);
    expect(s.filesStore.get().files['main.ts']).toBe(second.starter['main.ts']);
    s.setFile('main.ts', second.starter['main.ts']); // unchanged: nothing stored for lesson 2
    s.openWorkspace(s.SCRATCH);
    expect(s.filesStore.get().files).toEqual(s.DEFAULT_FILES);
    expect(saved(data)).toEqual({ [first.id]: { 'main.ts': '// mine, lesson 1' } });

    // A reload comes back to the last workspace, and every lesson's code is still there.
    const again = await load();
    expect(again.workspaceStore.get().active).toBe(again.SCRATCH);
    again.openWorkspace(first.id);
    expect(again.filesStore.get().files['main.ts']).toBe('// mine, lesson 1');
    again.resetWorkspace();
    expect(again.filesStore.get().files['main.ts']).toBe(first.starter['main.ts']);
    expect(saved(data)).toEqual({});
  });

  it('survives a deployment that removed a lesson, and keeps its code for a later one', async () => {
    const data = stubStorage({ 'halo.active.v1': '99-gone', 'halo.workspaces.v1': { '99-gone': { 'main.ts': 'old' }, broken: 42 } });
    const s = await load();
    expect(s.workspaceStore.get().active).toBe(first.id);
    s.setFile('main.ts', '// edit');
    expect(Object.keys(saved(data)).sort()).toEqual([first.id, '99-gone'].sort());
  });

  it("moves the edited example of the page's previous version into scratch", async () => {
    stubStorage({ 'halo.files.v1': { 'main.ts': '// my old program' } });
    const s = await load();
    expect(s.workspaceStore.get().saved).toEqual({ [s.SCRATCH]: { 'main.ts': '// my old program' } });
  });

  it('opens the workspace named by ?lesson= in the address', async () => {
    stubStorage({ 'halo.active.v1': first.id });
    vi.stubGlobal('location', { search: `?lesson=${second.id}` });
    const s = await load();
    expect(s.workspaceStore.get().active).toBe(second.id);
    // The request panel is set to the lesson's first request, as opening it from the list does.
    const { requestStore } = s;
    const request = stepsOf(second.checks[0])[0].request;
    expect(requestStore.get().spec).toMatchObject({ method: request.method, path: request.path });
  });
});

describe('progress', () => {
  it('marks lessons complete once and remembers them across loads', async () => {
    const data = stubStorage();
    const s = await load();
    s.markComplete(first.id);
    s.markComplete(first.id);
    expect(JSON.parse(data.get('halo.progress.v1')!)).toEqual([first.id]);
    expect((await load()).progressStore.get().completed).toEqual([first.id]);
  });
});
