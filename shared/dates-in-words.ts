// DATE1 (issue 47 §3, §4): the one rule for dates and times people read — a date in words ("December 1,
// 2026", never 2026-12-01) and a moment with its time zone ("Nov 18, 2026, 11:08 PM CST"), in the zone the
// product speaks in (the organisation's, by default Central), never the device's by accident.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LONG = [
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
];

/** "2026-12-01" → "December 1, 2026"; `short`: "Dec 1, 2026". Anything else is returned as it is. */
export function dateInWords(iso: string, short = false): string {
  const m = ISO_DATE.exec(iso);
  const month = m ? LONG[Number(m[2]) - 1] : undefined;
  if (!m || !month) return iso;
  return `${short ? month.slice(0, 3) : month} ${Number(m[3])}, ${m[1]}`;
}

/** The zone the product shows times in when an organisation has set none (its market runs on Central time). */
export const PRODUCT_TIME_ZONE = "America/Chicago";

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant with its zone: "Nov 18, 2026, 11:08 PM CST", in `timeZone` (default Central). */
export function timeWithZone(at: Date | string | number, timeZone: string = PRODUCT_TIME_ZONE): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  return format.format(new Date(at));
}
