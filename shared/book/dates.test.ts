import { describe, expect, it } from "vitest";
import {
  claimFilingDueDate,
  claimsToFileSoon,
  type DatedCoverage,
  daysToEndDate,
  endingWithin,
  LRP_CLAIM_FILING,
  LRP_PREMIUM_BILLING,
  premiumDueDate,
  premiumsComingDue,
  todayCentral,
  unpaidTerminationDate,
} from "./dates";

const lrp = (
  endDate: string,
  cropYear: number,
  status: DatedCoverage["status"] = "accepted",
  id = endDate,
) => ({
  id,
  plan: "lrp" as const,
  cropYear,
  endDate,
  status,
});

describe("termination date if unpaid (LRP)", () => {
  it("through CY2025 August 31, from CY2026 September 30: the first on or after the premium due date", () => {
    expect(
      [
        lrp("2025-05-21", 2025), // due 2025-06-01
        lrp("2026-05-21", 2026), // due 2026-07-01
        lrp("2027-09-10", 2027), // due 2027-11-01: next year's
      ].map(unpaidTerminationDate),
    ).toEqual(["2025-08-31", "2026-09-30", "2028-09-30"]);
  });
  it("LGM: none", () => {
    expect(
      unpaidTerminationDate({ plan: "lgm", cropYear: 2026, endDate: "2026-05-31", status: "accepted" }),
    ).toBeNull();
  });
});

describe("premium due date", () => {
  it("LRP, crop years 2021–2025: the 1st of the month after the end date", () => {
    expect(premiumDueDate(lrp("2025-05-21", 2025))).toBe("2025-06-01");
    expect(premiumDueDate(lrp("2025-12-31", 2025))).toBe("2026-01-01");
    expect(premiumDueDate(lrp("2021-03-01", 2021))).toBe("2021-04-01");
  });
  it("LRP, from crop year 2026: the 1st of the second month after the end date", () => {
    expect(premiumDueDate(lrp("2027-05-21", 2026))).toBe("2027-07-01");
    expect(premiumDueDate(lrp("2027-11-30", 2027))).toBe("2028-01-01");
  });
  it("LRP before 2021 uses the earliest rule; the rules are data", () => {
    expect(premiumDueDate(lrp("2020-05-21", 2020))).toBe("2020-06-01");
    expect(LRP_PREMIUM_BILLING.map((r) => [r.fromCropYear, r.monthsAfterEndMonth])).toEqual([
      [2021, 1],
      [2026, 2],
    ]);
  });
  it("LGM: the end of the insurance period", () => {
    expect(premiumDueDate({ plan: "lgm", cropYear: 2026, endDate: "2027-05-31", status: "accepted" })).toBe(
      "2027-05-31",
    );
  });
});

describe("claim filing due date (kept as data with its '(2nd)' note)", () => {
  it("LRP: 60 days after the end date; LGM: none", () => {
    expect(LRP_CLAIM_FILING.daysAfterEndDate).toBe(60);
    expect(LRP_CLAIM_FILING.source).toMatch(/^\(2nd\)/);
    expect(claimFilingDueDate(lrp("2026-11-20", 2026))).toBe("2027-01-19");
    expect(
      claimFilingDueDate({ plan: "lgm", cropYear: 2026, endDate: "2027-05-31", status: "ended" }),
    ).toBeNull();
  });
});

describe("days to the end date and today", () => {
  it("counts calendar days, 0 on the end date, negative after", () => {
    expect(daysToEndDate({ endDate: "2026-12-23" }, "2026-11-23")).toBe(30);
    expect(daysToEndDate({ endDate: "2026-11-23" }, "2026-11-23")).toBe(0);
    expect(daysToEndDate({ endDate: "2026-11-20" }, "2026-11-23")).toBe(-3);
    expect(() => daysToEndDate({ endDate: "2026-11-20" }, "23/11/2026")).toThrow(
      /expected today as YYYY-MM-DD/,
    );
  });
  it("today is the Central date of the clock", () => {
    expect(todayCentral(new Date("2026-11-24T03:00:00Z"))).toBe("2026-11-23");
    expect(todayCentral(new Date("2026-11-24T07:00:00Z"))).toBe("2026-11-24");
  });
});

describe("agent hub filters", () => {
  const today = "2026-11-23";
  const coverages = [
    lrp("2026-11-22", 2026, "accepted", "ended-yesterday"),
    lrp("2026-11-23", 2026, "accepted", "ends-today"),
    lrp("2026-12-23", 2026, "submitted", "ends-in-30"),
    lrp("2026-12-24", 2026, "accepted", "ends-in-31"),
    lrp("2026-12-01", 2026, "cancelled", "cancelled"),
    lrp("2026-12-02", 2026, "quoted", "quoted"),
    lrp("2026-09-30", 2026, "ended", "ended-sep-30"),
    lrp("2026-09-20", 2026, "ended", "deadline-passed"),
    lrp("2026-10-15", 2026, "claimed", "claimed"),
    { id: "lgm", plan: "lgm" as const, cropYear: 2026, endDate: "2026-11-30", status: "accepted" as const },
  ];

  it("endorsements ending in the next 30 days: still in force, soonest first", () => {
    expect(endingWithin(coverages, today).map((d) => [d.coverage.id, d.daysLeft])).toEqual([
      ["ends-today", 0],
      ["lgm", 7],
      ["quoted", 9],
      ["ends-in-30", 30],
    ]);
    expect(endingWithin(coverages, today, 7).map((d) => d.coverage.id)).toEqual(["ends-today", "lgm"]);
  });

  it("claims to file soon: ended LRP endorsements not yet claimed, deadline not passed", () => {
    expect(claimsToFileSoon(coverages, today).map((d) => [d.coverage.id, d.date, d.daysLeft])).toEqual([
      ["ended-sep-30", "2026-11-29", 6],
      ["ended-yesterday", "2027-01-21", 59],
    ]);
    expect(claimsToFileSoon(coverages, today, 10).map((d) => d.coverage.id)).toEqual(["ended-sep-30"]);
  });

  it("premiums coming due: bought endorsements whose premium date is in the window", () => {
    // LRP CY2026: due the 1st of the second month after the end month; LGM: its end date.
    expect(premiumsComingDue(coverages, today).map((d) => [d.coverage.id, d.date])).toEqual([
      ["lgm", "2026-11-30"],
      ["claimed", "2026-12-01"],
    ]);
    // September end dates were billed on November 1st: past, not coming.
    expect(premiumsComingDue(coverages, today, 40).map((d) => [d.coverage.id, d.date])).toEqual([
      ["lgm", "2026-11-30"],
      ["claimed", "2026-12-01"],
      ["ended-yesterday", "2027-01-01"],
      ["ends-today", "2027-01-01"],
    ]);
  });
});
