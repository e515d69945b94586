// Wall-clock time in an IANA time zone, both ways, without a clock (Intl's zone data is not a clock).
// A wall time that does not exist (the spring-forward gap) is moved forward by the gap; one that occurs
// twice (the fall-back hour) is the first occurrence.

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
};

export interface WallTime {
  date: string;
  hour: number;
  minute: number;
  /** 1 Monday … 7 Sunday. */
  isoWeekday: number;
}

const WEEKDAY = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 } as Record<string, number>;
const pad = (n: number) => String(n).padStart(2, "0");

const partsOf = (at: number, timeZone: string) => {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    y: Number(get("year")),
    mo: Number(get("month")),
    d: Number(get("day")),
    h: Number(get("hour")),
    mi: Number(get("minute")),
    s: Number(get("second")),
    wd: WEEKDAY[get("weekday")] ?? 0,
  };
};

/** The wall-clock date, time and weekday of an instant in a time zone. */
export function wallTime(at: number, timeZone: string): WallTime {
  const p = partsOf(at, timeZone);
  return { date: `${p.y}-${pad(p.mo)}-${pad(p.d)}`, hour: p.h, minute: p.mi, isoWeekday: p.wd };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
const offsetAt = (at: number, timeZone: string): number => {
  const p = partsOf(at, timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(at / 1000) * 1000;
};

/** The instant (epoch ms) of a wall-clock time on a date in a time zone. */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  const reads = (at: number) => {
    const w = wallTime(at, timeZone);
    return w.date === date && w.hour === h && w.minute === mi;
  };
  const candidates = [first, second].filter(reads).sort((a, b) => a - b);
  if (candidates.length > 0) {
    // The fall-back hour: an hour earlier may read the same wall time too; keep the first.
    const earlier = candidates[0] - 3_600_000;
    return reads(earlier) ? earlier : candidates[0];
  }
  // In the gap: the offset before the change puts it after the gap, by the gap's length.
  return Math.max(first, second);
}

export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** 1 Monday … 7 Sunday of a calendar date. */
export const isoWeekdayOf = (date: string): number => {
  const [y, m, d] = date.split("-").map(Number);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
};
