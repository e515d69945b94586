import { describe, expect, it } from "vitest";
import { backdatedCoverage } from "../../../shared/book/sce-backdated";
import { bookSummaries } from "../../../shared/book/summaries";
import { samplePolicy } from "../../../shared/book/test-fixtures";
import type { CoverageSummary, CustomerSummary, PolicySummary } from "../../../shared/documents/book";
import { buildHub, inDays } from "./hub-items";

const NOW = "2026-11-20T15:00:00.000Z";
const coverage = (id: string, over: Partial<CoverageSummary>): CoverageSummary => ({
  id,
  customerId: "c1",
  policyId: "p1",
  plan: "lrp",
  commodity: "0801",
  type: "809",
  cropYear: 2026,
  salesDate: "2026-06-01",
  endDate: "2026-12-10",
  head: 100,
  producerPremium: "1234.56",
  status: "accepted",
  updatedAt: NOW,
  ...over,
});
const customers: CustomerSummary[] = [
  { id: "c1", name: "Casey Rancher", status: "active" },
  { id: "c2", name: "Old Farm", status: "inactive" },
];
const policies: PolicySummary[] = [
  {
    id: "p1",
    customerId: "c1",
    entityId: "e1",
    plan: "lrp",
    providerId: "proAg",
    cropYear: 2026,
    status: "active",
    state: "KS",
    updatedAt: NOW,
  },
];
const names = new Map(customers.map((c) => [c.id, c.name]));
const TODAY = "2026-11-20";

describe("agent hub", () => {
  it("lists coverages ending in the next 30 days, soonest first, with the customer and a link", () => {
    const hub = buildHub(
      customers,
      policies,
      [
        coverage("late", { endDate: "2026-12-15" }),
        coverage("soon", { endDate: "2026-11-25" }),
        coverage("far", { endDate: "2027-03-01" }),
        coverage("gone", { endDate: "2026-11-25", status: "cancelled" }),
      ],
      names,
      TODAY,
    );
    expect(hub.ending.map((i) => [i.id, i.daysLeft])).toEqual([
      ["soon", 5],
      ["late", 25],
    ]);
    expect(hub.ending[0]).toMatchObject({
      customer: "Casey Rancher",
      customerHref: "/agent/customers?customer=c1",
      href: "/agent/coverages/lrp/soon",
      title: "LRP Feeder Cattle · Steers <600 lbs",
    });
  });

  it("lists LRP claims whose 60-day filing deadline is still open, not LGM ones", () => {
    const hub = buildHub(
      customers,
      policies,
      [
        coverage("ended", { endDate: "2026-10-01", status: "ended" }),
        coverage("late", { endDate: "2026-09-01", status: "ended" }),
        coverage("lgm", {
          plan: "lgm",
          commodity: "0803",
          type: "808",
          endDate: "2026-10-31",
          status: "ended",
        }),
      ],
      names,
      TODAY,
    );
    expect(hub.claims.map((i) => [i.id, i.date])).toEqual([["ended", "2026-11-30"]]);
  });

  it("sums the premiums falling due in the next 30 days exactly", () => {
    const hub = buildHub(
      customers,
      policies,
      [
        coverage("a", { endDate: "2026-10-05", cropYear: 2026, status: "ended", producerPremium: "0.1" }),
        coverage("b", { endDate: "2026-10-20", cropYear: 2026, status: "ended", producerPremium: "0.2" }),
        coverage("q", { endDate: "2026-10-20", cropYear: 2026, status: "quoted", producerPremium: "5" }),
      ],
      names,
      TODAY,
    );
    expect(hub.premiums.map((i) => [i.id, i.date])).toEqual([
      ["a", "2026-12-01"],
      ["b", "2026-12-01"],
    ]);
    expect(hub.premiumsTotal).toBe("0.3");
  });

  it("counts active customers, active policies and the head in force (a quote covers nothing yet)", () => {
    const hub = buildHub(
      customers,
      policies,
      [
        coverage("a", { head: 40 }),
        coverage("b", { head: 60, status: "quoted" }),
        coverage("c", { status: "ended" }),
      ],
      names,
      TODAY,
    );
    expect(hub.counts).toEqual({ customers: 1, activePolicies: 1, coveragesInForce: 1, headCovered: 40 });
  });

  it("says when in words", () => {
    expect([inDays(0), inDays(1), inDays(9)]).toEqual(["today", "tomorrow", "in 9 days"]);
  });
});

describe("an endorsement bought on an earlier day", () => {
  it("once ended, is on the claim deadlines like any other, from its record's summary", () => {
    const made = backdatedCoverage(
      {
        plan: "lrp",
        salesDate: "2026-05-13",
        commodity: "0801",
        type: "810",
        endorsementLengthWeeks: 26,
        coverageLevel: 0.95,
        head: 100,
        targetWeightCwt: 7.5,
        profile: { farmerClassification: "Neither" },
        policy: samplePolicy({ id: "p1" }),
        existingCoverages: [],
        id: "cv-back",
        now: new Date(NOW),
        userId: "agent-1",
      },
      null,
      { coveragePrice: "400", rate: "0.0312", subsidy: "3276" },
    );
    if (!made.ok) throw new Error(made.message);
    expect(made.record.status).toBe("ended");
    const { coverages } = bookSummaries("c1", {
      entities: {},
      policies: {},
      coverages: { [made.record.id]: made.record },
    });
    const hub = buildHub(customers, policies, Object.values(coverages), names, TODAY);
    expect(hub.claims.map((c) => [c.id, c.date])).toEqual([["cv-back", "2027-01-10"]]);
  });
});
