import { describe, expect, it } from "vitest";
import { frequencyProblem, scheduleSectionSchema } from "../documents/campaign";
import { publishedTradingDay } from "./market-day";
import { nextRuns, nextSmsSlot, runsDue, type ScheduleRule, sendsOn, smsAllowedAt } from "./schedule";
import { wallTime, zonedInstant } from "./zoned-time";

const daily: ScheduleRule = {
  frequency: "DAILY",
  weekdays: [1, 2, 3, 4, 5],
  sendTime: "07:00",
  durationType: "ONGOING",
  startDate: "2026-01-01",
};
const utc = (s: string) => Date.parse(s);
const iso = (ms: number) => new Date(ms).toISOString();

describe("zoned time", () => {
  it("reads a wall time in Chicago in winter (UTC−6) and summer (UTC−5)", () => {
    expect(iso(zonedInstant("2026-01-15", "07:00", "America/Chicago"))).toBe("2026-01-15T13:00:00.000Z");
    expect(iso(zonedInstant("2026-07-15", "07:00", "America/Chicago"))).toBe("2026-07-15T12:00:00.000Z");
  });
  it("moves a time in the spring-forward gap forward by the gap", () => {
    // 2026-03-08 02:30 does not exist in New York: 03:30 EDT.
    expect(iso(zonedInstant("2026-03-08", "02:30", "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
  });
  it("takes the first of a fall-back hour's two occurrences", () => {
    // 2026-11-01 01:30 happens at 05:30Z (EDT) and 06:30Z (EST).
    expect(iso(zonedInstant("2026-11-01", "01:30", "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
  });
  it("handles a zone without DST and one east of UTC", () => {
    expect(iso(zonedInstant("2026-07-01", "07:00", "America/Phoenix"))).toBe("2026-07-01T14:00:00.000Z");
    expect(iso(zonedInstant("2026-07-01", "07:00", "Australia/Sydney"))).toBe("2026-06-30T21:00:00.000Z");
  });
});

describe("schedule", () => {
  it("DAILY sends Monday to Friday at 7:00 Chicago time, across the March DST change", () => {
    const runs = nextRuns(daily, "America/Chicago", utc("2026-03-06T00:00:00Z"), 3);
    // Fri 6 March (CST), Mon 9 March (CDT, after the 8 March change), Tue 10 March.
    expect(runs.map((r) => [r.date, iso(r.at)])).toEqual([
      ["2026-03-06", "2026-03-06T13:00:00.000Z"],
      ["2026-03-09", "2026-03-09T12:00:00.000Z"],
      ["2026-03-10", "2026-03-10T12:00:00.000Z"],
    ]);
    for (const r of runs) expect(wallTime(r.at, "America/Chicago").hour).toBe(7);
  });
  it("WEEKLY sends on its one weekday; MONTHLY on the first such weekday of the month", () => {
    const weekly = { ...daily, frequency: "WEEKLY" as const, weekdays: [3] };
    expect(nextRuns(weekly, "America/Chicago", utc("2026-11-01T00:00:00Z"), 2).map((r) => r.date)).toEqual([
      "2026-11-04",
      "2026-11-11",
    ]);
    const monthly = { ...daily, frequency: "MONTHLY" as const, weekdays: [1] };
    expect(nextRuns(monthly, "America/Chicago", utc("2026-11-01T00:00:00Z"), 3).map((r) => r.date)).toEqual([
      "2026-11-02",
      "2026-12-07",
      "2027-01-04",
    ]);
  });
  it("a FIXED schedule stops after its end date, and nothing is sent before the start date", () => {
    const fixed = {
      ...daily,
      durationType: "FIXED" as const,
      startDate: "2026-11-24",
      endDate: "2026-11-26",
    };
    expect(nextRuns(fixed, "America/Chicago", utc("2026-11-01T00:00:00Z"), 10).map((r) => r.date)).toEqual([
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
    expect(sendsOn(fixed, "2026-11-23")).toBe(false);
    expect(sendsOn(fixed, "2026-11-27")).toBe(false);
  });
  it("the send date is the organisation's date: 22:30 Honolulu on Friday is Saturday in UTC", () => {
    const late = { ...daily, sendTime: "22:30" };
    const [run] = nextRuns(late, "Pacific/Honolulu", utc("2026-11-27T10:00:00Z"));
    expect(run.date).toBe("2026-11-27");
    expect(iso(run.at)).toBe("2026-11-28T08:30:00.000Z");
  });
  it("runsDue lists the runs a scheduler missed between two looks, oldest first", () => {
    const due = runsDue(daily, "America/Chicago", utc("2026-11-20T12:00:00Z"), utc("2026-11-24T14:00:00Z"));
    expect(due.map((r) => r.date)).toEqual(["2026-11-20", "2026-11-23", "2026-11-24"]);
    expect(
      runsDue(daily, "America/Chicago", utc("2026-11-24T13:00:00Z"), utc("2026-11-24T14:00:00Z")),
    ).toEqual([]);
  });
});

describe("frequency rules per plan (spec §5)", () => {
  it("LRP: daily, weekly, monthly; LGM: weekly and monthly", () => {
    expect(frequencyProblem("lrp", "DAILY")).toBeNull();
    expect(frequencyProblem("lrp", "WEEKLY")).toBeNull();
    expect(frequencyProblem("lrp", "MONTHLY")).toBeNull();
    expect(frequencyProblem("lgm", "DAILY")).toBe("LGM campaigns send weekly, monthly");
    expect(frequencyProblem("lgm", "WEEKLY")).toBeNull();
    expect(frequencyProblem("lgm", "MONTHLY")).toBeNull();
  });
  it("the schedule's shape: weekdays 1–5, one weekday unless daily, FIXED needs an end date", () => {
    const base = { schemaVersion: 1, ...daily };
    expect(scheduleSectionSchema.safeParse(base).success).toBe(true);
    const issues = (v: unknown) => {
      const r = scheduleSectionSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(issues({ ...base, weekdays: [6] })).toEqual(["weekdays.0: weekdays are 1 (Monday) to 5 (Friday)"]);
    expect(issues({ ...base, frequency: "WEEKLY" })).toEqual([
      "weekdays: a weekly campaign sends on one weekday",
    ]);
    expect(issues({ ...base, durationType: "FIXED" })).toEqual([
      "endDate: a fixed campaign needs an end date",
    ]);
    expect(issues({ ...base, sendTime: "7:00" })).toEqual(["sendTime: enter a time of day, such as 07:00"]);
  });
});

describe("SMS quiet hours: 8 am to 9 pm in the recipient's zone", () => {
  it("allows 8:00 to 20:59 and refuses 7:59 and 21:00", () => {
    const tz = "America/Denver";
    expect(smsAllowedAt(zonedInstant("2026-11-24", "07:59", tz), tz)).toBe(false);
    expect(smsAllowedAt(zonedInstant("2026-11-24", "08:00", tz), tz)).toBe(true);
    expect(smsAllowedAt(zonedInstant("2026-11-24", "20:59", tz), tz)).toBe(true);
    expect(smsAllowedAt(zonedInstant("2026-11-24", "21:00", tz), tz)).toBe(false);
  });
  it("holds a text until 8 am: the same morning, or the next morning after 9 pm", () => {
    const tz = "America/Los_Angeles";
    const early = zonedInstant("2026-11-24", "05:00", tz);
    expect(nextSmsSlot(early, tz)).toBe(zonedInstant("2026-11-24", "08:00", tz));
    const late = zonedInstant("2026-11-24", "21:30", tz);
    expect(nextSmsSlot(late, tz)).toBe(zonedInstant("2026-11-25", "08:00", tz));
    const fine = zonedInstant("2026-11-24", "12:00", tz);
    expect(nextSmsSlot(fine, tz)).toBe(fine);
    // A 7 am Central campaign reaches a Pacific recipient at 5 am: held until 8 am Pacific.
    const run = zonedInstant("2026-11-24", "07:00", "America/Chicago");
    expect(smsAllowedAt(run, tz)).toBe(false);
  });
});

describe("stale market data for a campaign", () => {
  it("the published trading day is today from 3:30 pm Central on a weekday, else the weekday before", () => {
    expect(publishedTradingDay(zonedInstant("2026-11-24", "07:00", "America/Chicago"))).toBe("2026-11-23");
    expect(publishedTradingDay(zonedInstant("2026-11-24", "15:30", "America/Chicago"))).toBe("2026-11-24");
    expect(publishedTradingDay(zonedInstant("2026-11-23", "07:00", "America/Chicago"))).toBe("2026-11-20");
    expect(publishedTradingDay(zonedInstant("2026-11-22", "16:00", "America/Chicago"))).toBe("2026-11-20");
  });
});
