import type { ConsoleEntry } from '../../contract/engine-api.ts';
import { mayListenOn } from '../../contract/program-origin.ts';
import type { SocketTransport } from '../../framework/providers/websocket/socket-connection.ts';
import type { ProcessEvents } from './program-process.ts';

/** A page WebSocket as the host serves it: what the program sends and its close, and the trace of each call it handled. */
export interface PageSocketPeer extends SocketTransport {
  /** The trace of a call the program handled from this socket (the `x-halo-trace` encoding). */
  trace?(trace: string): void;
}

/** The page's side of one WebSocket connection to the program: what the client sends, and its closing. */
export interface ClientSocket {
  /** Passes a text message of the client to the program. */
  send(text: string): void;
  /** The client closed (or failed): the program forgets the connection. */
  close(): void;
}

/** What one program's events reach on its host. */
export interface ProgramParts {
  /** The origins it listens on, kept up to date here. */
  origins: Set<string>;
  /** The page sockets open on it, by id. */
  sockets: Map<number, PageSocketPeer>;
  /** Where its console goes. */
  console: (entry: ConsoleEntry) => void;
  /** Where a refused `startServer` is said (the learner's console, whoever runs the program). */
  refused(entry: ConsoleEntry): void;
  /** Its origins changed. */
  originsChanged(): void;
  /** Answers its calls to the page (PGlite's assets and files, the optional modules). */
  call: ProcessEvents['call'];
}

/** The events of one program's process, as its host handles them. */
export function programEvents(parts: ProgramParts): ProcessEvents {
  const { origins, sockets } = parts;
  return {
    console: parts.console,
    call: parts.call,
    socketSend: (id, text) => sockets.get(id)?.send(text),
    socketTrace: (id, trace) => sockets.get(id)?.trace?.(trace),
    socketClose: (id, code, reason) => {
      const peer = sockets.get(id);
      sockets.delete(id);
      peer?.close(code, reason);
    },
    listen: (origin) => {
      // The page's requests to `origin` go to the program from now on: only addresses no real site has.
      if (!mayListenOn(origin, globalThis.location?.origin)) return parts.refused(refusal(origin));
      origins.add(origin);
      parts.originsChanged();
    },
    unlisten: (origin) => {
      origins.delete(origin);
      parts.originsChanged();
    },
  };
}

/** What the console says when a program may not listen on `origin`. */
function refusal(origin: string): ConsoleEntry {
  const why = origin === globalThis.location?.origin ? "is the playground's own address" : 'is not a local address';
  return {
    level: 'error',
    text: `startServer: ${origin} ${why}; use localhost, 127.0.0.1, a name ending in .localhost or .test, or a one-word host name.`,
    time: Date.now(),
  };
}
