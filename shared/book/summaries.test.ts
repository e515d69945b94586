import { describe, expect, it } from "vitest";
import {
  coverageSummarySchema,
  customerSummarySchema,
  entitySummarySchema,
  policySummarySchema,
} from "../documents/book";
import { bookSummaries, coveredHead, LIVE_COVERAGE_STATUSES } from "./summaries";
import {
  sampleEntity,
  sampleLgmEndorsement,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
} from "./test-fixtures";

const records = () => ({
  profile: sampleProfile(),
  entities: { e1: sampleEntity({ id: "e1", taxIdLast4: "6789" }) },
  policies: {
    p1: samplePolicy({ id: "p1", entityId: "e1" }),
    p2: samplePolicy({ id: "p2", entityId: "e1", plan: "lgm", providerId: "agriSompo", status: "pending" }),
  },
  coverages: {
    c1: sampleLrpCoverage({
      id: "c1",
      policyId: "p1",
      head: 100,
      endDate: "2027-05-21",
      producerPremium: "3591",
      status: "accepted",
    }),
    c2: sampleLrpCoverage({ id: "c2", policyId: "p1", head: 40, endDate: "2027-02-19", status: "cancelled" }),
    c3: sampleLgmEndorsement({ id: "c3", policyId: "p2", targetMarketings: [0, 100, 100, 100, 100, 100] }),
    c4: sampleLrpCoverage({ id: "c4", policyId: "gone", head: 7, endDate: "2026-12-01", status: "ended" }),
  },
});

describe("book summaries (the organisation document's list cache)", () => {
  it("summarise the customer: active policies, head covered by live coverages, next end date", () => {
    const s = bookSummaries("cust-1", records());
    expect(s.customer).toEqual({
      id: "cust-1",
      name: "Prairie Ranch",
      email: "owner@prairie.test",
      state: "KS",
      status: "active",
      activePolicies: 1,
      // c1 is in force; c3, a quoted LGM endorsement on a pending policy, covers nothing yet.
      headCovered: 100,
      nextEndDate: "2027-05-21",
      updatedAt: sampleProfile().updatedAt,
    });
    expect(customerSummarySchema.parse(s.customer)).toEqual(s.customer);
  });

  it("summarise every entity, policy and coverage, valid by their schemas, with the provider of the policy", () => {
    const s = bookSummaries("cust-1", records());
    for (const e of Object.values(s.entities)) expect(entitySummarySchema.parse(e)).toEqual(e);
    for (const p of Object.values(s.policies)) expect(policySummarySchema.parse(p)).toEqual(p);
    for (const c of Object.values(s.coverages)) expect(coverageSummarySchema.parse(c)).toEqual(c);
    expect(s.coverages.c1).toMatchObject({
      providerId: "proAg",
      head: 100,
      producerPremium: "3591",
      plan: "lrp",
    });
    expect(s.coverages.c3).toMatchObject({
      providerId: "agriSompo",
      head: 500,
      plan: "lgm",
      endDate: "2027-05-31",
    });
    expect(s.coverages.c4).not.toHaveProperty("providerId");
    expect(Object.keys(s.policies)).toEqual(["p1", "p2"]);
  });

  it("mark a customer reachable by SMS only with a mobile phone and consent that is not withdrawn", () => {
    const withConsent = sampleProfile({
      mobilePhone: "(555) 555-1234",
      smsConsent: { at: "2026-11-01T12:00:00.000Z", method: "written" },
    });
    expect(bookSummaries("c", { profile: withConsent }).customer?.sms).toBe(true);
    expect(
      bookSummaries("c", { profile: { ...withConsent, smsConsent: null } }).customer?.sms,
    ).toBeUndefined();
    expect(
      bookSummaries("c", { profile: { ...withConsent, mobilePhone: undefined } }).customer?.sms,
    ).toBeUndefined();
    expect(customerSummarySchema.parse(bookSummaries("c", { profile: withConsent }).customer)).toBeTruthy();
  });

  it("carry no tax id, not even the last four digits", () => {
    const text = JSON.stringify(bookSummaries("cust-1", records()));
    expect(text).not.toContain("6789");
    expect(text).not.toMatch(/taxId/);
  });

  it("without a profile there is no customer summary; empty records give empty sections", () => {
    expect(bookSummaries("cust-1", {})).toEqual({
      customer: null,
      entities: {},
      policies: {},
      coverages: {},
    });
  });

  it("head covered: LRP head, LGM total marketings; live means quoted, submitted or accepted", () => {
    expect(coveredHead(sampleLrpCoverage({ head: 42 }))).toBe(42);
    expect(coveredHead(sampleLgmEndorsement({ targetMarketings: [0, 1, 2, 3, 4, 5] }))).toBe(15);
    expect([...LIVE_COVERAGE_STATUSES]).toEqual(["quoted", "submitted", "accepted"]);
  });
});
