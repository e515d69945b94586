import { describe, expect, it } from "vitest";
import type { CoverageSummary } from "../../../shared/documents/book";
import { planFilterChoices } from "../../components/records/plan-filter-choices";
import { coverageRows, filterCoverageRows, formatPremium, NO_FILTER } from "./coverage-rows";
import { endingSoonIds } from "./ending-soon";

const summary = (over: Partial<CoverageSummary>): CoverageSummary => ({
  id: "cov-1",
  customerId: "c-1",
  policyId: "p-1",
  plan: "lrp",
  providerId: "proAg",
  commodity: "0801",
  type: "810",
  cropYear: 2026,
  salesDate: "2026-11-20",
  endDate: "2027-02-19",
  head: 100,
  producerPremium: "3943",
  status: "quoted",
  updatedAt: "2026-11-20T22:00:00.000Z",
  ...over,
});

const names = new Map([
  ["c-1", "Casey Ranch"],
  ["c-2", "Dale Farms"],
]);
const TODAY = "2026-11-23";

describe("coverage list rows", () => {
  it("resolve the customer's name, plan, commodity, type and provider labels, and days left", () => {
    const [row] = coverageRows([summary({})], names, TODAY);
    expect(row).toMatchObject({
      customer: "Casey Ranch",
      planLabel: "LRP",
      commodity: "Feeder Cattle",
      type: "Steers 600-1000 lbs",
      provider: "ProAg",
      daysLeft: 88,
      producerPremium: "3943",
      statusLabel: "Quoted",
      href: "/agent/coverages/lrp/cov-1",
    });
  });

  it("tell LRP and LGM types apart (type 821 and swine codes differ by plan)", () => {
    const [lgm] = coverageRows(
      [summary({ id: "e-1", plan: "lgm", commodity: "0803", type: "807", providerId: "agriSompo" })],
      names,
      TODAY,
    );
    expect(lgm).toMatchObject({ planLabel: "LGM", commodity: "Cattle", type: "Calf Finishing" });
    expect(lgm?.href).toBe("/agent/coverages/lgm/e-1");
  });

  it("show the id when a customer has no summary, never a blank", () => {
    expect(coverageRows([summary({ customerId: "c-9" })], names, TODAY)[0]?.customer).toBe("c-9");
  });

  const rows = coverageRows(
    [
      summary({ id: "a" }),
      summary({ id: "b", plan: "lgm", commodity: "0803", type: "807", providerId: "agriSompo" }),
      summary({ id: "c", status: "cancelled", endDate: "2026-12-01" }),
      summary({ id: "d", endDate: "2026-12-10", cropYear: 2027, customerId: "c-2" }),
      summary({ id: "e", endDate: "2026-11-20", status: "accepted" }),
    ],
    names,
    TODAY,
  );
  const ids = (list: readonly { id: string }[]) => list.map((r) => r.id);
  const soon = endingSoonIds(rows, TODAY);
  const isRowEndingSoon = (r: { id: string }) => soon.has(r.id);

  it("filter by plan, status, crop year and provider together", () => {
    expect(filterCoverageRows(rows, NO_FILTER, isRowEndingSoon)).toBe(rows);
    expect(ids(filterCoverageRows(rows, { ...NO_FILTER, plan: "lgm" }, isRowEndingSoon))).toEqual(["b"]);
    expect(ids(filterCoverageRows(rows, { ...NO_FILTER, status: "cancelled" }, isRowEndingSoon))).toEqual([
      "c",
    ]);
    expect(ids(filterCoverageRows(rows, { ...NO_FILTER, cropYear: "2027" }, isRowEndingSoon))).toEqual(["d"]);
    expect(
      ids(filterCoverageRows(rows, { ...NO_FILTER, provider: "proAg", status: "quoted" }, isRowEndingSoon)),
    ).toEqual(["a", "d"]);
  });

  it("'ending in the next 30 days' keeps live coverages ending within 30 days, not cancelled or past ones", () => {
    expect(ids(filterCoverageRows(rows, { ...NO_FILTER, endingSoon: true }, isRowEndingSoon))).toEqual(["d"]);
  });

  it("offer the book's crop years (newest first) and providers as filter choices", () => {
    expect(planFilterChoices(rows)).toEqual({
      cropYears: [2027, 2026],
      providers: [
        { id: "agriSompo", name: "AgriSompo" },
        { id: "proAg", name: "ProAg" },
      ],
    });
  });

  it("filter a book of 5,000 coverages by status and 'ending in 30 days' together", () => {
    const big = coverageRows(
      Array.from({ length: 5_000 }, (_, i) =>
        summary({
          id: `x${i}`,
          status: i % 3 ? "accepted" : "quoted",
          endDate: `2026-12-${String((i % 28) + 1).padStart(2, "0")}`,
        }),
      ),
      names,
      TODAY,
    );
    const bigSoon = endingSoonIds(big, TODAY);
    const shown = filterCoverageRows(big, { ...NO_FILTER, status: "accepted", endingSoon: true }, (r) =>
      bigSoon.has(r.id),
    );
    // Accepted: i % 3 != 0; within 30 days of Nov 23: Dec 1–23 (day index 0–22 of 28).
    const expected = Array.from({ length: 5_000 }, (_, i) => i).filter((i) => i % 3 !== 0 && i % 28 <= 22);
    expect(shown.map((r) => r.id)).toEqual(expected.map((i) => `x${i}`));
  });
});

describe("formatPremium", () => {
  it("shows whole-dollar premiums as the quote screens do, and keeps cents when there are any", () => {
    expect(formatPremium("3943")).toBe("$3,943");
    expect(formatPremium("3943.00")).toBe("$3,943");
    expect(formatPremium("3943.5")).toBe("$3,943.50");
    expect(formatPremium("0.125")).toBe("$0.13");
  });
});
