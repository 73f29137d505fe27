import { createStore, type Store } from '../state/store.ts';
import {
  CLASS_SERVICES,
  CLASS_SOCKET_PATH,
  type ClassInfo,
  type LearnerRecord,
  type ResultRecord,
  type SharedCodeRecord,
} from '../../runtime/classroom/class-protocol.ts';
import type { FromSocketWorker, SocketReply, ToSocketWorker } from './dashboard-socket-protocol.ts';
import SocketWorker from './dashboard-socket.worker.ts?worker';
import { batchedEvents } from './dashboard-batches.ts';
import { emptyDashboard, loadedDashboard, type DashboardState } from './dashboard-state.ts';

/** A dashboard: its state, and `start`, which connects and returns the function that disconnects. */
interface Dashboard {
  store: Store<DashboardState>;
  start(): () => void;
}

/** Calls to the class server through the socket worker, each settled by the reply that bears its id. */
function socketCalls(tell: (message: ToSocketWorker) => void) {
  let nextId = 1;
  const pending = new Map<number, (message: SocketReply) => void>();
  return {
    /** Calls service method `method` (`learners.index`); resolves with its result, rejects with its refusal. */
    call: (method: string): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)));
        tell({ send: JSON.stringify({ id, call: method }) });
      }),
    /** Settles the call `reply` answers. */
    answer: (reply: SocketReply): void => {
      const id = reply.id ?? -1;
      pending.get(id)?.(reply);
      pending.delete(id);
    },
    /** Forgets every call under way: the socket that would answer them closed. */
    forget: (): void => pending.clear(),
  };
}

/** The class as the server has it now: the class, its learners, their results and the code they show. */
async function classSnapshot(call: (method: string) => Promise<unknown>): Promise<Partial<DashboardState>> {
  const [info, learners, results, code] = await Promise.all([
    call(`${CLASS_SERVICES.classes}.index`),
    call(`${CLASS_SERVICES.learners}.index`),
    call(`${CLASS_SERVICES.results}.index`),
    call(`${CLASS_SERVICES.code}.index`),
  ]);
  return loadedDashboard((info as ClassInfo[])[0], learners as LearnerRecord[], results as ResultRecord[], code as SharedCodeRecord[]);
}

/**
 * The dashboard of the teacher `key`; once started, it loads the class, its learners, results and shown code, then
 * applies every change as it is published (in batches, one per frame). The socket lives in a worker
 * (dashboard-socket.worker.ts), so the page's main thread handles a few messages a second, not one per change. A dropped connection comes back by
 * itself (and loads again); a refused key stays refused.
 */
export function connectDashboard(key: string): Dashboard {
  const store = createStore<DashboardState>(emptyDashboard());
  let worker: Worker | null = null;
  let closed = true;
  let loading = true;
  const events = batchedEvents(store, () => loading);
  const tell = (message: ToSocketWorker): void => worker?.postMessage(message);
  const calls = socketCalls(tell);

  const load = async (): Promise<void> => {
    loading = true;
    events.clear();
    store.set(await classSnapshot(calls.call));
    loading = false;
    // What was published while the snapshot was read (applying a change twice changes nothing).
    events.flush();
  };
  const reload = (): void => void load().catch(() => tell({ close: true }));

  const open = (): void => {
    const url = new URL(CLASS_SOCKET_PATH, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('key', key);
    tell({ open: url.href });
  };
  const heard = ({ data }: MessageEvent<FromSocketWorker>): void => {
    if ('open' in data || 'resync' in data) return reload();
    if ('events' in data) return events.push(data.events);
    if ('reply' in data) return calls.answer(data.reply);
    calls.forget();
    if (closed) return;
    const { code, reason } = data.closed;
    if (code === 4401 || code === 4403) return store.set({ status: 'refused', refusal: reason || 'The key was refused.' });
    store.set({ status: 'reconnecting' });
    setTimeout(() => !closed && open(), 1000);
  };
  return {
    store,
    start: () => {
      closed = false;
      worker = new SocketWorker({ name: 'class dashboard socket' });
      worker.addEventListener('message', heard);
      open();
      return () => {
        closed = true;
        worker?.terminate();
        worker = null;
      };
    },
  };
}
