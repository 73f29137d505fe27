import type { ClockShift, PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { FreshStart } from '../../runtime/course/checks/replay-exchange.ts';
import type { Files } from '../state/files-store.ts';

/**
 * Two days and two hours later: with the far zone (at most 25 hours behind the page's), the program's wall clock
 * is at least 25 hours ahead of the page's, so a date-only value falls on another day whatever the hour.
 */
const LATER_MS = 50 * 60 * 60_000;

/**
 * The zone far from the page's own: UTC+14 for a teacher at or west of UTC-1, UTC-11 for one east of it, so
 * a value in local time reads differently and a date-only value falls on another day.
 */
function farZone(): { timeZone: string; words: string } {
  const east = -new Date().getTimezoneOffset() >= 0;
  return east ? { timeZone: 'Pacific/Pago_Pago', words: 'UTC-11' } : { timeZone: 'Pacific/Kiritimati', words: 'UTC+14' };
}

/**
 * The `count` starts a maker's replay or proof sends to, all on the checks' own host (never the teacher's running
 * program, whose sockets and data stay): `files` compiled, then started afresh — the second start two days later in
 * a far time zone, where date-only and local-time values show they change, the others on today's clock.
 * Each start its own memory databases (`scope`).
 */
export function freshStarts(engine: PlaygroundEngine, files: Files, scope: string, count: number): FreshStart[] {
  let compiled: Promise<Awaited<ReturnType<PlaygroundEngine['compile']>>> | null = null;
  const startWith = (n: number, clock?: ClockShift) => async () => {
    const result = await (compiled ??= engine.compile(files));
    if (!result.ok) throw new Error('the program does not compile');
    const state = await engine.run(result.bundle, { forChecks: true, storageScope: `${scope}-${n}`, ...(clock ? { clock } : {}) });
    if (state.status === 'crashed') throw new Error('the program stopped before it listened (its console shows why)');
  };
  const zone = farZone();
  // The shifted start comes second: a value that changes with the day shows before the many starts on today's clock.
  return Array.from({ length: count }, (_, i) =>
    i === 1
      ? {
          start: startWith(2, { shiftMs: LATER_MS, timeZone: zone.timeZone }),
          label: `two days later, in ${zone.words}`,
          clockShifted: true,
        }
      : { start: startWith(i + 1) },
  );
}
