// DATE1 (issue 47 §3): a date people read is in words ("December 1, 2026", never 2026-12-01). Times of day
// are shown with their zone by src/components/org-time (the organisation's, else Central).

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The months' names, January first (one list for the product). */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "2026-12-01" → "December 1, 2026"; `short`: "Dec 1, 2026". Anything else is returned as it is. */
export function dateInWords(iso: string, short = false): string {
  const m = ISO_DATE.exec(iso);
  const month = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  if (!m || !month) return iso;
  return `${short ? month.slice(0, 3) : month} ${Number(m[3])}, ${m[1]}`;
}
