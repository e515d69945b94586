import { describe, expect, it } from "vitest";
import { filingUrgency } from "./deadlines";

describe("filing urgency", () => {
  it("warns 14, 7 and 2 days before the due date and marks an overdue claim", () => {
    expect(filingUrgency("2027-01-31", "2027-01-01")).toEqual({ level: "ok", daysLeft: 30 });
    expect(filingUrgency("2027-01-31", "2027-01-17")).toEqual({ level: "warn", daysLeft: 14, threshold: 14 });
    expect(filingUrgency("2027-01-31", "2027-01-24")).toEqual({ level: "warn", daysLeft: 7, threshold: 7 });
    expect(filingUrgency("2027-01-31", "2027-01-27")).toEqual({ level: "warn", daysLeft: 4, threshold: 7 });
    expect(filingUrgency("2027-01-31", "2027-01-29")).toEqual({ level: "warn", daysLeft: 2, threshold: 2 });
    expect(filingUrgency("2027-01-31", "2027-01-31")).toEqual({ level: "warn", daysLeft: 0, threshold: 2 });
    expect(filingUrgency("2027-01-31", "2027-02-01")).toEqual({ level: "overdue", daysLeft: -1 });
    expect(filingUrgency(null, "2027-02-01")).toEqual({ level: "none" });
  });
});
