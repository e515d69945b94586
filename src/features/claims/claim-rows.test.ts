import { describe, expect, it } from "vitest";
import type { ClaimSummary } from "../../../shared/documents/claim";
import { claimRows, filterClaimRows } from "./claim-rows";

const summary = (id: string, over: Partial<ClaimSummary> = {}): ClaimSummary => ({
  id,
  customerId: "c-1",
  plan: "lrp",
  coverageIds: [`cv-${id}`],
  commodity: "0801",
  type: "809",
  endDate: "2026-11-13",
  filingDueDate: "2027-01-12",
  indemnity: "3660",
  actualKind: "final",
  status: "open",
  needed: [],
  updatedAt: "2026-11-20T15:00:00.000Z",
  ...over,
});

describe("claims list rows", () => {
  const rows = claimRows(
    [
      summary("a"),
      summary("b", { filingDueDate: "2026-12-01" }),
      summary("c", { status: "submitted", submittedAt: "2026-11-20", filingDueDate: "2026-12-01" }),
      summary("d", { plan: "lgm", commodity: "0815", type: "805", filingDueDate: null }),
    ],
    new Map([["c-1", "Prairie Ranch"]]),
    "2026-12-05",
  );
  it("mark an unfiled claim past its due date overdue; a filed one never", () => {
    expect(rows.map((r) => [r.id, r.customer, r.urgency.level, r.overdue])).toEqual([
      ["a", "Prairie Ranch", "ok", false],
      ["b", "Prairie Ranch", "overdue", true],
      ["c", "Prairie Ranch", "none", false],
      ["d", "Prairie Ranch", "none", false],
    ]);
  });
  it("filter by status, plan and due soon", () => {
    const ids = (f: Parameters<typeof filterClaimRows>[1]) => filterClaimRows(rows, f).map((r) => r.id);
    expect(ids({ status: "open", plan: "", dueSoon: false })).toEqual(["a", "b", "d"]);
    expect(ids({ status: "", plan: "lgm", dueSoon: false })).toEqual(["d"]);
    expect(ids({ status: "", plan: "", dueSoon: true })).toEqual(["b"]);
  });
});
