import { describe, expect, it } from "vitest";
import { premiumChange, premiumChangesOf } from "./earnings";
import { expectedCommissions } from "./expected";
import { coverage, policy, schedule, split } from "./test-fixtures";

// COMM9: a summary write that changes a coverage's total premium records the change, so a reduction
// charges back what was earned and earns the new premium.

const at = { now: "2027-01-15T16:00:00.000Z", userId: "agent-a" };
const sold = coverage({ id: "v1", policyId: "p1", salesDate: "2026-11-18", totalPremium: "1500" });

describe("premium history", () => {
  it("[COMM9] a reduction records the sale's premium and the new one, and charges back the first line", () => {
    const reduced = { ...sold, totalPremium: "1000" };
    const earning = premiumChange("v1", sold, reduced, undefined, at);
    expect(earning).toMatchObject({
      id: "v1",
      customerId: "c-1",
      policyId: "p1",
      changes: [
        { on: "2026-11-18", totalPremium: "1500" },
        { on: "2027-01-15", totalPremium: "1000" },
      ],
      updatedBy: "agent-a",
    });
    const lines = expectedCommissions({
      coverages: [reduced],
      policies: { p1: policy({ id: "p1" }) },
      schedules: [schedule({ id: "s1" })],
      splits: [split({ id: "x1", policyId: "p1" })],
      agents: {},
      earnings: { v1: earning ?? never() },
    });
    expect(lines.map((l) => [l.kind, l.on, l.amount])).toEqual([
      ["commission", "2026-11-18", "225.00"],
      ["chargeback", "2027-01-15", "-225.00"],
      ["commission", "2027-01-15", "150.00"],
    ]);
  });

  it("[COMM9] nothing is recorded for a new coverage, an unchanged premium or the same figure written again", () => {
    expect(premiumChange("v1", undefined, sold, undefined, at)).toBeNull();
    expect(premiumChange("v1", sold, coverage({ ...sold, head: 50 }), undefined, at)).toBeNull();
    expect(premiumChange("v1", sold, { ...sold, totalPremium: "1500.00" }, undefined, at)).toBeNull();
    const earning = premiumChange("v1", sold, { ...sold, totalPremium: "1000" }, undefined, at);
    expect(premiumChange("v1", sold, { ...sold, totalPremium: "1000" }, earning, at)).toBeNull();
  });

  it("[COMM9] a later change is appended; a second change on one day replaces that day's", () => {
    const first = premiumChange("v1", sold, { ...sold, totalPremium: "1000" }, undefined, at);
    const sameDay = premiumChange("v1", sold, { ...sold, totalPremium: "900" }, first, at);
    expect(sameDay?.changes.map((c) => c.totalPremium)).toEqual(["1500", "900"]);
    const later = premiumChange("v1", sold, { ...sold, totalPremium: "1200" }, sameDay, {
      ...at,
      now: "2027-02-01T10:00:00.000Z",
    });
    expect(later?.changes).toEqual([
      { on: "2026-11-18", totalPremium: "1500" },
      { on: "2027-01-15", totalPremium: "900" },
      { on: "2027-02-01", totalPremium: "1200" },
    ]);
  });

  it("[COMM9] an import's summary writes make the entries of the coverages whose premium changed", () => {
    const stored: Record<string, Record<string, unknown>> = {
      coverages: { v1: sold, v2: { ...sold, id: "v2" } },
    };
    const made = premiumChangesOf(
      [
        { section: "coverages", key: "v1", value: { ...sold, totalPremium: "800" } },
        { section: "coverages", key: "v2", value: { ...sold, id: "v2" } },
        { section: "coverages", key: "v3", value: { ...sold, id: "v3" } },
        { section: "policies", key: "p1", value: policy({ id: "p1" }) },
      ],
      (section, key) => stored[section]?.[key],
      at,
    );
    expect(made.map((e) => [e.section, e.key, e.value.changes.at(-1)?.totalPremium])).toEqual([
      ["commissionEarnings", "v1", "800"],
    ]);
  });
});

function never(): never {
  throw new Error("expected a premium history entry");
}
