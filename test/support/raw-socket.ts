import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** A raw TCP connection to a test server, collecting what the server sends. */
export interface RawConnection {
  socket: Socket;
  /** Everything received so far, as text. */
  received(): string;
  /** Resolves with everything received once the server closed the connection (or reset it). */
  closed: Promise<string>;
}

/** Opens a raw connection to `origin` (`http://127.0.0.1:<port>`), for requests no HTTP client would send. */
export function openRaw(origin: string): Promise<RawConnection> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    // A reset after the reply still counts as closed: the test asserts what was read before it.
    const closed = new Promise<string>((done) => socket.once('close', () => done(text)));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}
