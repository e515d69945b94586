import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectedCommissions } from "./expected";
import { lineCommission, sum } from "./rounding";
import { coverage, policy, schedule, split } from "./test-fixtures";

// COMM2's properties over any set of coverages, shares, premium changes and cancellations:
//   - the parts of every line add up to the line, to the cent;
//   - the lines of one coverage add up to its expected commission (its last premium × its rate, zero
//     when cancelled), to the cent;
//   - a chargeback and the line it reverses add up to zero, part by part.

const cents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).div(100).toFixed(2));
const percent = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Decimal(n).div(10_000).toFixed());
const day = fc
  .integer({ min: 0, max: 360 })
  .map((n) => new Date(Date.UTC(2026, 6, 1) + n * 86_400_000).toISOString().slice(0, 10));

const coverageCase = fc.record({
  premiums: fc.array(cents, { minLength: 1, maxLength: 4 }),
  changeDays: fc.array(day, { minLength: 3, maxLength: 3 }),
  cancelled: fc.boolean(),
  policyCancelled: fc.boolean(),
  writing: fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal(n).div(100)),
  servicing: fc.boolean(),
  agency: percent,
  splitChangeDay: fc.option(day, { nil: undefined }),
});

describe("expected commission, properties", () => {
  it("[COMM2] lines add up per coverage, parts per line, and every chargeback cancels its line", () => {
    fc.assert(
      fc.property(fc.array(coverageCase, { minLength: 1, maxLength: 8 }), percent, (cases, rate) => {
        const salesDate = "2026-07-01";
        const coverages = cases.map((c, i) =>
          coverage({
            id: `v${i}`,
            policyId: `p${i}`,
            salesDate,
            totalPremium: c.premiums.at(-1),
            status: c.cancelled ? "cancelled" : "accepted",
            updatedAt: "2027-03-01T00:00:00.000Z",
          }),
        );
        const policies = Object.fromEntries(
          cases.map((c, i) => [
            `p${i}`,
            policy({ id: `p${i}`, status: c.policyCancelled ? "cancelled" : "active" }),
          ]),
        );
        const splits = cases.flatMap((c, i) => {
          const shares = c.servicing
            ? {
                writingSharePercent: c.writing.toFixed(),
                servicingSharePercent: new Decimal(100).minus(c.writing).toFixed(),
              }
            : { servicingAgentId: undefined, writingSharePercent: "100", servicingSharePercent: "0" };
          const first = split({ id: `x${i}`, policyId: `p${i}`, agencySharePercent: c.agency, ...shares });
          return c.splitChangeDay
            ? [
                first,
                split({ id: `y${i}`, policyId: `p${i}`, from: c.splitChangeDay, agencySharePercent: "0" }),
              ]
            : [first];
        });
        const schedules = [schedule({ id: "s1", newRatePercent: rate })];
        const earnings = Object.fromEntries(
          cases.map((c, i) => {
            const days = [...c.changeDays].sort();
            return [
              `v${i}`,
              {
                id: `v${i}`,
                customerId: "c-1",
                policyId: `p${i}`,
                changes: c.premiums.map((totalPremium, k) => ({
                  on: k === 0 ? salesDate : (days[k - 1] ?? salesDate),
                  totalPremium,
                })),
                updatedAt: "2027-03-01T00:00:00.000Z",
                updatedBy: "agent-a",
              },
            ];
          }),
        );
        const lines = expectedCommissions({ coverages, policies, schedules, splits, agents: {}, earnings });
        const byId = new Map(lines.map((l) => [l.id, l]));
        for (const line of lines) {
          expect(sum(line.parts.map((p) => p.amount))).toBe(line.amount);
          if (line.kind === "chargeback") {
            const original = byId.get(line.reverses ?? "");
            expect(original?.kind).toBe("commission");
            expect(sum([line.amount, original?.amount ?? "x"])).toBe("0.00");
            line.parts.forEach((p, k) => {
              expect(sum([p.amount, original?.parts[k]?.amount ?? "x"])).toBe("0.00");
              expect(p.agentId).toBe(original?.parts[k]?.agentId);
            });
          }
        }
        cases.forEach((c, i) => {
          const own = lines.filter((l) => l.coverageId === `v${i}`);
          const expected =
            c.cancelled || c.policyCancelled ? "0.00" : lineCommission(c.premiums.at(-1) ?? "0", rate);
          expect(sum(own.map((l) => l.amount))).toBe(expected);
        });
      }),
      { numRuns: 200, seed: 45 },
    );
  });
});
