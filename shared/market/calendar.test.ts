import { describe, expect, it } from "vitest";
import {
  exchangeHoliday,
  exchangeHolidays,
  lrpSalesGroup,
  lrpSalesSuspension,
  nextReportDay,
  reportDaysComplete,
} from "./calendar";

describe("sales calendar", () => {
  it("CME holidays 2025–2027 from the holiday rules (observed dates)", () => {
    expect(exchangeHolidays(2025).map((h) => h.date)).toEqual([
      "2025-01-01",
      "2025-01-20",
      "2025-02-17",
      "2025-04-18",
      "2025-05-26",
      "2025-06-19",
      "2025-07-04",
      "2025-09-01",
      "2025-11-27",
      "2025-12-25",
    ]);
    expect(exchangeHolidays(2026).map((h) => h.date)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-04-03",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03",
      "2026-09-07",
      "2026-11-26",
      "2026-12-25",
    ]);
    expect(exchangeHolidays(2027).map((h) => h.date)).toEqual([
      "2027-01-01",
      "2027-01-18",
      "2027-02-15",
      "2027-03-26",
      "2027-05-31",
      "2027-06-18",
      "2027-07-05",
      "2027-09-06",
      "2027-11-25",
      "2027-12-24",
    ]);
    expect(exchangeHoliday("2026-11-26")).toBe("Thanksgiving");
    expect(exchangeHoliday("2026-11-27")).toBeNull();
  });

  it("report days suspend only their group; holidays suspend both", () => {
    expect(lrpSalesSuspension("2026-01-23", "cattle")).toBe("USDA Cattle on Feed report day");
    expect(lrpSalesSuspension("2026-01-23", "swine")).toBeNull();
    expect(lrpSalesSuspension("2025-12-23", "swine")).toBe("USDA Hogs and Pigs report day");
    expect(lrpSalesSuspension("2025-12-23", "cattle")).toBeNull();
    expect(lrpSalesSuspension("2026-07-03", "swine")).toBe("exchange holiday (Independence Day)");
    expect(lrpSalesGroup("0801")).toBe("cattle");
    expect(lrpSalesGroup("0802")).toBe("cattle");
    expect(lrpSalesGroup("0815")).toBe("swine");
    expect(lrpSalesGroup("0803")).toBeNull();
    expect(nextReportDay("2025-09-01", "cattle")).toMatchObject({ date: "2026-01-23", basis: "published" });
    expect(nextReportDay("2026-02-01", "cattle")).toMatchObject({ date: "2026-02-20", basis: "published" });
    expect(nextReportDay("2026-12-19", "cattle")).toMatchObject({ date: "2027-01-22", basis: "derived" });
    expect(nextReportDay("2027-12-24", "cattle")).toBeNull();
    // Hogs and Pigs 2026–2027 and Cattle on Feed 2027 are fallback days: the data says it is incomplete
    expect(reportDaysComplete).toBe(false);
  });

  it("a derived (expected) report day suspends nothing", () => {
    expect(nextReportDay("2026-03-01", "swine")).toMatchObject({ date: "2026-03-26", basis: "derived" });
    expect(lrpSalesSuspension("2026-03-26", "swine")).toBeNull();
    expect(lrpSalesSuspension("2027-02-19", "cattle")).toBeNull();
    // a day of USDA's published 2026 calendar suspends, the rule's guess for that month does not
    expect(lrpSalesSuspension("2026-04-17", "cattle")).toBe("USDA Cattle on Feed report day");
    expect(lrpSalesSuspension("2026-04-24", "cattle")).toBeNull();
  });
});
