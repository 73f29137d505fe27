import { connect } from 'node:net';
import type { Workload } from './workloads.ts';

/**
 * Sends `count` requests of `workload` to `port` over `connections` keep-alive connections, one request at a
 * time per connection (as wrk does, no pipelining), and resolves once `count` responses have arrived. Each
 * response must be a 200; its end is found by its content-length. A connection the server resets (under
 * valgrind a server is slow enough to hit its own timeouts now and then) is replaced, and its unanswered
 * request sent again, so a handful of requests in a run may be parsed twice.
 */
export function sendRequests(port: number, workload: Workload, count: number, connections: number): Promise<void> {
  const body = workload.body ?? '';
  const head =
    `${workload.method} ${workload.path} HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
    (body ? `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` : '');
  const request = Buffer.from(`${head}\r\n${body}`);
  let sent = 0;
  let received = 0;
  return new Promise((resolve, reject) => {
    const open = (): void => {
      const socket = connect(port, '127.0.0.1');
      let buffered = '';
      let waiting = false;
      const next = (): void => {
        waiting = sent < count;
        if (!waiting) return void socket.end();
        sent++;
        socket.write(request);
      };
      socket.setNoDelay(true);
      socket.setEncoding('latin1');
      socket.on('connect', next);
      socket.on('data', (text: string) => {
        buffered += text;
        for (;;) {
          const headEnd = buffered.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const length = /content-length: (\d+)/i.exec(buffered.slice(0, headEnd));
          const end = headEnd + 4 + Number(length?.[1] ?? 0);
          if (buffered.length < end) return;
          if (!buffered.startsWith('HTTP/1.1 200')) return reject(new Error(`unexpected response: ${buffered.slice(0, 80)}`));
          buffered = buffered.slice(end);
          if (++received === count) resolve();
          next();
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        if (!waiting || received >= count) return;
        sent--;
        open();
      });
    };
    for (let i = 0; i < connections; i++) open();
  });
}
