import { describe, expect, it } from "vitest";
import { sampleEntity, sampleLrpCoverage, samplePolicy } from "../../../shared/book/test-fixtures";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { endsIn, myCoverageRows } from "./my-coverage-rows";

const policy = samplePolicy();
const entity = sampleEntity();
const snapshot = generateSampleSnapshot("2026-11-20");

describe("My coverages rows", () => {
  it("gives the status, days to the end date, the premium due date once bought and an estimate", () => {
    const accepted = sampleLrpCoverage({
      id: "a",
      status: "accepted",
      endDate: "2027-05-21",
      cropYear: 2026,
    });
    const [row] = myCoverageRows(
      { a: accepted },
      { [policy.id]: policy },
      { [entity.id]: entity },
      "2027-05-11",
      snapshot,
    );
    expect(row).toMatchObject({
      id: "a",
      statusLabel: "Accepted",
      daysToEnd: 10,
      insured: "Jane Prairie",
      provider: "ProAg",
      producerPremium: accepted.producerPremium,
      // Crop year 2026 on: billed the 1st of the second month after the end date.
      premiumDue: "2027-07-01",
    });
    expect(row?.estimate?.ok && row.estimate.label).toBe("estimate");
  });

  it("has no premium due before the coverage is bought, and no estimate without a snapshot", () => {
    const [row] = myCoverageRows(
      { q: sampleLrpCoverage({ id: "q", status: "quoted" }) },
      {},
      {},
      "2026-11-21",
      null,
    );
    expect(row?.premiumDue).toBeNull();
    expect(row?.estimate).toBeNull();
    expect(row?.insured).toBe("");
  });

  it("lists running coverages first, soonest end first, then ended ones, latest first", () => {
    const rows = myCoverageRows(
      {
        old: sampleLrpCoverage({ id: "old", endDate: "2026-01-10", status: "ended" }),
        later: sampleLrpCoverage({ id: "later", endDate: "2027-08-01" }),
        soon: sampleLrpCoverage({ id: "soon", endDate: "2027-02-01" }),
        older: sampleLrpCoverage({ id: "older", endDate: "2025-06-10", status: "ended" }),
      },
      {},
      {},
      "2026-11-21",
      null,
    );
    expect(rows.map((r) => r.id)).toEqual(["soon", "later", "old", "older"]);
  });

  it("says how long until the end date in words", () => {
    expect(endsIn(0)).toBe("ends today");
    expect(endsIn(1)).toBe("ends tomorrow");
    expect(endsIn(12)).toBe("ends in 12 days");
    expect(endsIn(-1)).toBe("ended yesterday");
    expect(endsIn(-3)).toBe("ended 3 days ago");
  });
});
