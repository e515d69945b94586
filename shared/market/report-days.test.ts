import { describe, expect, it } from "vitest";
import { weekday } from "./dates";
import {
  CATTLE_ON_FEED_DAYS,
  COF_2026_SOURCE,
  COF_RULE,
  derivedCattleOnFeed,
  derivedHogsAndPigs,
  HOGS_AND_PIGS_DAYS,
  REPORT_YEARS,
  reportDaysPublished,
} from "./report-days";

// The report-day data: every month (Cattle on Feed) and quarter (Hogs and Pigs) of 2026 and 2027 has a
// day, each with its basis and source; the rule reproduces the release days the sources date.

describe("NASS report days", () => {
  it("has one Cattle on Feed day per month of 2026–2027, published where a source dates it", () => {
    for (const year of REPORT_YEARS) {
      const months = CATTLE_ON_FEED_DAYS.filter((d) => d.date.startsWith(`${year}-`)).map((d) =>
        d.date.slice(5, 7),
      );
      expect(months).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    }
    // 2026: USDA's published calendar, every day with that source; 2027: the labelled fallback rule.
    expect(
      CATTLE_ON_FEED_DAYS.filter((d) => d.date.startsWith("2026-")).map((d) => `${d.date} ${d.basis}`),
    ).toEqual(
      [
        "2026-01-23",
        "2026-02-20",
        "2026-03-20",
        "2026-04-17",
        "2026-05-22",
        "2026-06-18",
        "2026-07-24",
        "2026-08-21",
        "2026-09-18",
        "2026-10-23",
        "2026-11-20",
        "2026-12-18",
      ].map((d) => `${d} published`),
    );
    for (const d of CATTLE_ON_FEED_DAYS.filter((d) => d.date.startsWith("2026-"))) {
      expect(d.source).toBe(COF_2026_SOURCE);
      expect(d.from).toBe("USDA's 2026 release calendar");
    }
    for (const d of CATTLE_ON_FEED_DAYS.filter((d) => d.date.startsWith("2027-"))) {
      expect(d.basis).toBe("derived");
      expect(d.source).toBe(COF_RULE);
      expect(d.source).toMatch(/^derived \(no published calendar for this year\)/);
      expect(d.from).toBe("estimated from past release days");
    }
    expect(reportDaysPublished(CATTLE_ON_FEED_DAYS)).toBe(false);
    for (const d of CATTLE_ON_FEED_DAYS) expect(d.source.length, d.date).toBeGreaterThan(20);
  });

  it("has one Hogs and Pigs day per quarter of 2026–2027", () => {
    expect(HOGS_AND_PIGS_DAYS.map((d) => `${d.date} ${d.basis}`)).toEqual([
      "2025-12-23 published",
      "2026-03-26 derived",
      "2026-06-25 derived",
      "2026-09-24 derived",
      "2026-12-23 derived",
      "2027-03-25 derived",
      "2027-06-24 derived",
      "2027-09-30 derived",
      "2027-12-23 derived",
    ]);
  });

  it("the rules reproduce the dated releases they were read from", () => {
    for (const date of [
      "2018-03-23",
      "2019-03-22",
      "2021-09-24",
      "2022-11-18",
      "2024-11-22",
      "2025-08-22",
      "2026-01-23",
    ])
      expect(derivedCattleOnFeed(Number(date.slice(0, 4)), Number(date.slice(5, 7)))).toBe(date);
    for (const date of [
      "2018-03-29",
      "2018-09-27",
      "2019-03-28",
      "2020-03-26",
      "2021-03-25",
      "2022-09-29",
      "2023-03-30",
      "2022-12-23",
    ])
      expect(derivedHogsAndPigs(Number(date.slice(0, 4)), Number(date.slice(5, 7)) as 3)).toBe(date);
    // A federal holiday Friday moves to the Thursday before (Juneteenth observed 2027-06-18), as USDA's
    // 2026 calendar does (Juneteenth Friday 2026-06-19 → 2026-06-18).
    expect(derivedCattleOnFeed(2027, 6)).toBe("2027-06-17");
    expect(derivedCattleOnFeed(2026, 6)).toBe("2026-06-18");
    expect(weekday(derivedCattleOnFeed(2027, 12))).toBe(4);
  });

  it("the fallback rule against USDA's published 2026 calendar: 11 of 12 days", () => {
    const published = CATTLE_ON_FEED_DAYS.filter((d) => d.date.startsWith("2026-"));
    const misses = published.filter((d) => derivedCattleOnFeed(2026, Number(d.date.slice(5, 7))) !== d.date);
    expect(misses.map((d) => d.date)).toEqual(["2026-04-17"]);
    expect(derivedCattleOnFeed(2026, 4)).toBe("2026-04-24");
  });
});
