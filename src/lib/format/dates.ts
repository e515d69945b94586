import { dateInWords } from "../../../shared/dates-in-words";

// Dates, months, weeks and durations as the quote screens show them (en-US, no clock read here).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

function monthName(month: number, text: string): string {
  const name = MONTHS[month - 1];
  if (!name) throw new RangeError(`not a month: ${text}`);
  return name;
}

/** "2026-11-20" → "Nov 20, 2026": DATE1's one rule of a date in words (shared/dates-in-words.ts), short. */
export function formatDate(iso: string): string {
  const words = dateInWords(iso, true);
  if (!ISO_DATE.test(iso) || words === iso) throw new RangeError(`not a date (YYYY-MM-DD): ${iso}`);
  return words;
}

/** "2026-12" → "Dec 2026" (a marketing month or a futures contract month). */
export function formatMonth(yearMonth: string): string {
  const m = ISO_MONTH.exec(yearMonth);
  if (!m) throw new RangeError(`not a month (YYYY-MM): ${yearMonth}`);
  return `${monthName(Number(m[2]), yearMonth)} ${m[1]}`;
}

/** 1 → "1 week", 13 → "13 weeks". */
export const formatWeeks = (weeks: number): string => `${weeks} ${weeks === 1 ? "week" : "weeks"}`;

/** 1 → "1 month", 11 → "11 months". */
export const formatMonths = (months: number): string => `${months} ${months === 1 ? "month" : "months"}`;

/** A span of time, coarse: "2 d 4 h", "5 h 12 min", "12 min", "less than a minute". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`not a duration: ${ms}`);
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}
