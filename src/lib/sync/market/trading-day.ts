// When a market snapshot is stale. RMA posts the day's LRP rates about 3:30 pm US Central and the
// futures settle before that, so the last trading day whose data should be out is today from 3:30 pm
// Central on a weekday, else the weekday before. Exchange holidays are not known here: on a holiday
// the previous day's snapshot is called stale although nothing newer exists (said in docs/local-first.md).

const PUBLISHED_AT_MINUTES = 15 * 60 + 30;

function centralParts(at: number): { date: string; weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    weekday,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

const previousDay = (date: string): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The last trading day whose market data should be published at the instant `at` (epoch ms). */
export function lastTradingDay(at: number): string {
  const now = centralParts(at);
  let date = now.date;
  const tradedToday = now.weekday >= 1 && now.weekday <= 5 && now.minutes >= PUBLISHED_AT_MINUTES;
  if (!tradedToday) {
    date = previousDay(date);
    while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = previousDay(date);
  }
  return date;
}

/** A snapshot as of `asOf` is stale at `at` when it is older than the last trading day. */
export const isStale = (asOf: string, at: number): boolean => asOf < lastTradingDay(at);
