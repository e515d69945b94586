// RMA's clock is US Central time: LRP rates post about 3:30 pm Central on trading days. These turn an
// instant into Central date and minutes of the day, and a Central "HH:MM" into minutes.

const FORMAT = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Chicago",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  weekday: "short",
});

export interface CentralTime {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since midnight, Central. */
  minutes: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function centralTime(at: Date): CentralTime {
  const parts = Object.fromEntries(FORMAT.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** "15:30" → 930; throws for anything else. */
export function parseClock(text: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!m) throw new Error(`expected a time HH:MM, found "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The instant of the next midnight, US Central time, after `at` (00:00 CST or CDT of the next day). */
export function nextCentralMidnight(at: Date): Date {
  const today = centralTime(at).date;
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const nextDay = Date.UTC(y, m - 1, d + 1);
  // Central is UTC−6 (CST) or UTC−5 (CDT); DST changes at 2 am, so midnight always exists once.
  for (const hours of [5, 6]) {
    const candidate = new Date(nextDay + hours * 3_600_000);
    const c = centralTime(candidate);
    if (c.minutes === 0 && c.date > today) return candidate;
  }
  throw new Error(`no Central midnight found after ${at.toISOString()}`);
}
