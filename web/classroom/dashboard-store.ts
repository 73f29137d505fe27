import { createStore, type Store } from '../state/store.ts';
import {
  CLASS_SERVICES,
  CLASS_SOCKET_PATH,
  type ClassInfo,
  type LearnerRecord,
  type ResultRecord,
  type SharedCodeRecord,
} from '../../runtime/classroom/class-protocol.ts';

/** What the teacher's dashboard shows, kept live over the class server's WebSocket. */
export interface DashboardState {
  /** `refused`: the key was wrong (nothing to retry); `reconnecting`: the connection dropped and comes back. */
  status: 'connecting' | 'live' | 'reconnecting' | 'refused';
  /** Why the server refused, in its words. */
  refusal: string | null;
  info: ClassInfo | null;
  learners: LearnerRecord[];
  /** The latest result of each learner, lesson and check, by its id. */
  results: Record<string, ResultRecord>;
  /** The code each learner shows, by learner id. */
  code: Record<string, SharedCodeRecord>;
}

/** A dashboard: its state, and `start`, which connects and returns the function that disconnects. */
interface Dashboard {
  store: Store<DashboardState>;
  start(): () => void;
}

type Message = { id?: number; result?: unknown; error?: { message?: string }; event?: string; data?: unknown };

/** Applies one change the server published to the state (every change reaches the teacher). */
function applyEvent(state: DashboardState, event: string, data: unknown): Partial<DashboardState> {
  const record = data as { id: string; learnerId?: string };
  switch (event) {
    case `${CLASS_SERVICES.learners} created`:
      return { learners: [...state.learners.filter((l) => l.id !== record.id), data as LearnerRecord] };
    case `${CLASS_SERVICES.learners} removed`: {
      // A learner who stops sharing leaves with everything they sent.
      const results = Object.fromEntries(Object.entries(state.results).filter(([, r]) => r.learnerId !== record.id));
      const code = { ...state.code };
      delete code[record.id];
      return { learners: state.learners.filter((l) => l.id !== record.id), results, code };
    }
    case `${CLASS_SERVICES.results} created`:
      return { results: { ...state.results, [record.id]: data as ResultRecord } };
    case `${CLASS_SERVICES.code} created`:
      return { code: { ...state.code, [record.id]: data as SharedCodeRecord } };
    case `${CLASS_SERVICES.code} removed`: {
      const code = { ...state.code };
      delete code[record.id];
      return { code };
    }
    default:
      return {};
  }
}

/**
 * The dashboard of the teacher `key`; once started, it loads the class, its learners, results and shown code, then
 * applies every change as it is published. A dropped connection comes back by itself (and loads again);
 * a refused key stays refused.
 */
export function connectDashboard(key: string): Dashboard {
  const store = createStore<DashboardState>({ status: 'connecting', refusal: null, info: null, learners: [], results: {}, code: {} });
  let socket: WebSocket | null = null;
  let closed = true;
  let nextId = 1;
  const pending = new Map<number, (message: Message) => void>();

  const call = (method: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)));
      socket?.send(JSON.stringify({ id, call: method }));
    });

  const load = async (): Promise<void> => {
    const [info, learners, results, code] = await Promise.all([
      call(`${CLASS_SERVICES.classes}.index`),
      call(`${CLASS_SERVICES.learners}.index`),
      call(`${CLASS_SERVICES.results}.index`),
      call(`${CLASS_SERVICES.code}.index`),
    ]);
    store.set({
      status: 'live',
      info: (info as ClassInfo[])[0],
      learners: learners as LearnerRecord[],
      results: Object.fromEntries((results as ResultRecord[]).map((r) => [r.id, r])),
      code: Object.fromEntries((code as SharedCodeRecord[]).map((c) => [c.learnerId, c])),
    });
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
      else if (message.event) store.set((s) => applyEvent(s, message.event!, message.data));
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

/** True when `result` has kept failing for longer than `minutes` at `now`. */
export function isStuck(result: ResultRecord | undefined, minutes: number, now: number): boolean {
  return !!result && !result.passed && result.failingSince !== null && now - Date.parse(result.failingSince) > minutes * 60_000;
}
