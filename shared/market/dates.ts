// Calendar dates as ISO strings ("2026-11-20") and contract months as "2026-12". Arithmetic goes
// through UTC Date objects built from the parts, never through the clock.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** Dates already read (lists compute days for thousands of rows over a few hundred distinct dates). */
const utcByDate = new Map<string, number>();
const KEPT_DATES = 4096;

export function isoDateToUtc(text: string): number {
  const known = utcByDate.get(text);
  if (known !== undefined) return known;
  const m = ISO_DATE.exec(text);
  if (!m || !isIsoDate(text)) throw new RangeError(`not a date (YYYY-MM-DD): ${text}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (utcByDate.size >= KEPT_DATES) utcByDate.clear();
  utcByDate.set(text, ms);
  return ms;
}

export function utcToIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export const addDays = (date: string, days: number): string =>
  utcToIsoDate(isoDateToUtc(date) + days * DAY_MS);

export const daysBetween = (from: string, to: string): number =>
  Math.round((isoDateToUtc(to) - isoDateToUtc(from)) / DAY_MS);

export function parseYearMonth(text: string): YearMonth {
  const m = ISO_MONTH.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`not a month (YYYY-MM): ${text}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

export const formatYearMonth = ({ year, month }: YearMonth): string =>
  `${year}-${String(month).padStart(2, "0")}`;

/** Months since year 0: makes month arithmetic and interpolation plain subtraction. */
export const monthIndex = ({ year, month }: YearMonth): number => year * 12 + (month - 1);
export const fromMonthIndex = (index: number): YearMonth => ({
  year: Math.floor(index / 12),
  month: (index % 12) + 1,
});

export const yearMonthOf = (date: string): YearMonth => {
  const d = new Date(isoDateToUtc(date));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
};

export const addMonths = (ym: YearMonth, months: number): YearMonth =>
  fromMonthIndex(monthIndex(ym) + months);

/** 0 = Sunday … 6 = Saturday */
export const weekday = (date: string): number => new Date(isoDateToUtc(date)).getUTCDay();

export const lastDayOfMonth = ({ year, month }: YearMonth): string => utcToIsoDate(Date.UTC(year, month, 0));
export const firstDayOfMonth = ({ year, month }: YearMonth): string =>
  utcToIsoDate(Date.UTC(year, month - 1, 1));
