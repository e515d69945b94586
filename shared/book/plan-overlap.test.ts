import { describe, expect, it } from "vitest";
import type { Policy } from "../documents/book";
import { lgmOverlapCandidate, lrpLgmOverlapWarnings } from "./plan-overlap";
import { sampleLgmEndorsement, sampleLrpCoverage, samplePolicy } from "./test-fixtures";

// LRP feeder cattle ending 2027-05-21 (crop year 2027) and LGM-Cattle with target marketings in
// 2026-12 … 2027-10 (sales 2026-11-20).
const lrpPolicy = samplePolicy({ id: "01JPOLICY00000000000000001", plan: "lrp", providerId: "proAg" });
const lgmPolicy = (providerId: Policy["providerId"]) =>
  samplePolicy({ id: "01JPOLICY00000000000000002", plan: "lgm", providerId });
const lrp = sampleLrpCoverage({ cropYear: 2027, head: 120 });
const lgm = sampleLgmEndorsement({
  cropYear: 2027,
  commodity: "0803",
  type: "807",
  targetMarketings: [0, 0, 0, 0, 0, 80, 0, 0, 0, 0, 0],
  endDate: "2027-10-31",
});
const policiesWith = (p: Policy) => ({ [lrpPolicy.id]: lrpPolicy, [p.id]: p });

describe("LRP + LGM-Cattle overlap", () => {
  it("RY2027, different AIPs: warns of the AIP and of the combined head of the month", () => {
    const w = lrpLgmOverlapWarnings([lrp, lgm], policiesWith(lgmPolicy("agriSompo")));
    expect(w.map((x) => [x.kind, x.month, x.combinedHead])).toEqual([
      ["different-aip", "2027-05", 200],
      ["combined-head", "2027-05", 200],
    ]);
  });

  it("before RY2027 the same end month is not allowed; a month without LGM marketings raises nothing", () => {
    const old = lrpLgmOverlapWarnings(
      [
        { ...lrp, cropYear: 2026 },
        { ...lgm, cropYear: 2026 },
      ],
      policiesWith(lgmPolicy("proAg")),
    );
    const otherMonth = lrpLgmOverlapWarnings(
      [lrp, { ...lgm, targetMarketings: [0, 80, 0, 0, 0, 0, 0, 0, 0, 0, 0] }],
      policiesWith(lgmPolicy("agriSompo")),
    );
    expect([old.map((x) => x.kind), otherMonth]).toEqual([["same-month"], []]);
  });

  it("the LGM create form's candidate (period from its sales date) is judged before it is saved", () => {
    const candidate = lgmOverlapCandidate({
      id: "new-lgm-endorsement",
      policyId: "01JPOLICY00000000000000002",
      salesDate: "2026-11-20",
      commodity: "0803",
      targetMarketings: [0, 0, 0, 0, 0, 80, 0, 0, 0, 0, 0],
    });
    const w = lrpLgmOverlapWarnings(
      candidate ? [lrp, candidate] : [lrp],
      policiesWith(lgmPolicy("agriSompo")),
    );
    expect(w.map((x) => [x.kind, x.lgmId, x.month, x.combinedHead])).toEqual([
      ["different-aip", "new-lgm-endorsement", "2027-05", 200],
      ["combined-head", "new-lgm-endorsement", "2027-05", 200],
    ]);
  });
});
