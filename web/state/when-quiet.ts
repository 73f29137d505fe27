import type { Store } from './store.ts';

/** Work the learner waits for, such as the request panel's exchange: `pending` while a request is in flight. */
export type PendingWork = Store<{ pending: boolean }>;

/**
 * Calls `done` once nothing of `work` has been in flight for `quietMs`; a request sent meanwhile starts the wait
 * again. Returns what stops waiting (then `done` is never called).
 */
export function whenQuiet(work: PendingWork, quietMs: number, done: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = (): void => {
    clearTimeout(timer);
    if (work.get().pending) return;
    timer = setTimeout(() => {
      stop();
      done();
    }, quietMs);
  };
  const unsubscribe = work.subscribe(watch);
  const stop = (): void => {
    clearTimeout(timer);
    unsubscribe();
  };
  watch();
  return stop;
}
