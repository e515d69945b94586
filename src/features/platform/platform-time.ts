import { formatDateTimeIn, formatTimeIn } from "../../components/org-time/org-time";

// One clock on the operator's pages (docs/first-day.md): their rows span every organisation (jobs, refused
// writes, outgoing mail, disabled agencies), so their times are in UTC, and say so, never the
// device's zone unnamed.

export const PLATFORM_TIME_ZONE = "UTC";

/** "Nov 27, 2026, 2:00 AM UTC". */
export const platformDateTime = (instant: string | number | Date): string =>
  formatDateTimeIn(instant, PLATFORM_TIME_ZONE);

/** "2:00 AM UTC". */
export const platformTime = (instant: string | number | Date): string =>
  formatTimeIn(instant, PLATFORM_TIME_ZONE);
