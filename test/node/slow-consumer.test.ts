/**
 * One client that stops reading must not grow the server: the program (a child process) publishes
 * 150 MB of events while one socket reads nothing; the server's RSS grows less than 64 MiB and the
 * socket is closed with the documented 1008 "Too slow: …" once over maxBufferedBytes (default 4 MiB).
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTsFile } from '../support/run-program.ts';
import type { RunningProgram } from '../support/run-program.ts';
import { callJson } from '../support/serve-app.ts';
import { openSocket } from '../support/socket-client.ts';

const FLOOD_MB = 150;
const MAX_GROWTH_MIB = 64;

let program: RunningProgram;
beforeAll(async () => {
  program = await runTsFile('test/node/fixtures/flood-app.ts');
}, 60_000);
afterAll(async () => {
  await program?.interrupt('SIGKILL');
});

describe('a client that does not read', () => {
  it(`${FLOOD_MB} MB of events to a socket that reads nothing: RSS grows < ${MAX_GROWTH_MIB} MiB and the socket is closed with 1008`, async () => {
    const stalled = await openSocket(`${program.origin}/ws`);
    // A reply means the connection is admitted and receives events; then it stops reading.
    await stalled.call('events.index');
    const tcp = (stalled.ws as unknown as { _socket: Socket })._socket;
    tcp.pause();
    const flood = await callJson(program.origin, 'POST', '/flood', { mb: FLOOD_MB, eventBytes: 16 * 1024 });
    expect(flood.status).toBe(200);
    const { before, peak, after, count } = flood.json as unknown as { before: number; peak: number; after: number; count: number };
    const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    console.log(`${count} events of 16 KiB (${FLOOD_MB} MB): RSS ${mib(before)} MiB before, ${mib(peak)} peak, ${mib(after)} after`);
    expect(count * 16 * 1024).toBeGreaterThanOrEqual(FLOOD_MB * 1024 * 1024);
    expect(peak - before).toBeLessThan(MAX_GROWTH_MIB * 1024 * 1024);
    tcp.resume();
    const closed = await stalled.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/^Too slow: over 4194304 bytes waiting to be sent/);
    // It got some events before being cut off, and far fewer than were published.
    const events = stalled.messages.filter((m) => m.event === 'events created').length;
    expect(events).toBeGreaterThan(0);
    expect(events).toBeLessThan(count / 4);
  }, 120_000);
});
