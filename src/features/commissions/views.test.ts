import { describe, expect, it } from "vitest";
import { expectedCommissions, linesOfAgent } from "../../../shared/commissions/expected";
import { sum } from "../../../shared/commissions/rounding";
import { coverage, policy, schedule, split } from "../../../shared/commissions/test-fixtures";
import { totalsBy } from "../../../shared/commissions/totals";
import { monthFigures, reconciled } from "../../components/commissions/month-figures";
import { agentViewLines, filterLines } from "./views";

const lines = expectedCommissions({
  coverages: [
    coverage({ id: "v1", policyId: "p1" }),
    coverage({ id: "v2", policyId: "p2", salesDate: "2026-12-02" }),
    coverage({ id: "v3", policyId: "p3", status: "cancelled", updatedAt: "2026-12-05T10:00:00.000Z" }),
  ],
  policies: Object.fromEntries(["p1", "p2", "p3"].map((id) => [id, policy({ id })])),
  schedules: [schedule({ id: "s1" })],
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
    split({ id: "x3", policyId: "p3" }),
  ],
  agents: {},
  earnings: {},
});

describe("the commissions screen's views", () => {
  it("[COMMUI3] an agent's totals count only their own parts; an admin's count whole lines", () => {
    const mine = agentViewLines(linesOfAgent(lines, "agent-a"), "agent-a");
    const own = sum(
      lines.flatMap((l) => l.parts.filter((p) => p.agentId === "agent-a").map((p) => p.amount)),
    );
    expect(sum(totalsBy(mine, "month").map((t) => t.net))).toBe(own);
    expect(mine.every((l) => l.parts.every((p) => p.agentId === "agent-a"))).toBe(true);
    expect(linesOfAgent(lines, "agent-a").some((l) => l.policyId === "p2")).toBe(false);
    const all = agentViewLines(lines, null);
    expect(sum(totalsBy(all, "month").map((t) => t.net))).toBe(sum(lines.map((l) => l.amount)));
  });

  it("[COMMUI3] filters by company, month and agent; an agent filter keeps only that agent's parts", () => {
    expect(
      filterLines(lines, { providerId: "", month: "2026-12", agentId: "" }).map((l) => l.coverageId),
    ).toEqual(["v2", "v3"]);
    expect(filterLines(lines, { providerId: "other", month: "", agentId: "" })).toEqual([]);
    const c = filterLines(lines, { providerId: "", month: "", agentId: "agent-c" });
    expect(c.map((l) => l.coverageId)).toEqual(["v2"]);
    expect(c[0]?.parts.map((p) => p.agentId)).toEqual(["agent-c"]);
    expect(c[0]?.amount).toBe(c[0]?.parts[0]?.amount);
  });

  it("[COMMUI3] a month's expected and received: a cancelled coverage nets to zero, a statement line counts as received", () => {
    const rec = reconciled(
      lines,
      [
        {
          id: "st1",
          providerId: "rh",
          month: "2026-11",
          fileName: "rh.csv",
          importedAt: "2026-12-01T10:00:00.000Z",
          importedBy: "admin-1",
          lines: [{ line: 2, policyNumber: "P-p1", providerId: "rh", amount: "200.00" }],
          refused: 0,
        },
      ],
      null,
    );
    const nov = monthFigures(lines, rec, "2026-11", null);
    expect(nov.received).toBe("200.00");
    expect(nov.expected).toBe(sum(lines.filter((l) => l.month === "2026-11").map((l) => l.amount)));
    expect(rec.underpaid.map((e) => e.policyNumber)).toEqual(["P-p1"]);
    // v3 was earned in November and charged back in December: December's figure holds its reversal.
    const v3 = lines.filter((l) => l.coverageId === "v3");
    expect(sum(v3.map((l) => l.amount))).toBe("0.00");
  });
});
