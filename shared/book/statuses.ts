// The statuses of the agent book's records, on their own: the schemas of shared/documents/book.ts check
// them, and a screen that only shows or filters by them (the coverage list's first paint) reads them from
// here without loading the schemas (zod, decimal.js). Transitions: shared/book/status.ts.

export const CUSTOMER_STATUSES = ["active", "inactive"] as const;
export const ENTITY_STATUSES = ["active", "deactivated"] as const;
/** pending → active → cancelled | terminated; pending → cancelled. */
export const POLICY_STATUSES = ["pending", "active", "cancelled", "terminated"] as const;
/** quoted → submitted → accepted → ended → claimed → paid; cancelled from quoted/submitted/accepted. */
export const COVERAGE_STATUSES = [
  "quoted",
  "submitted",
  "accepted",
  "ended",
  "claimed",
  "paid",
  "cancelled",
] as const;

export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export type EntityStatus = (typeof ENTITY_STATUSES)[number];
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];
