import type { Store } from '../state/store.ts';
import { applyEvents, type DashboardEvent, type DashboardState } from './dashboard-state.ts';

/** How long queued changes may wait when no animation frame comes (a hidden tab): they still land. */
const FLUSH_WITHOUT_FRAME_MS = 1000;

/**
 * Queues published changes and applies them to `store` together at the next animation frame: the socket
 * worker already gathers them (one message per 200 ms), so a class of 300 sending every 2 s is a few state
 * changes (renders) a second, never more than one per frame. Nothing is applied while `held()` (the class
 * is loading: its snapshot comes first, then what arrived meanwhile).
 */
export function batchedEvents(store: Store<DashboardState>, held: () => boolean) {
  let queue: DashboardEvent[] = [];
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = 0;
    timer = undefined;
    if (held() || queue.length === 0) return;
    const events = queue;
    queue = [];
    store.set((state) => applyEvents(state, events));
  };
  return {
    push(events: readonly DashboardEvent[]): void {
      queue.push(...events);
      if (held() || timer !== undefined) return;
      timer = setTimeout(flush, FLUSH_WITHOUT_FRAME_MS);
      frame = requestAnimationFrame(flush);
    },
    flush,
    clear(): void {
      queue = [];
    },
  };
}
