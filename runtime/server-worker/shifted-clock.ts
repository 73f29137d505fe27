/**
 * A program's clock moved to another day and another time zone (RunOptions.clock): a `Date` whose "now" is
 * shifted and whose local time is that of the zone, and an `Intl.DateTimeFormat` that formats in that zone by
 * default, so a program run this way answers as it would for a learner far away, tomorrow. The engine's own
 * clock and zone cannot be changed from a worker, so the local-time parts of `Date` are computed here.
 */
import type { ClockShift } from '../contract/engine-api.ts';

/** The globals a shifted clock replaces. */
export interface ClockGlobals {
  Date: DateConstructor;
  Intl: typeof Intl;
}

const MINUTE = 60_000;

/** `Date` and `Intl` for a program whose clock is shifted by `shift` (see ClockShift); the given ones are kept underneath. */
export function shiftedClock(native: ClockGlobals, shift: ClockShift): ClockGlobals {
  const NativeDate = native.Date;
  const NativeFormat = native.Intl.DateTimeFormat;
  const zone = shift.timeZone ?? new NativeFormat().resolvedOptions().timeZone;
  const ms = shift.shiftMs ?? 0;
  const parts = new NativeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    era: 'short',
  });
  /** Minutes the zone is ahead of UTC at instant `time`. */
  const offsetAt = (time: number): number => {
    if (!Number.isFinite(time)) return 0;
    const p = Object.fromEntries(parts.formatToParts(new NativeDate(time)).map((part) => [part.type, part.value]));
    const year = p.era === 'BC' || p.era === 'B' ? 1 - Number(p.year) : Number(p.year);
    const wall = NativeDate.UTC(year, Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
    return Math.round((wall - (time - (((time % 1000) + 1000) % 1000))) / MINUTE);
  };
  /** The instant whose wall-clock time in the zone reads as `wall` (a UTC timestamp of the same fields). */
  const fromWall = (wall: number): number => {
    let time = wall - offsetAt(wall) * MINUTE;
    time = wall - offsetAt(time) * MINUTE;
    return time;
  };
  /** The wall-clock time in the zone at `time`, as a native Date whose UTC fields read it. */
  const wallOf = (time: number): Date => new NativeDate(time + offsetAt(time) * MINUTE);
  const now = (): number => NativeDate.now() + ms;
  const shiftedDate = makeDate(NativeDate, { now, offsetAt, fromWall, wallOf, zone });
  const dateTimeFormat = makeFormat(NativeFormat, zone, now);
  const intl = Object.create(native.Intl, { DateTimeFormat: { value: dateTimeFormat, writable: true, configurable: true } }) as typeof Intl;
  return { Date: shiftedDate, Intl: intl };
}

interface Zone {
  now: () => number;
  offsetAt: (time: number) => number;
  fromWall: (wall: number) => number;
  wallOf: (time: number) => Date;
  zone: string;
}

/** Local-time getters and setters: each reads or writes the UTC field of the wall-clock time. */
const LOCAL_FIELDS = ['FullYear', 'Month', 'Date', 'Hours', 'Minutes', 'Seconds', 'Milliseconds'] as const;

/** A date string that names its offset (`Z`, `+02:00`, `GMT`), with an optional zone name after it. */
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC|UT)\b)\s*(?:\(.*\))?\s*$/i;
/** A date-only ISO string, which `Date` reads as UTC midnight whatever the zone. */
const DATE_ONLY = /^[+-]?\d{4,6}(?:-\d{2}(?:-\d{2})?)?$/;

/** `Date.parse` as the zone reads a date string: one without an offset names the zone's wall-clock time. */
function zoneParse(NativeDate: DateConstructor, zone: Zone): (text: string) => number {
  return (text) => {
    const parsed = NativeDate.parse(text);
    if (Number.isNaN(parsed) || HAS_ZONE.test(text.trim()) || DATE_ONLY.test(text.trim())) return parsed;
    const local = new NativeDate(parsed);
    return zone.fromWall(
      NativeDate.UTC(
        local.getFullYear(),
        local.getMonth(),
        local.getDate(),
        local.getHours(),
        local.getMinutes(),
        local.getSeconds(),
        local.getMilliseconds(),
      ),
    );
  };
}

/** Gives `ShiftedDate` the zone's local-time getters and setters (getHours, setMonth, ...), read from its wall-clock time. */
function defineLocalFields(ShiftedDate: DateConstructor, NativeDate: DateConstructor, zone: Zone): void {
  const proto = ShiftedDate.prototype as unknown as Record<string, (...args: number[]) => number>;
  const utc = NativeDate.prototype as unknown as Record<string, (...args: number[]) => number>;
  for (const [index, field] of LOCAL_FIELDS.entries()) {
    proto[`get${field}`] = function (this: Date) {
      return utc[`getUTC${field}`].call(zone.wallOf(this.getTime()));
    };
    proto[`set${field}`] = function (this: Date, ...values: number[]) {
      const wall = zone.wallOf(this.getTime());
      // A setter takes the fields from its own on (setHours(h, m, s, ms)), as its UTC twin does.
      utc[`setUTC${field}`].apply(wall, values.slice(0, LOCAL_FIELDS.length - index));
      return utc.setTime.call(this, zone.fromWall(wall.getTime()));
    };
  }
}

/** A `Date` whose now is the zone's and whose local time is the zone's wall-clock time. */
function makeDate(NativeDate: DateConstructor, zone: Zone): DateConstructor {
  const parse = zoneParse(NativeDate, zone);
  class ShiftedDate extends NativeDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(zone.now());
      else if (args.length === 1) super(typeof args[0] === 'string' ? parse(args[0]) : (args[0] as number));
      else super(zone.fromWall(NativeDate.UTC(...(args as [number, number]))));
    }
    static override now(): number {
      return zone.now();
    }
    static override parse(text: string): number {
      return parse(String(text));
    }
    override getTimezoneOffset(): number {
      return -zone.offsetAt(this.getTime());
    }
    override getDay(): number {
      return zone.wallOf(this.getTime()).getUTCDay();
    }
    override toString(): string {
      return Number.isNaN(this.getTime()) ? 'Invalid Date' : `${this.toDateString()} ${this.toTimeString()}`;
    }
    override toDateString(): string {
      return Number.isNaN(this.getTime())
        ? 'Invalid Date'
        : zone
            .wallOf(this.getTime())
            .toUTCString()
            .replace(/^(\w+), (\d+) (\w+) (\d+) .*$/, '$1 $3 $2 $4');
    }
    override toTimeString(): string {
      if (Number.isNaN(this.getTime())) return 'Invalid Date';
      const offset = zone.offsetAt(this.getTime());
      const sign = offset < 0 ? '-' : '+';
      const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
      return `${zone.wallOf(this.getTime()).toISOString().slice(11, 19)} GMT${sign}${hhmm}`;
    }
    override toLocaleString(locales?: string | string[], options?: Intl.DateTimeFormatOptions): string {
      return super.toLocaleString(locales, { ...options, timeZone: options?.timeZone ?? zone.zone });
    }
    override toLocaleDateString(locales?: string | string[], options?: Intl.DateTimeFormatOptions): string {
      return super.toLocaleDateString(locales, { ...options, timeZone: options?.timeZone ?? zone.zone });
    }
    override toLocaleTimeString(locales?: string | string[], options?: Intl.DateTimeFormatOptions): string {
      return super.toLocaleTimeString(locales, { ...options, timeZone: options?.timeZone ?? zone.zone });
    }
  }
  const shifted = ShiftedDate as unknown as DateConstructor;
  defineLocalFields(shifted, NativeDate, zone);
  return shifted;
}

function makeFormat(NativeFormat: typeof Intl.DateTimeFormat, zone: string, now: () => number): typeof Intl.DateTimeFormat {
  class ShiftedFormat extends NativeFormat {
    constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      super(locales, { ...options, timeZone: options?.timeZone ?? zone });
    }
    override formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
      return super.formatToParts(date ?? now());
    }
  }
  // `format` is a getter of a bound function (ECMA-402); with no date it formats the shifted now.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the getter is called with each format as `this`
  const nativeFormat = Object.getOwnPropertyDescriptor(NativeFormat.prototype, 'format')?.get;
  Object.defineProperty(ShiftedFormat.prototype, 'format', {
    configurable: true,
    get(this: Intl.DateTimeFormat) {
      const format = nativeFormat?.call(this) as (date?: Date | number) => string;
      return (date?: Date | number) => format(date ?? now());
    },
  });
  // `Intl.DateTimeFormat()` without `new` makes a format too (ECMA-402), which a class alone refuses.
  return new Proxy(ShiftedFormat, {
    apply: (Format, _this, args: [string | string[] | undefined, Intl.DateTimeFormatOptions | undefined]) => new Format(...args),
  }) as typeof Intl.DateTimeFormat;
}
