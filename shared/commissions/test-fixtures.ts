import type { CoverageSummary, PolicySummary } from "../documents/book";
import type { CommissionSchedule, CommissionSplit } from "../documents/commission";

// Small builders for the commission tests: a policy, a coverage, a schedule row and a split, each with
// every field filled and the ones a test cares about passed in.

const at = "2026-11-18T18:00:00.000Z";

export const policy = (over: Partial<PolicySummary> & { id: string }): PolicySummary => ({
  customerId: "c-1",
  entityId: "e-1",
  plan: "lrp",
  providerId: "rh",
  policyNumber: `P-${over.id}`,
  cropYear: 2027,
  status: "active",
  state: "NE",
  updatedAt: at,
  ...over,
});

export const coverage = (
  over: Partial<CoverageSummary> & { id: string; policyId: string },
): CoverageSummary => ({
  customerId: "c-1",
  plan: "lrp",
  providerId: "rh",
  commodity: "0801",
  type: "809",
  cropYear: 2027,
  salesDate: "2026-11-18",
  endDate: "2027-05-19",
  head: 100,
  producerPremium: "1000.00",
  totalPremium: "1500.00",
  status: "accepted",
  updatedAt: at,
  ...over,
});

export const schedule = (over: Partial<CommissionSchedule> & { id: string }): CommissionSchedule => ({
  providerId: "rh",
  reinsuranceYear: 2027,
  plan: "lrp",
  effectiveDate: "2026-07-01",
  newRatePercent: "15",
  renewalRatePercent: "12",
  updatedAt: at,
  updatedBy: "admin-1",
  ...over,
});

export const split = (
  over: Partial<CommissionSplit> & { id: string; policyId: string },
): CommissionSplit => ({
  customerId: "c-1",
  from: "2026-07-01",
  writingAgentId: "agent-a",
  servicingAgentId: "agent-b",
  writingSharePercent: "70",
  servicingSharePercent: "30",
  agencySharePercent: "40",
  updatedAt: at,
  updatedBy: "agent-a",
  ...over,
});
