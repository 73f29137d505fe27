import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEngine } from './fake-engine.ts';
import { freshState } from './fresh-state.ts';
import { SCRATCH } from '../../web/lessons/workspace-store.ts';
import { ProgramSession } from '../../web/engine/program-session.ts';

/** A fresh playground state (stores start empty, as on a first visit) wired to a fake engine and a real session. */
async function setUp(authoring = false) {
  const engine = new FakeEngine();
  // The "program" answers GET / with Hello, world! only once its source writes it (lesson 1's first check).
  vi.stubGlobal('fetch', async (url: string) => {
    const source = engine.runs.at(-1)?.code ?? '';
    const ok = new URL(url).pathname === '/' && source.includes("res.write('Hello, world!')");
    return new Response(ok ? 'Hello, world!' : '', { status: ok ? 200 : 404, headers: { 'content-type': 'text/plain' } });
  });
  const checks = freshState({ authoring });
  const session = new ProgramSession(engine, 0);
  const disconnect = checks.connectLessonChecks(engine, session);
  const settled = () => vi.waitFor(() => expect(checks.lessonChecksStore.get().status).toBe('done'));
  return { engine, session, disconnect, settled, SCRATCH, ...checks };
}

afterEach(() => vi.unstubAllGlobals());

describe('the lesson checks in the page', () => {
  it('run after a good build, show each result, and complete the lesson when all pass', async () => {
    const t = await setUp();
    const lesson = t.workspaceStore.get().active;
    await t.session.compileNow(t.filesStore.get().files);
    await t.settled();
    expect(t.lessonChecksStore.get().results.map((r) => r?.passed)).toEqual([false, true]);
    expect(t.progressStore.get().completed).toEqual([]);

    // An edit marks the results as of older code until its build is checked.
    t.setFile('main.ts', `${t.filesStore.get().files['main.ts']}\n// res.write('Hello, world!')`);
    expect(t.lessonChecksStore.get().status).toBe('waiting');
    await t.session.compileNow(t.filesStore.get().files);
    await t.settled();
    expect(t.lessonChecksStore.get().results.every((r) => r?.passed)).toBe(true);
    expect(t.progressStore.get().completed).toEqual([lesson]);
    t.disconnect();
  });

  it('keep a completion when later edits fail; in author mode the completion follows the latest round', async () => {
    for (const authoring of [false, true]) {
      const t = await setUp(authoring);
      const lesson = t.workspaceStore.get().active;
      const starter = t.filesStore.get().files['main.ts'];
      t.setFile('main.ts', `${starter}\n// res.write('Hello, world!')`);
      await t.session.compileNow(t.filesStore.get().files);
      await t.settled();
      expect(t.progressStore.get().completed).toEqual([lesson]);
      // Failing again (a learner's edit, or in author mode a check changed on disk and the page reloaded).
      t.setFile('main.ts', starter);
      await t.session.compileNow(t.filesStore.get().files);
      await t.settled();
      expect(t.progressStore.get().completed, `authoring: ${authoring}`).toEqual(authoring ? [] : [lesson]);
      t.disconnect();
    }
  });

  it("run against a copy of the program beside the learner's, which keeps running, and stop the copy after each round", async () => {
    const t = await setUp();
    await t.session.compileNow(t.filesStore.get().files);
    await t.settled();
    const bundle = t.session.handedBundle;
    expect(bundle).not.toBeNull();
    // The learner's run, then the checks' copy (its databases in a check scope of its own); never the learner's again.
    expect(t.engine.runs.every((run) => run === bundle)).toBe(true);
    expect(t.engine.runOptions.map((options) => options.forChecks === true)).toEqual([false, true]);
    expect(t.engine.checksStopped).toBe(1);
    const firstScope = t.engine.runOptions[1].storageScope;
    t.runLessonChecksNow();
    await vi.waitFor(() => expect(t.engine.runs).toHaveLength(3));
    await t.settled();
    expect(t.engine.runOptions.map((options) => options.forChecks === true)).toEqual([false, true, true]);
    expect(t.engine.checksStopped).toBe(2);
    // Every round starts from a fresh database.
    expect(t.engine.runOptions[2].storageScope).not.toBe(firstScope);
    t.disconnect();
  });

  it("wait while the learner's own request is in flight, and run once the new build ran a moment without one", async () => {
    const t = await setUp();
    const exchange = t.state.exchange.exchangeStore;
    exchange.set({ pending: true });
    await t.session.compileNow(t.filesStore.get().files);
    // The learner's program runs; the checks' copy waits for the learner's answer, however long it takes.
    expect(t.session.store.get().phase).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(t.engine.runOptions.map((options) => options.forChecks === true)).toEqual([false]);
    exchange.set({ pending: false });
    await t.settled();
    expect(t.engine.runOptions.map((options) => options.forChecks === true)).toEqual([false, true]);
    t.disconnect();
  });

  it('run once for the build the learner stopped at, not for each build while typing', async () => {
    const t = await setUp();
    const starter = t.filesStore.get().files['main.ts'];
    for (const typed of ['a', 'ab', 'abc']) {
      t.setFile('main.ts', `${starter}\n// ${typed}`);
      await t.session.compileNow(t.filesStore.get().files);
    }
    await t.settled();
    const copies = t.engine.runs.filter((_, i) => t.engine.runOptions[i].forChecks);
    expect(copies).toEqual([t.session.handedBundle]);
    t.disconnect();
  });

  it('do not run for code that does not compile, and start over for another lesson', async () => {
    const t = await setUp();
    t.setFile('main.ts', 'BROKEN');
    await t.session.compileNow(t.filesStore.get().files);
    expect(t.session.store.get().phase).toBe('error');
    expect(t.lessonChecksStore.get().results.every((r) => r === null)).toBe(true);

    t.openWorkspace(t.SCRATCH);
    expect(t.lessonChecksStore.get()).toEqual({ lessonId: null, status: 'waiting', results: [] });
    t.disconnect();
  });
});
