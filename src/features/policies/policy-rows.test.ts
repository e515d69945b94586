import { describe, expect, it } from "vitest";
import type { PolicySummary } from "../../../shared/documents/book";
import { planFilterChoices } from "../../components/records/plan-filter-choices";
import { filterPolicyRows, policyRows } from "./policy-rows";

const summary = (id: string, over: Partial<PolicySummary>): PolicySummary => ({
  id,
  customerId: "c1",
  entityId: "E1",
  plan: "lrp",
  providerId: "proAg",
  cropYear: 2026,
  status: "pending",
  state: "NE",
  updatedAt: "2026-11-01T00:00:00Z",
  ...over,
});

describe("policy rows", () => {
  const rows = policyRows(
    [
      summary("P1", { policyNumber: "A-1" }),
      summary("P2", { plan: "lgm", providerId: "agriSompo", cropYear: 2025, status: "active" }),
      summary("P3", { providerId: "rh", status: "active" }),
    ],
    new Map([["c1", "Smith Ranch"]]),
    new Map([["E1", "Smith Ranch LLC"]]),
  );

  it("name the customer, entity, plan, provider and status", () => {
    expect(rows[0]).toMatchObject({
      customer: "Smith Ranch",
      entity: "Smith Ranch LLC",
      planLabel: "LRP",
      provider: "ProAg",
      statusLabel: "Pending",
      policyNumber: "A-1",
      href: "/agent/policies/P1",
    });
    expect(rows[1]?.policyNumber).toBe("");
  });

  it("filter by plan, status, crop year and provider", () => {
    const ids = (f: Partial<Parameters<typeof filterPolicyRows>[1]>) =>
      filterPolicyRows(rows, { plan: "", status: "", cropYear: "", provider: "", ...f }).map((r) => r.id);
    expect(ids({})).toEqual(["P1", "P2", "P3"]);
    expect(ids({ plan: "lgm" })).toEqual(["P2"]);
    expect(ids({ status: "active" })).toEqual(["P2", "P3"]);
    expect(ids({ cropYear: "2026", status: "active" })).toEqual(["P3"]);
    expect(ids({ provider: "proAg" })).toEqual(["P1"]);
  });

  it("offer the book's crop years newest first and its providers by name", () => {
    expect(planFilterChoices(rows)).toEqual({
      cropYears: [2026, 2025],
      providers: [
        { id: "agriSompo", name: "AgriSompo" },
        { id: "proAg", name: "ProAg" },
        { id: "rh", name: "Rain and Hail" },
      ],
    });
  });
});
