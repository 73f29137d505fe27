import { createStore, type Store } from '../state/store.ts';
import {
  CLASS_SERVICES,
  CLASS_SOCKET_PATH,
  type ClassInfo,
  type LearnerRecord,
  type ResultRecord,
  type SharedCodeRecord,
} from '../../runtime/classroom/class-protocol.ts';
import { applyEvents, emptyDashboard, loadedDashboard, type DashboardEvent, type DashboardState } from './dashboard-state.ts';

/** A dashboard: its state, and `start`, which connects and returns the function that disconnects. */
interface Dashboard {
  store: Store<DashboardState>;
  start(): () => void;
}

type Message = { id?: number; result?: unknown; error?: { message?: string }; event?: string; data?: unknown };

/**
 * How long changes gather before they are applied (at the next animation frame after that): each batch
 * lays the table out again, so a few batches a second cost a fraction of one per frame, and a result
 * still reaches its cell well within a second.
 */
const GATHER_MS = 200;

/** How long queued changes may wait when no animation frame comes (a hidden tab): they still land. */
const FLUSH_WITHOUT_FRAME_MS = 1000;

/**
 * Queues published changes and applies them to `store` together, at the first animation frame once they
 * have gathered for GATHER_MS: a class of 300 sending every 2 s is a few state changes (renders) a second,
 * never more than one per frame, not one per message. Nothing is applied
 * while `held()` (the class is loading: its snapshot comes first, then what arrived meanwhile).
 */
export function batchedEvents(store: Store<DashboardState>, held: () => boolean) {
  let queue: DashboardEvent[] = [];
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gather: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(gather);
    frame = 0;
    timer = undefined;
    if (held() || queue.length === 0) return;
    const events = queue;
    queue = [];
    store.set((state) => applyEvents(state, events));
  };
  return {
    push(event: DashboardEvent): void {
      queue.push(event);
      if (held() || timer !== undefined) return;
      timer = setTimeout(flush, FLUSH_WITHOUT_FRAME_MS);
      gather = setTimeout(() => (frame = requestAnimationFrame(flush)), GATHER_MS);
    },
    flush,
    clear(): void {
      queue = [];
    },
  };
}

/**
 * The dashboard of the teacher `key`; once started, it loads the class, its learners, results and shown code, then
 * applies every change as it is published (in batches, one per frame). A dropped connection comes back by
 * itself (and loads again); a refused key stays refused.
 */
export function connectDashboard(key: string): Dashboard {
  const store = createStore<DashboardState>(emptyDashboard());
  let socket: WebSocket | null = null;
  let closed = true;
  let loading = true;
  let nextId = 1;
  const pending = new Map<number, (message: Message) => void>();
  const events = batchedEvents(store, () => loading);

  const call = (method: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)));
      socket?.send(JSON.stringify({ id, call: method }));
    });

  const load = async (): Promise<void> => {
    loading = true;
    events.clear();
    const [info, learners, results, code] = await Promise.all([
      call(`${CLASS_SERVICES.classes}.index`),
      call(`${CLASS_SERVICES.learners}.index`),
      call(`${CLASS_SERVICES.results}.index`),
      call(`${CLASS_SERVICES.code}.index`),
    ]);
    store.set(
      loadedDashboard((info as ClassInfo[])[0], learners as LearnerRecord[], results as ResultRecord[], code as SharedCodeRecord[]),
    );
    loading = false;
    // What was published while the snapshot was read (applying a change twice changes nothing).
    events.flush();
  };

  const open = (): void => {
    const url = new URL(CLASS_SOCKET_PATH, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('key', key);
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('open', () => void load().catch(() => current.close()));
    current.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as Message;
      if (typeof message.id === 'number') {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
      } else if (message.event === 'resync') void load().catch(() => current.close());
      else if (message.event) events.push({ event: message.event, data: message.data });
    });
    current.addEventListener('close', (event) => {
      pending.clear();
      if (closed) return;
      if (event.code === 4401 || event.code === 4403)
        return store.set({ status: 'refused', refusal: event.reason || 'The key was refused.' });
      store.set({ status: 'reconnecting' });
      setTimeout(() => !closed && open(), 1000);
    });
  };
  return {
    store,
    start: () => {
      closed = false;
      open();
      return () => {
        closed = true;
        socket?.close();
      };
    },
  };
}
