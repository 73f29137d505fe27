import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editorMayLoad } from '../../web/editor/monaco-gate.ts';
import { createStore } from '../../web/state/store.ts';
import { ProgramSession } from '../../web/engine/program-session.ts';
import { FakeEngine } from './fake-engine.ts';

/** A session whose phase the test sets, the page's exchange, and whether the editor's wait has ended. */
function gate() {
  const session = new ProgramSession(new FakeEngine()).store;
  const work = createStore({ pending: false });
  let loaded = false;
  void editorMayLoad(session, work).then(() => (loaded = true));
  return { session, work, loaded: () => loaded };
}

describe('when Monaco may load (this Node has no service worker: that wait ends at once)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first program, then for a moment without a request in flight', async () => {
    const { session, loaded } = gate();
    await vi.advanceTimersByTimeAsync(5000);
    expect(loaded()).toBe(false);
    session.set({ phase: 'ok' });
    await vi.advanceTimersByTimeAsync(250);
    expect(loaded()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(loaded()).toBe(true);
  });

  it('never loads while the first Send is in flight: a learner quick to press it gets the answer first', async () => {
    const { session, work, loaded } = gate();
    session.set({ phase: 'ok' });
    await vi.advanceTimersByTimeAsync(100);
    work.set({ pending: true });
    await vi.advanceTimersByTimeAsync(4000);
    expect(loaded()).toBe(false);
    work.set({ pending: false });
    await vi.advanceTimersByTimeAsync(250);
    expect(loaded()).toBe(false);
    // Another Send within the quiet moment starts it again.
    work.set({ pending: true });
    work.set({ pending: false });
    await vi.advanceTimersByTimeAsync(250);
    expect(loaded()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(loaded()).toBe(true);
  });

  it('a program that never runs (held for consent) lets Monaco load after 10 s', async () => {
    const { loaded } = gate();
    await vi.advanceTimersByTimeAsync(10_000 + 350);
    expect(loaded()).toBe(true);
  });
});
