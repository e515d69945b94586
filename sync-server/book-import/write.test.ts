import { describe, expect, it } from "vitest";
import { sampleSceRecord } from "../../shared/book/sce-samples";
import { issuesOf } from "./write";

// docs/book-import.md "SCE figures on the server": the server's import checks an endorsement entered from
// the SCE with the same rule as the write guard (shared/book/sce-record.ts) before writing anything.

const record = sampleSceRecord("lrp", "cv-1");
const writes = (value: unknown) => ({
  kind: "customer" as const,
  customerId: "c-1",
  entries: [{ section: "coverages", key: "cv-1", value }],
});
const profile = () => ({ farmerClassification: "Neither" });

describe("issuesOf (the server's import)", () => {
  it("takes an endorsement whose SCE figures agree, refuses one whose subsidy does not", () => {
    expect(issuesOf(writes(record), profile)).toEqual([]);
    expect(issuesOf(writes({ ...record, subsidy: "1000" }), profile)).toEqual([
      {
        path: ["coverages", "cv-1", "subsidy"],
        message:
          "entered from the SCE: $1000 does not agree with the other figures: total premium $5616 × 35 % subsidy gives $1966",
      },
    ]);
  });
});
