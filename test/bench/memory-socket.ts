import { Duplex } from 'node:stream';

/**
 * A connection node:http can serve without the kernel: the benchmark pushes a request's bytes in, and what the
 * server writes back is counted (bytes, and write calls, each of which would be one system call on a TCP socket).
 * Hand it to a server with `server.emit('connection', socket)`.
 */
export class MemorySocket extends Duplex {
  /** What node:http reads of a real socket's peer. */
  readonly remoteAddress = '127.0.0.1';
  readonly remotePort = 1;
  /** Bytes the server wrote. */
  bytes = 0;
  /** Write calls the server made (a `writev` of several chunks counts once). */
  writes = 0;
  /** Called after each write; a benchmark sends the connection's next request from here. */
  onWrite: (() => void) | null = null;

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.wrote(chunk.length);
    callback();
  }

  override _writev(chunks: { chunk: Buffer }[], callback: () => void): void {
    let size = 0;
    for (const { chunk } of chunks) size += chunk.length;
    this.wrote(size);
    callback();
  }

  /** node:http sets socket options on every connection; there is nothing to set here. */
  setTimeout(): this {
    return this;
  }

  /** See setTimeout. */
  setNoDelay(): this {
    return this;
  }

  /** See setTimeout. */
  setKeepAlive(): this {
    return this;
  }

  private wrote(size: number): void {
    this.bytes += size;
    this.writes++;
    this.onWrite?.();
  }
}
