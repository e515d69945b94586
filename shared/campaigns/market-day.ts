// Whether a market snapshot is fresh enough for a campaign (docs/campaigns.md: never send figures from a
// snapshot older than the last trading day). RMA posts a day's LRP rates about 3:30 pm Central, so the
// last trading day whose data should be out is today from 3:30 pm Central on a weekday, else the weekday
// before (no exchange holiday calendar: on a holiday the previous day is called stale). The same rule as
// the device's src/lib/sync/market/trading-day.ts, here in shared/ for the server's sender.

import { addDays, isoWeekdayOf, wallTime } from "./zoned-time";

const PUBLISHED_AT_MINUTES = 15 * 60 + 30;

export function publishedTradingDay(at: number): string {
  const now = wallTime(at, "America/Chicago");
  const tradedToday = now.isoWeekday <= 5 && now.hour * 60 + now.minute >= PUBLISHED_AT_MINUTES;
  if (tradedToday) return now.date;
  let date = addDays(now.date, -1);
  while (isoWeekdayOf(date) > 5) date = addDays(date, -1);
  return date;
}

export const isStaleForCampaign = (asOf: string, at: number): boolean => asOf < publishedTradingDay(at);
