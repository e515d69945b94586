import { wallTime } from "../../../shared/campaigns/zoned-time";
import { DEFAULT_ORG_TIME_ZONE, zoneName } from "../../../shared/schemas/time-zone-names";

// One clock (docs/first-day.md): an instant the organisation acts on (a campaign's send, an application's
// arrival) is shown, and sorted into days, in the organisation's time zone, and the zone is named on
// screen. The device's own zone is never used: an agent travelling sees the agency's day.

/** The organisation's zone from its settings, else Central (RMA's calendar, the portal's default). */
export const orgZoneOf = (settings: Record<string, unknown> | null | undefined): string => {
  const zone = settings?.timezone;
  return typeof zone === "string" && zone.trim() !== "" ? zone : DEFAULT_ORG_TIME_ZONE;
};

/** The instant's calendar day (YYYY-MM-DD) in the zone. */
export const dayIn = (instant: string | number | Date, zone: string): string =>
  wallTime(new Date(instant).getTime(), zone).date;

/** "Nov 27, 2026" in the zone. */
export const formatDayIn = (instant: string | number | Date, zone: string): string =>
  new Date(instant).toLocaleDateString("en-US", { timeZone: zone, dateStyle: "medium" });

/** "7:00 AM Central time". */
export const formatTimeIn = (instant: string | number | Date, zone: string): string =>
  `${new Date(instant).toLocaleTimeString("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" })} ${zoneName(zone)}`;

/** "Nov 27, 2026, 7:00 AM Central time". */
export const formatDateTimeIn = (instant: string | number | Date, zone: string): string =>
  `${formatDayIn(instant, zone)}, ${formatTimeIn(instant, zone)}`;

/** The zone of RMA's calendar: sales dates, end dates and premium dates count in it. */
export const RMA_TIME_ZONE = "America/Chicago";

/**
 * The hub's "today": the organisation's day, its zone named. In another zone than Central, RMA's day is
 * named beside it (the book's sales, end and premium dates count in Central time), so the two clocks
 * never look like one.
 */
export function todayLine(now: Date, zone: string): string {
  const own = `Today is ${formatDayIn(now, zone)} (${zoneName(zone)})`;
  if (zone === RMA_TIME_ZONE) return `${own}.`;
  const rma = formatDayIn(now, RMA_TIME_ZONE);
  const same = rma === formatDayIn(now, zone) ? "the same day" : rma;
  return `${own}; RMA's sales, end and premium dates count in Central time, where it is ${same}.`;
}
