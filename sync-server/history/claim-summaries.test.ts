import { describe, expect, it } from "vitest";
import { claimSummaryOf } from "../../shared/book/claims";
import type { ChecklistItem, ClaimRecord } from "../../shared/documents/claim";
import { claimCustomerOf, impliedSummary } from "./claim-summaries";

// HIST2 with claims: what a restored claim document implies for its summaries (claim-summaries.ts).

const AT = "2026-11-20T15:00:00.000Z";
const claim = {
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
  actual: { value: "265.12", source: "rma-actual", sourceText: "RMA", date: "2026-11-20", kind: "final" },
  indemnity: "3660",
  producerPremium: "3591",
  net: "69",
  computedAt: AT,
  status: "open",
  createdAt: AT,
  updatedAt: AT,
  updatedBy: "u-1",
} as ClaimRecord;
const needed: ChecklistItem = {
  id: "ck-1",
  kind: "proof-of-ownership",
  label: "Proof of ownership",
  from: "producer",
  status: "needed",
  createdAt: AT,
  updatedAt: AT,
  updatedBy: "u-1",
};

describe("the summary a restored claim document implies", () => {
  it("[HIST2] a versioned claim: claimSummaryOf of the claim and its checklist", () => {
    const summary = impliedSummary({ claim, checklist: { "ck-1": needed } });
    expect(summary).toEqual(claimSummaryOf(claim, { "ck-1": needed }));
    expect(summary).toMatchObject({ id: "cl-1", customerId: "c-1", needed: ["Proof of ownership"] });
    expect(impliedSummary({ claim })).toMatchObject({ needed: [] });
  });

  it("[HIST2] no claim (a deleted record, an empty document): none, so the summaries are removed", () => {
    expect(impliedSummary({})).toBeNull();
    expect(impliedSummary({ meta: { schemaVersion: 3 }, claim: {} })).toBeNull();
    expect(claimCustomerOf({})).toBeNull();
  });

  it("[HIST2] a legacy claim (no version) or one that breaks its shape: its summaries are kept as they are", () => {
    expect(impliedSummary({ claim: { customerId: "c-1", status: "filed" } })).toBe("keep");
    expect(impliedSummary({ claim: { ...claim, indemnity: "a lot" } })).toBe("keep");
    expect(claimCustomerOf({ claim: { customerId: "c-1", status: "filed" } })).toBe("c-1");
    expect(claimCustomerOf({ claim: { customerId: "" } })).toBeNull();
  });
});
