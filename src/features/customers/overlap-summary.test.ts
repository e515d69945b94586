import { describe, expect, it } from "vitest";
import { sampleLgmEndorsement, sampleLrpCoverage, samplePolicy } from "../../../shared/book/test-fixtures";
import { customerOverlapItems } from "./overlap-summary";

// RY2027: LRP feeder cattle ending 2027-05 with one AIP, LGM-Cattle marketing 80 head in 2027-05 with another.
describe("the customer record's LRP + LGM-Cattle overlap warnings", () => {
  it("lists each warning among the customer's coverages with links to both coverages", () => {
    const lrpPolicy = samplePolicy({ id: "01JPOLICY00000000000000001", plan: "lrp", providerId: "proAg" });
    const lgmPolicy = samplePolicy({
      id: "01JPOLICY00000000000000002",
      plan: "lgm",
      providerId: "agriSompo",
    });
    const lrp = sampleLrpCoverage({ cropYear: 2027, head: 120 });
    const lgm = sampleLgmEndorsement({
      cropYear: 2027,
      commodity: "0803",
      type: "807",
      targetMarketings: [0, 0, 0, 0, 0, 80, 0, 0, 0, 0, 0],
      endDate: "2027-10-31",
    });
    const items = customerOverlapItems([lrp, lgm], { [lrpPolicy.id]: lrpPolicy, [lgmPolicy.id]: lgmPolicy });
    expect(items.map((i) => [i.kind, i.lrpHref, i.lgmHref])).toEqual([
      ["different-aip", `/agent/coverages/lrp/${lrp.id}`, `/agent/coverages/lgm/${lgm.id}`],
      ["combined-head", `/agent/coverages/lrp/${lrp.id}`, `/agent/coverages/lgm/${lgm.id}`],
    ]);
  });
});
