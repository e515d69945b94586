import type { ScheduleSection } from "../documents/campaign";
import { addDays, isoWeekdayOf, wallTime, zonedInstant } from "./zoned-time";

// When a campaign sends (docs/campaigns.md): pure arithmetic over the schedule, the organisation's time zone
// and an instant passed in. A run is one send date; its key is the campaign id and that date, so a run
// is the same run on every server instance. DAILY sends on each listed weekday, WEEKLY on the one listed
// weekday, MONTHLY on the first such weekday of the month (days 1–7). The send time is wall-clock time
// in the organisation's zone (across DST: zoned-time.ts).

export type ScheduleRule = Pick<
  ScheduleSection,
  "frequency" | "weekdays" | "sendTime" | "durationType" | "startDate" | "endDate"
>;

export interface Run {
  /** The send date in the organisation's time zone: the run's key. */
  date: string;
  /** The instant (epoch ms) the run is due. */
  at: number;
}

/** Whether the schedule sends on a calendar date (its own zone's date). */
export function sendsOn(rule: ScheduleRule, date: string): boolean {
  if (date < rule.startDate) return false;
  if (rule.durationType === "FIXED" && rule.endDate !== undefined && date > rule.endDate) return false;
  const weekday = isoWeekdayOf(date);
  if (!rule.weekdays.includes(weekday)) return false;
  if (rule.frequency === "MONTHLY") return Number(date.slice(8, 10)) <= 7;
  return true;
}

const runOn = (rule: ScheduleRule, date: string, timeZone: string): Run => ({
  date,
  at: zonedInstant(date, rule.sendTime, timeZone),
});

/** The next `count` runs due strictly after `after` (epoch ms); fewer when a FIXED schedule ends. */
export function nextRuns(rule: ScheduleRule, timeZone: string, after: number, count = 1): Run[] {
  const runs: Run[] = [];
  let date = wallTime(after, timeZone).date;
  if (date < rule.startDate) date = rule.startDate;
  // 400 days covers every monthly run of a year and more.
  for (let i = 0; i < 400 && runs.length < count; i++, date = addDays(date, 1)) {
    if (rule.durationType === "FIXED" && rule.endDate !== undefined && date > rule.endDate) break;
    if (!sendsOn(rule, date)) continue;
    const run = runOn(rule, date, timeZone);
    if (run.at > after) runs.push(run);
  }
  return runs;
}

/** Runs due in (from, to], oldest first: what a scheduler that last looked at `from` owes at `to`. */
export function runsDue(rule: ScheduleRule, timeZone: string, from: number, to: number): Run[] {
  const runs: Run[] = [];
  let date = wallTime(from, timeZone).date;
  if (date < rule.startDate) date = rule.startDate;
  const last = wallTime(to, timeZone).date;
  for (; date <= last; date = addDays(date, 1)) {
    if (!sendsOn(rule, date)) continue;
    const run = runOn(rule, date, timeZone);
    if (run.at > from && run.at <= to) runs.push(run);
  }
  return runs;
}

/** SMS quiet hours (docs/campaigns.md): texts go out from 8 am until before 9 pm, recipient's local time. */
export const SMS_HOURS = { from: 8, until: 21 } as const;

export const smsAllowedAt = (at: number, timeZone: string): boolean => {
  const { hour } = wallTime(at, timeZone);
  return hour >= SMS_HOURS.from && hour < SMS_HOURS.until;
};

/** The first instant at or after `at` when a text may go out in that zone. */
export function nextSmsSlot(at: number, timeZone: string): number {
  if (smsAllowedAt(at, timeZone)) return at;
  const local = wallTime(at, timeZone);
  const day = local.hour < SMS_HOURS.from ? local.date : addDays(local.date, 1);
  return zonedInstant(day, `${String(SMS_HOURS.from).padStart(2, "0")}:00`, timeZone);
}
