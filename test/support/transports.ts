import type { App } from '../../runtime/framework/app.ts';
import { serveApp } from './serve-app.ts';

/** Sends requests to an App through one host; every behaviour test runs over each of them. */
export interface Transport {
  name: string;
  start(app: App): Promise<{ send(path: string, init?: RequestInit): Promise<Response>; stop(): Promise<void> }>;
}

/** Real sockets: Node's AppHttp on 127.0.0.1, requests with Node's fetch. */
const socketTransport: Transport = {
  name: 'Node AppHttp over a real socket',
  async start(app) {
    const served = await serveApp(app);
    return { send: (path, init) => fetch(served.uri + path, init), stop: () => served.close() };
  },
};

/** In-process Fetch API: `app.fetch(new Request(...))`, the path the browser build takes. */
const fetchTransport: Transport = {
  name: 'app.fetch (Fetch API host)',
  async start(app) {
    return {
      send: (path, init) => app.fetch(new Request('http://localhost:3000' + path, init)),
      stop: async () => {},
    };
  },
};

/** Both hosts. */
export const transports: Transport[] = [socketTransport, fetchTransport];
