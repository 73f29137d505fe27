import type { Duplex } from 'node:stream';

/**
 * Holds what sockets write for the rest of the current tick, then lets each socket send it in one system
 * call. A WebSocket write is otherwise one `writev` per message, the largest cost of a reply; the replies to
 * the several messages one read brought, and an event to many sockets, all finish in one tick. Nothing waits
 * for a timer: the writes leave once the tick's promise jobs are done.
 */
export class WriteBatch {
  private readonly held = new Set<Duplex>();
  private flushing = false;

  /** Holds `socket`'s writes until the end of this tick (once per socket and tick). */
  hold(socket: Duplex): void {
    if (this.held.has(socket)) return;
    socket.cork();
    this.held.add(socket);
    if (this.flushing) return;
    this.flushing = true;
    process.nextTick(this.flush);
  }

  private readonly flush = (): void => {
    this.flushing = false;
    for (const socket of this.held) socket.uncork();
    this.held.clear();
  };
}
