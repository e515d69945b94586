// When LRP can be bought against a day's prices (DOMAIN.md): RMA posts rates about 3:30 pm Central and
// they can be bought until 8:25 am Central the next morning. Whether a snapshot is stale: older than the
// last trading day (Monday to Friday; the app has no exchange holiday calendar, so a holiday counts as
// a trading day). Pure: the clock is passed in (Intl's time-zone data is not a clock).
// One definition: the quote screens (src/lib/pricing re-exports this file) and the agent book
// (shared/book/lrp-coverage.ts) both decide with it.

const CENTRAL = "America/Chicago";
export const SALES_CUTOFF_CENTRAL = { hour: 8, minute: 25 } as const;

/** Made once, when first needed: making an Intl.DateTimeFormat costs ~0.5 ms (a 10,000-row import asks 20,000 times). */
let centralFormat: Intl.DateTimeFormat | undefined;

type CentralParts = { year: number; month: number; day: number; hour: number; minute: number };
/**
 * The last instant read and its parts (PERF41): an import asks for the same `now` twice a row, and
 * formatToParts costs ~15 µs — a tenth of a 10,000-row plan's time in the SCE checks.
 */
let lastRead: { at: number; parts: CentralParts } | undefined;

function centralParts(at: Date): CentralParts {
  const time = at.getTime();
  if (lastRead?.at === time) return { ...lastRead.parts };
  centralFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: CENTRAL,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  });
  const parts = centralFormat.formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const read = { year: n("year"), month: n("month"), day: n("day"), hour: n("hour"), minute: n("minute") };
  lastRead = { at: time, parts: read };
  return { ...read };
}

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** The calendar date in Central time. */
export function centralDateOf(at: Date): string {
  const p = centralParts(at);
  return iso(p.year, p.month, p.day);
}

/** The instant of a wall-clock time in Central time on a date (handles CST/CDT). */
export function centralInstant(date: string, hour: number, minute: number): Date {
  const [y, m, d] = date.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  // Central is UTC−6 or UTC−5: try both offsets and keep the one that reads back as the wall time.
  for (const offsetHours of [6, 5]) {
    const at = new Date(guess + offsetHours * 3_600_000);
    const p = centralParts(at);
    if (p.day === d && p.hour === hour && p.minute === minute) return at;
  }
  return new Date(guess + 6 * 3_600_000);
}

const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const weekdayOf = (date: string): number => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The latest Monday–Friday on or before the Central-time date of `now`. */
export function lastTradingDay(now: Date): string {
  let day = centralDateOf(now);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, -1);
  return day;
}

export const isSnapshotStale = (asOf: string, now: Date): boolean => asOf < lastTradingDay(now);

export interface SalesWindow {
  /** 8:25 am Central on the day after the prices' date. */
  cutoff: Date;
  /** Milliseconds until the cutoff; 0 once it has passed. */
  msUntilCutoff: number;
  open: boolean;
}

export function salesWindow(asOf: string, now: Date): SalesWindow {
  const cutoff = centralInstant(addDays(asOf, 1), SALES_CUTOFF_CENTRAL.hour, SALES_CUTOFF_CENTRAL.minute);
  const ms = cutoff.getTime() - now.getTime();
  return { cutoff, msUntilCutoff: Math.max(0, ms), open: ms > 0 };
}

/**
 * Whether an endorsement can be bought now against the prices of `salesDate`: from the sales date
 * (Central) until 8:25 am Central the next morning. The opening is not held to 3:30 pm: a snapshot of
 * the date exists only once RMA has published its rates ("about 3:30 pm"), so the snapshot is the
 * evidence; a clock still on an earlier date is refused.
 */
export function isInSalesWindow(salesDate: string, now: Date): boolean {
  return centralDateOf(now) >= salesDate && salesWindow(salesDate, now).open;
}
