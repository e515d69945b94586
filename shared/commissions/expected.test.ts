import { describe, expect, it } from "vitest";
import { commissionSplitSchema } from "../documents/commission";
import { commissionBookOf } from "./book";
import { expectedCommissions, linesOfAgent } from "./expected";
import { lineCommission, splitCommission } from "./rounding";
import { coverage, policy, schedule, split } from "./test-fixtures";
import { totalsBy } from "./totals";

const book = (over: Partial<Parameters<typeof expectedCommissions>[0]> = {}) => ({
  coverages: [coverage({ id: "v1", policyId: "p1" })],
  policies: { p1: policy({ id: "p1" }) },
  schedules: [schedule({ id: "s1" })],
  splits: [split({ id: "x1", policyId: "p1" })],
  agents: {},
  earnings: {},
  ...over,
});

describe("expected commission", () => {
  it("[COMM2] rounds a line once, half up, and gives the agency every fraction of a cent", () => {
    expect(lineCommission("1234.57", "12.5")).toBe("154.32"); // 154.32125
    expect(lineCommission("0.10", "25")).toBe("0.03"); // 0.025 → half up
    // 100.00: agents' portion 60.00, writing 70 % = 42.00, servicing 30 % = 18.00, agency 40.00.
    expect(splitCommission("100.00", split({ id: "x", policyId: "p" })).map((p) => p.amount)).toEqual([
      "42.00",
      "18.00",
      "40.00",
    ]);
    // 0.07 × 60 % × 70 % = 0.0294 → 0.02; × 30 % = 0.0126 → 0.01; the agency 0.04 (its 0.028 and the fractions).
    expect(splitCommission("0.07", split({ id: "x", policyId: "p" })).map((p) => p.amount)).toEqual([
      "0.02",
      "0.01",
      "0.04",
    ]);
  });

  it("[COMM2] a coverage earns total premium × the schedule's rate, split by the policy's shares", () => {
    const [line] = expectedCommissions(book());
    expect(line).toMatchObject({
      kind: "commission",
      business: "new",
      ratePercent: "15",
      totalPremium: "1500.00",
      amount: "225.00",
      on: "2026-11-18",
      month: "2026-11",
      policyNumber: "P-p1",
      problems: [],
    });
    expect(line?.parts).toEqual([
      { party: "writing", agentId: "agent-a", amount: "94.50" },
      { party: "servicing", agentId: "agent-b", amount: "40.50" },
      { party: "agency", amount: "90.00" },
    ]);
  });

  it("[COMM2] a commodity's row beats the plan's, the latest in effect on the sales date wins, renewal after the first crop year", () => {
    const lines = expectedCommissions(
      book({
        policies: { p1: policy({ id: "p1", cropYear: 2026 }) },
        schedules: [
          schedule({ id: "s1", renewalRatePercent: "10" }),
          schedule({ id: "s2", commodity: "0801", renewalRatePercent: "11" }),
          schedule({ id: "s3", commodity: "0801", renewalRatePercent: "9", effectiveDate: "2026-12-01" }),
        ],
      }),
    );
    expect(lines[0]).toMatchObject({ business: "renewal", ratePercent: "11", amount: "165.00" });
  });

  it("[COMM2] a cancellation reverses the line exactly, with the split it was earned with", () => {
    const lines = expectedCommissions(
      book({
        coverages: [
          coverage({ id: "v1", policyId: "p1", status: "cancelled", updatedAt: "2027-01-05T10:00:00.000Z" }),
        ],
        splits: [
          split({ id: "x1", policyId: "p1" }),
          split({ id: "x2", policyId: "p1", from: "2027-01-01", agencySharePercent: "0" }),
        ],
      }),
    );
    expect(lines.map((l) => [l.kind, l.on, l.amount])).toEqual([
      ["commission", "2026-11-18", "225.00"],
      ["chargeback", "2027-01-05", "-225.00"],
    ]);
    expect(lines[1]?.reverses).toBe(lines[0]?.id);
    expect(lines[1]?.parts.map((p) => p.amount)).toEqual(["-94.50", "-40.50", "-90.00"]);
  });

  it("[COMM2] a reduction charges back the line and earns a new one at the new premium, under the split of its day", () => {
    const lines = expectedCommissions(
      book({
        splits: [
          split({ id: "x1", policyId: "p1" }),
          split({
            id: "x2",
            policyId: "p1",
            from: "2027-01-01",
            servicingAgentId: undefined,
            writingSharePercent: "100",
            servicingSharePercent: "0",
          }),
        ],
        earnings: {
          v1: {
            id: "v1",
            customerId: "c-1",
            policyId: "p1",
            changes: [
              { on: "2026-11-18", totalPremium: "1500.00" },
              { on: "2027-02-01", totalPremium: "1000.00" },
            ],
            updatedAt: "2027-02-01T00:00:00.000Z",
            updatedBy: "agent-a",
          },
        },
      }),
    );
    expect(lines.map((l) => [l.kind, l.on, l.amount])).toEqual([
      ["commission", "2026-11-18", "225.00"],
      ["chargeback", "2027-02-01", "-225.00"],
      ["commission", "2027-02-01", "150.00"],
    ]);
    expect(lines[2]?.parts).toEqual([
      { party: "writing", agentId: "agent-a", amount: "90.00" },
      { party: "agency", amount: "60.00" },
    ]);
  });

  it("[COMM2] names what is missing: no rate, no split, no premium", () => {
    const lines = expectedCommissions(
      book({
        coverages: [
          coverage({ id: "v1", policyId: "p1", providerId: "nau" }),
          coverage({ id: "v2", policyId: "p2", totalPremium: undefined }),
        ],
        policies: { p1: policy({ id: "p1", providerId: "nau" }), p2: policy({ id: "p2" }) },
        splits: [],
      }),
    );
    expect(lines.map((l) => [l.coverageId, l.amount, l.problems])).toEqual([
      ["v1", "0.00", ["no-rate", "no-split"]],
      ["v2", "0.00", ["no-premium"]],
    ]);
  });

  it("[COMM4] an agent's view holds only their own parts; totals by agent, month and company add up", () => {
    const lines = expectedCommissions(
      book({
        coverages: [coverage({ id: "v1", policyId: "p1" }), coverage({ id: "v2", policyId: "p2" })],
        policies: { p1: policy({ id: "p1" }), p2: policy({ id: "p2" }) },
        splits: [
          split({ id: "x1", policyId: "p1" }),
          split({
            id: "x2",
            policyId: "p2",
            writingAgentId: "agent-c",
            servicingAgentId: undefined,
            writingSharePercent: "100",
            servicingSharePercent: "0",
          }),
        ],
      }),
    );
    const mine = linesOfAgent(lines, "agent-b");
    expect(mine.map((l) => [l.coverageId, l.parts])).toEqual([
      ["v1", [{ party: "servicing", agentId: "agent-b", amount: "40.50" }]],
    ]);
    expect(linesOfAgent(lines, "agent-c").flatMap((l) => l.parts.map((p) => p.agentId))).toEqual(["agent-c"]);
    expect(totalsBy(lines, "agent").map((t) => [t.key, t.net])).toEqual([
      ["agency", "180.00"],
      ["agent-a", "94.50"],
      ["agent-b", "40.50"],
      ["agent-c", "135.00"],
    ]);
    expect(totalsBy(lines, "month")).toEqual([
      { key: "2026-11", earned: "450.00", chargebacks: "0.00", net: "450.00", lines: 2 },
    ]);
    expect(totalsBy(lines, "provider").map((t) => [t.key, t.net])).toEqual([["rh", "450.00"]]);
  });

  it("[COMM1] splits must add up to 100 % of the agents' portion; the book keeps only entries that fit", () => {
    const bad = { ...split({ id: "x9", policyId: "p1" }), servicingSharePercent: "20" };
    expect(commissionSplitSchema.safeParse(bad).error?.issues[0]?.message).toBe(
      "the writing and servicing agents' shares add up to 90 %: they must add up to 100 % of the agents' portion",
    );
    const read = commissionBookOf({
      coverages: { v1: coverage({ id: "v1", policyId: "p1" }) },
      policies: { p1: policy({ id: "p1" }) },
      commissionSplits: { x1: split({ id: "x1", policyId: "p1" }), x9: bad },
      commissionSchedules: { s1: schedule({ id: "s1" }) },
    });
    expect(read.splits.map((s) => s.id)).toEqual(["x1"]);
    expect(expectedCommissions(read)[0]?.amount).toBe("225.00");
  });
});
