/**
 * The shifted clock a program gets with RunOptions.clock (runtime/server-worker/shifted-clock.ts), on Node's own
 * Date and Intl: a day later, in Pacific/Kiritimati (UTC+14, no daylight saving) and America/New_York (with it),
 * whatever the machine's zone.
 */
import { describe, expect, it } from 'vitest';
import { shiftedClock } from '../../runtime/server-worker/shifted-clock.ts';

const DAY = 86_400_000;
const kiritimati = shiftedClock({ Date, Intl }, { shiftMs: DAY, timeZone: 'Pacific/Kiritimati' });
const newYork = shiftedClock({ Date, Intl }, { timeZone: 'America/New_York' });

describe('a shifted clock', () => {
  it('reads now a day later', () => {
    const before = Date.now() + DAY;
    const now = kiritimati.Date.now();
    const made = new kiritimati.Date().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(made).toBeGreaterThanOrEqual(now);
    expect(made - Date.now()).toBeLessThanOrEqual(DAY + 1000);
  });

  it('reads local time in its zone', () => {
    const instant = new kiritimati.Date('2026-11-26T12:30:00Z');
    expect([
      instant.getFullYear(),
      instant.getMonth(),
      instant.getDate(),
      instant.getHours(),
      instant.getMinutes(),
      instant.getDay(),
    ]).toEqual([2026, 10, 27, 2, 30, 5]);
    expect(instant.getTimezoneOffset()).toBe(-840);
    expect(instant.toString()).toBe('Fri Nov 27 2026 02:30:00 GMT+1400');
    expect(instant.toISOString()).toBe('2026-11-26T12:30:00.000Z');
    expect(instant.toLocaleDateString('en-CA')).toBe('2026-11-27');
    expect(new kiritimati.Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23' }).format(instant)).toBe('02');
    expect(new kiritimati.Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Pacific/Kiritimati');
    expect(instant instanceof Date).toBe(true);
  });

  it('makes dates from local fields and zone-less strings in its zone, and keeps UTC strings as they are', () => {
    expect(new kiritimati.Date(2026, 0, 1).toISOString()).toBe('2025-12-31T10:00:00.000Z');
    expect(new kiritimati.Date('2026-01-01T00:00:00').toISOString()).toBe('2025-12-31T10:00:00.000Z');
    expect(new kiritimati.Date('2026-01-01').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(kiritimati.Date.parse('2026-01-01T00:00:00+01:00')).toBe(Date.parse('2025-12-31T23:00:00Z'));
    const date = new kiritimati.Date('2026-11-26T12:30:00Z');
    date.setHours(0, 0, 0, 0);
    expect(date.toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    expect(new newYork.Date('2026-01-15T12:00:00Z').getTimezoneOffset()).toBe(300);
    expect(new newYork.Date('2026-07-15T12:00:00Z').getTimezoneOffset()).toBe(240);
    expect(new newYork.Date(2026, 6, 15, 8).toISOString()).toBe('2026-07-15T12:00:00.000Z');
  });
});
