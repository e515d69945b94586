import { describe, expect, it } from "vitest";
import type { ChecklistItem } from "../../documents/claim";
import { NOW, sampleLrpCoverage } from "../test-fixtures";
import { claimChecklist } from "./checklist";
import { computeLrpClaim } from "./compute";
import { claimWarnings } from "./deadlines";
import { claimSummaryOf } from "./status";

const ended = sampleLrpCoverage({
  id: "cv-1",
  status: "ended",
  commodity: "0801",
  type: "809",
  endDate: "2026-06-01",
  coveragePrice: "180.00",
  head: 100,
  targetWeightCwt: "5.5",
  priceAdjustmentFactor: "1.1",
  producerPremium: "1111",
});

describe("checklist and summaries", () => {
  it("asks for ownership and sales records (fed cattle, swine) or affidavits (feeders); LGM marketing records", () => {
    expect(claimChecklist("lrp", "0802").map((i) => i.kind)).toEqual([
      "notice-of-loss",
      "proof-of-ownership",
      "sales-records",
    ]);
    expect(claimChecklist("lrp", "0801").map((i) => i.kind)).toContain("third-party-affidavit");
    expect(claimChecklist("lgm", "0847").map((i) => i.kind)).toContain("marketing-records");
  });

  it("a summary lists what is still needed from the producer; warnings skip filed claims", () => {
    const computed = computeLrpClaim({
      coverages: [ended],
      snapshot: null,
      today: "2026-06-10",
      enteredActualEndingValue: "170",
    });
    const claim = {
      ...computed,
      version: 1 as const,
      id: "cl-1",
      customerId: "c-1",
      computedAt: NOW,
      status: "open" as const,
      createdAt: NOW,
      updatedAt: NOW,
      updatedBy: "a",
    };
    const item = (id: string, from: "producer" | "agency", status: "needed" | "received"): ChecklistItem => ({
      id,
      kind: "other",
      label: `item ${id}`,
      from,
      status,
      createdAt: NOW,
      updatedAt: NOW,
      updatedBy: "a",
    });
    const summary = claimSummaryOf(claim, {
      a: item("a", "producer", "needed"),
      b: item("b", "producer", "received"),
      c: item("c", "agency", "needed"),
    });
    expect(summary).toMatchObject({ indemnity: "6050", status: "open", needed: ["item a"] });
    expect(claimWarnings([summary], "2026-07-25").map((w) => w.urgency.level)).toEqual(["warn"]);
    expect(claimWarnings([summary], "2026-08-01").map((w) => w.urgency.level)).toEqual(["overdue"]);
    expect(claimWarnings([{ ...summary, status: "submitted" }], "2026-08-01")).toEqual([]);
  });
});
