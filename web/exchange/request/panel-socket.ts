import type { PlaygroundEngine } from '../../../runtime/contract/engine-api.ts';
import { createStore, type Store } from '../../state/store.ts';
import { SOCKET_TRACE_EVENT } from '../../../runtime/contract/socket-trace.ts';
import type { RequestTrace } from '../../../runtime/framework/tracing/trace-data.ts';
import { decodeTraceHeader } from '../../../runtime/framework/tracing/trace-header.ts';

/** One line of a connection's log. */
export interface SocketLogLine {
  /** Epoch milliseconds. */
  time: number;
  /** `out`: sent by you; `in`: from the program; `info`: connection events; `error`: what went wrong; `trace`: what a call ran. */
  kind: 'in' | 'out' | 'info' | 'error' | 'trace';
  text: string;
  /** For a `trace` line: the trace of the call the program just handled. */
  trace?: RequestTrace;
}

/** What a connection view shows. */
export interface SocketView {
  status: 'closed' | 'connecting' | 'open';
  log: SocketLogLine[];
}

/** The close code the engine uses when the program restarts (1012, "Service Restart"). */
const PROGRAM_RESTARTED = 1012;
/** Lines kept per log: a chatty program must not grow the page without bound. */
const MAX_LOG = 500;

/**
 * One WebSocket connection of the request panel, to the learner's program: connect, send, a timestamped
 * log of what went in and out, and reconnecting by itself (logged as "Reconnected") after the program
 * restarts, until the learner disconnects. Lives outside React so the log survives panel switches.
 */
export class PanelSocket {
  /** The connection's state and log, for the view. */
  readonly store: Store<SocketView> = createStore<SocketView>({ status: 'closed', log: [] });
  private socket: WebSocket | null = null;
  private url = '';
  /** True while the learner wants the connection: a restart reconnects. */
  private wanted = false;

  /** Connects through `engine` (its routing must be in place before a socket opens, or it would reach the network). */
  constructor(private readonly engine: Pick<PlaygroundEngine, 'serving' | 'state' | 'onState'>) {}

  /** Opens a connection to `url` (closing any open one). */
  async connect(url: string): Promise<void> {
    this.disconnect();
    this.wanted = true;
    this.url = url;
    await this.engine.serving;
    this.open(false);
  }

  /** Closes the connection and stops reconnecting. */
  disconnect(): void {
    this.wanted = false;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.close(1000, 'Closed by you.');
    this.store.set({ status: 'closed' });
    this.log('info', 'Disconnected.');
  }

  /** Sends `text` as one message, logged as `out`. */
  send(text: string): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return this.log('error', 'Not connected: connect first.');
    this.socket.send(text);
    this.log('out', text);
  }

  /** Empties the log. */
  clear(): void {
    this.store.set({ log: [] });
  }

  private open(again: boolean): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    this.store.set({ status: 'connecting' });
    socket.onopen = () => {
      this.store.set({ status: 'open' });
      this.log('info', `${again ? 'Reconnected' : 'Connected'} to ${this.url}.`);
    };
    socket.onmessage = (event) => this.log('in', typeof event.data === 'string' ? event.data : '(binary message)');
    socket.addEventListener(SOCKET_TRACE_EVENT, (event) => {
      const trace = decodeTraceHeader(String((event as MessageEvent).data));
      if (trace && this.socket === socket)
        this.log('trace', `Trace: ${trace.steps.length} steps, ${trace.durationMs.toFixed(2)} ms`, trace);
    });
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.store.set({ status: 'closed' });
      this.log(
        event.code === 1000 || event.code === PROGRAM_RESTARTED ? 'info' : 'error',
        `Closed: ${event.code}${event.reason ? ` ${event.reason}` : ''}`,
      );
      if (this.wanted && event.code === PROGRAM_RESTARTED) {
        this.log('info', 'Reconnecting once the program runs again…');
        void this.whenRunning().then(() => this.wanted && !this.socket && this.open(true));
      }
    };
  }

  /** Resolves once the program is running (again). */
  private whenRunning(): Promise<void> {
    return new Promise((resolve) => {
      if (this.engine.state.status === 'running') return resolve();
      const stop = this.engine.onState((state) => {
        if (state.status !== 'running') return;
        stop();
        resolve();
      });
    });
  }

  private log(kind: SocketLogLine['kind'], text: string, trace?: RequestTrace): void {
    const line: SocketLogLine = trace ? { time: Date.now(), kind, text, trace } : { time: Date.now(), kind, text };
    this.store.set((view) => ({ log: [...view.log, line].slice(-MAX_LOG) }));
  }
}

const panels = new WeakMap<object, [PanelSocket, PanelSocket]>();

/** The request panel's two connections for `engine` (created once, so their logs outlive the view). */
export function panelSockets(engine: Pick<PlaygroundEngine, 'serving' | 'state' | 'onState'>): [PanelSocket, PanelSocket] {
  let pair = panels.get(engine);
  if (!pair) panels.set(engine, (pair = [new PanelSocket(engine), new PanelSocket(engine)]));
  return pair;
}
