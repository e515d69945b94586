import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectedCommissions } from "./expected";
import { prepareBook } from "./prepared";
import { lineCommission, splitCommission } from "./rounding";
import { coverage, policy, schedule, split } from "./test-fixtures";

// COMM8: the engine reads each rate and each set of shares once (rate ÷ 100, and the agents' fractions
// (100 − agency) ÷ 100 × share ÷ 100) instead of once per line. These tests hold the prepared forms to
// COMM2 written out step by step, as the engine computed it before, for any premium, rate and shares.

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const cents = fc
  .integer({ min: -1_000_000_000, max: 1_000_000_000 })
  .map((n) => new D(n).div(100).toFixed(2));
const percent = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new D(n).div(10_000).toFixed());

/** COMM2 rule 1 as written: premium × rate, then ÷ 100, then half up to the cent. */
const lineAsWritten = (premium: string, rate: string) =>
  new D(premium).times(rate).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

/** COMM2 rule 2 as written: the agents' portion first, then each agent's share, each cut toward zero. */
function partsAsWritten(commission: string, agency: string, writing: string, servicing: string | null) {
  const whole = new D(commission);
  const agents = whole.times(new D(100).minus(agency)).div(100);
  const cut = (share: string) => agents.times(share).div(100).toDecimalPlaces(2, D.ROUND_DOWN);
  const w = cut(writing);
  const s = servicing === null ? new D(0) : cut(servicing);
  const parts = [w.toFixed(2), ...(servicing === null ? [] : [s.toFixed(2)])];
  return [...parts, whole.minus(w).minus(s).toFixed(2)];
}

describe("expected commission, prepared once per run", () => {
  it("[COMM8] a line and its parts are exactly COMM2's steps, for any premium, rate and shares", () => {
    fc.assert(
      fc.property(
        cents,
        percent,
        percent,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.boolean(),
        (premium, rate, agency, writingTenThousandths, servicing) => {
          const writing = new D(writingTenThousandths).div(10_000).toFixed();
          const servicingShare = servicing ? new D(100).minus(writing).toFixed() : null;
          const line = lineCommission(premium, rate);
          expect(line).toBe(lineAsWritten(premium, rate));
          const shares = split({
            id: "x",
            policyId: "p",
            agencySharePercent: agency,
            writingSharePercent: servicing ? writing : "100",
            servicingSharePercent: servicingShare ?? "0",
            ...(servicing ? {} : { servicingAgentId: undefined }),
          });
          expect(splitCommission(line, shares).map((p) => p.amount)).toEqual(
            partsAsWritten(line, agency, servicing ? writing : "100", servicingShare),
          );
        },
      ),
      { numRuns: 500, seed: 458 },
    );
  });

  it("[COMM8] the rate row and the split are found as before: the commodity's row, the latest in effect", () => {
    const rows = [
      schedule({ id: "plan-old", effectiveDate: "2026-07-01", newRatePercent: "10" }),
      schedule({ id: "plan-new", effectiveDate: "2026-10-01", newRatePercent: "11" }),
      schedule({ id: "cattle", commodity: "0801", effectiveDate: "2026-07-01", newRatePercent: "12" }),
      schedule({ id: "later", commodity: "0801", effectiveDate: "2026-12-01", newRatePercent: "13" }),
    ];
    const splits = [
      split({ id: "a", policyId: "p1", from: "2026-07-01" }),
      split({ id: "b", policyId: "p1", from: "2026-09-01" }),
    ];
    const prepared = prepareBook(rows, splits);
    expect(prepared.scheduleFor("rh", 2027, "lrp", "0801", "2026-11-18")?.id).toBe("cattle");
    expect(prepared.scheduleFor("rh", 2027, "lrp", "0802", "2026-11-18")?.id).toBe("plan-new");
    expect(prepared.scheduleFor("rh", 2027, "lrp", "0802", "2026-08-01")?.id).toBe("plan-old");
    expect(prepared.scheduleFor("rh", 2026, "lrp", "0801", "2026-06-01")).toBeUndefined();
    expect(prepared.splitOn("p1", "2026-08-31")?.id).toBe("a");
    expect(prepared.splitOn("p1", "2026-09-01")?.id).toBe("b");
    expect(prepared.splitOn("p2", "2026-09-01")).toBeUndefined();
  });

  it("[COMM8] lines come by customer, then coverage id, as text", () => {
    const lines = expectedCommissions({
      coverages: [
        coverage({ id: "v-b", policyId: "p1", customerId: "c-2" }),
        coverage({ id: "v-B", policyId: "p1", customerId: "c-1" }),
        coverage({ id: "v-a", policyId: "p1", customerId: "c-1" }),
      ],
      policies: { p1: policy({ id: "p1" }) },
      schedules: [schedule({ id: "s1" })],
      splits: [split({ id: "x1", policyId: "p1" })],
      agents: {},
      earnings: {},
    });
    expect(lines.map((l) => l.id)).toEqual(["v-B/1", "v-a/1", "v-b/1"]);
  });
});
