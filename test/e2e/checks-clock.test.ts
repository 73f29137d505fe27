/**
 * RunOptions.clock through the engine in Chromium: the checks' copy of a program runs a day later in
 * Pacific/Kiritimati (UTC+14), so a date-only or local-time value differs from the learner's own copy, which
 * keeps the real clock.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';

const DAY = 86_400_000;
const PROGRAM = `import { App, AppHttp } from 'halo';
const app = new App();
app.get('/today', () => ({ now: Date.now(), createdOn: new Date().toLocaleDateString('en-CA'), offset: new Date().getTimezoneOffset(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
await new AppHttp(app).startServer('localhost', 3000);
`;
let session: PlaygroundSession;

beforeAll(async () => {
  session = await PlaygroundSession.open();
}, 180_000);
afterAll(async () => {
  await session?.close();
});

/** The Kiritimati date of `time`, as en-CA writes it (`2026-11-27`). */
const kiritimatiDate = (time: number): string => new Date(time).toLocaleDateString('en-CA', { timeZone: 'Pacific/Kiritimati' });

test("the checks' copy runs on another day in another time zone; the learner's keeps the real clock", async () => {
  const state = await session.page.evaluate(async (source) => {
    const compiled = await window.__halo.engine.compile({ 'main.ts': source });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
    await window.__halo.engine.run(compiled.bundle);
    return window.__halo.engine.run(compiled.bundle, { forChecks: true, clock: { shiftMs: 86_400_000, timeZone: 'Pacific/Kiritimati' } });
  }, PROGRAM);
  expect(state).toMatchObject({ status: 'running' });
  const before = Date.now();
  const shifted = JSON.parse((await session.fetch('http://localhost:3000/today', {}, true)).body) as Record<string, unknown>;
  const real = JSON.parse((await session.fetch('http://localhost:3000/today')).body) as Record<string, unknown>;
  const after = Date.now();
  expect(shifted.now).toBeGreaterThanOrEqual(before + DAY - 1000);
  expect(shifted.now).toBeLessThanOrEqual(after + DAY + 1000);
  expect(shifted).toMatchObject({ offset: -840, zone: 'Pacific/Kiritimati' });
  expect([kiritimatiDate(before + DAY), kiritimatiDate(after + DAY)]).toContain(shifted.createdOn);
  expect(real.now).toBeGreaterThanOrEqual(before - 1000);
  expect(real.now).toBeLessThanOrEqual(after + 1000);
  expect(real.zone).not.toBe('Pacific/Kiritimati');
}, 180_000);
