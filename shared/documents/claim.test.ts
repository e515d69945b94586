import { describe, expect, it } from "vitest";
import { type ClaimRecord, checklistItemSchema, claimRecordSchema, claimSectionSchema } from "./claim";
import { validateDocument, validateSection } from "./shapes";

const NOW = "2026-11-23T15:00:00.000Z";
const sampleClaim = (over: Partial<ClaimRecord> = {}): ClaimRecord => ({
  version: 1,
  id: "cl-1",
  customerId: "c-1",
  plan: "lrp",
  coverageIds: ["cv-1"],
  policyId: "p-1",
  commodity: "0801",
  type: "809",
  endDate: "2026-11-13",
  filingDueDate: "2027-01-12",
  actual: {
    value: "265.12",
    source: "rma-actual",
    sourceText: "RMA actual ending value (A00620) for 2026-11-13",
    date: "2026-11-20",
    kind: "final",
  },
  indemnity: "6050",
  producerPremium: "1111",
  net: "4939",
  computedAt: NOW,
  status: "open",
  createdAt: NOW,
  updatedAt: NOW,
  updatedBy: "agent-1",
  ...over,
});

describe("claim shape", () => {
  it("accepts a complete open claim, and the document with it", () => {
    expect(claimRecordSchema.safeParse(sampleClaim()).success).toBe(true);
    expect(validateDocument("claim", { meta: { schemaVersion: 2 }, claim: sampleClaim() })).toEqual([]);
  });

  it("is strict: an unknown field or a hand-typed indemnity with cents is refused at its path", () => {
    const issues = validateSection("claim", "claim", { ...sampleClaim(), indemnity: "6050.40", extra: 1 });
    expect(issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["claim.indemnity", "claim"]));
    expect(issues.find((i) => i.path.join(".") === "claim.indemnity")?.message).toMatch(/whole dollars/);
  });

  it("needs the dates and amounts of each status", () => {
    const paths = (claim: ClaimRecord) =>
      validateSection("claim", "claim", claim).map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(paths(sampleClaim({ status: "submitted" }))).toEqual([
      "claim.submittedAt: give the date the claim was submitted",
    ]);
    expect(paths(sampleClaim({ status: "paid", submittedAt: "2026-11-20" }))).toEqual([
      "claim.paidAt: give the date the indemnity was paid",
      "claim.paidAmount: give the amount paid",
    ]);
    expect(
      paths(sampleClaim({ status: "denied", submittedAt: "2026-11-20", deniedAt: "2026-11-19" })),
    ).toEqual([
      "claim.deniedReason: give the reason for the denial",
      "claim.deniedAt: must be on or after the submission date (2026-11-20)",
    ]);
    expect(paths(sampleClaim({ status: "submitted", submittedAt: "2026-11-01" }))).toEqual([
      "claim.submittedAt: a claim is submitted on or after the end date (2026-11-13)",
    ]);
    expect(
      paths(
        sampleClaim({ status: "paid", submittedAt: "2026-11-20", paidAt: "2026-12-01", paidAmount: "6050" }),
      ),
    ).toEqual([]);
  });

  it("keeps a version-2 claim's open content valid (no version: the legacy shape)", () => {
    expect(
      claimSectionSchema.safeParse({ customerId: "c-demo", status: "OPEN 0.5", anything: [1] }).success,
    ).toBe(true);
    expect(validateSection("claim", "claim", { customerId: "c-demo" })).toEqual([]);
    // …but a versioned claim is the strict shape: a partial one is refused.
    expect(validateSection("claim", "claim", { version: 1, customerId: "c-demo" }).length).toBeGreaterThan(5);
  });

  it("checklist items and attachment references are records of their own sections", () => {
    const item = {
      id: "i-1",
      kind: "proof-of-ownership",
      label: "Proof of ownership",
      from: "producer",
      status: "needed",
      createdAt: NOW,
      updatedAt: NOW,
      updatedBy: "agent-1",
    };
    expect(checklistItemSchema.safeParse(item).success).toBe(true);
    expect(validateSection("claim", "checklist", { "i-1": item })).toEqual([]);
    const ref = {
      id: "a-1",
      itemId: "i-1",
      name: "bill-of-sale.pdf",
      contentType: "application/pdf",
      size: 1234,
      sha256: "a".repeat(64),
      uploadedAt: NOW,
      uploadedBy: "agent-1",
    };
    expect(validateSection("claim", "attachments", { "a-1": ref })).toEqual([]);
    expect(
      validateSection("claim", "attachments", { "a-1": { ...ref, contentType: "text/html" } })[0]?.path,
    ).toEqual(["attachments", "a-1", "contentType"]);
    expect(
      validateSection("claim", "attachments", { "a-1": { ...ref, size: 11 * 1024 * 1024 } })[0]?.path,
    ).toEqual(["attachments", "a-1", "size"]);
  });
});
