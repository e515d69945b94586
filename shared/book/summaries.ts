import Decimal from "decimal.js";
import type {
  Coverage,
  CoverageSummary,
  CustomerProfile,
  CustomerSummary,
  Entity,
  EntitySummary,
  Policy,
  PolicySummary,
} from "../documents/book";

// The organisation document's summaries of a customer's records (its sections `customers`,
// `entities`, `policies`, `coverages`), derived from the customer document alone: lists of the whole
// book read the summaries and need no customer document. They are a cache: the device that writes a
// customer document writes its summaries in the same step (src/components/book), and any device can
// derive them again. Tax ids never enter a summary.

export interface CustomerRecords {
  profile?: CustomerProfile;
  entities?: Record<string, Entity>;
  policies?: Record<string, Policy>;
  coverages?: Record<string, Coverage>;
}

export interface BookSummaries {
  customer: CustomerSummary | null;
  entities: Record<string, EntitySummary>;
  policies: Record<string, PolicySummary>;
  coverages: Record<string, CoverageSummary>;
}

/** Coverage statuses whose animals are still covered (not cancelled, not ended). */
export const LIVE_COVERAGE_STATUSES = new Set(["quoted", "submitted", "accepted"]);
/**
 * Coverage in force: accepted by the insurance provider. A quote or a submission (on a pending policy,
 * say) covers nothing yet, so "coverages in force" and "head covered" leave them out.
 */
export const IN_FORCE_COVERAGE_STATUSES: ReadonlySet<string> = new Set(["accepted"]);

/** Head a coverage covers: LRP head, LGM total target marketings. */
export const coveredHead = (coverage: Coverage): number =>
  coverage.plan === "lrp" ? coverage.head : coverage.targetMarketings.reduce((sum, head) => sum + head, 0);

export function bookSummaries(customerId: string, records: CustomerRecords): BookSummaries {
  const policies = records.policies ?? {};
  const coverages = Object.values(records.coverages ?? {});
  const live = coverages.filter((c) => LIVE_COVERAGE_STATUSES.has(c.status));
  const nextEndDate = live.map((c) => c.endDate).sort()[0] ?? null;
  const profile = records.profile;
  const customer: CustomerSummary | null = profile
    ? {
        id: customerId,
        name: profile.name,
        ...(profile.email ? { email: profile.email } : {}),
        ...(profile.mobilePhone && profile.smsConsent ? { sms: true } : {}),
        ...(profile.address ? { state: profile.address.state } : {}),
        status: profile.status,
        activePolicies: Object.values(policies).filter((p) => p.status === "active").length,
        headCovered: coverages
          .filter((c) => IN_FORCE_COVERAGE_STATUSES.has(c.status))
          .reduce((sum, c) => sum + coveredHead(c), 0),
        nextEndDate,
        updatedAt: profile.updatedAt,
      }
    : null;
  return {
    customer,
    entities: Object.fromEntries(
      Object.values(records.entities ?? {}).map((e) => [
        e.id,
        {
          id: e.id,
          customerId,
          legalName: e.legalName,
          type: e.type,
          status: e.status,
          updatedAt: e.updatedAt,
        },
      ]),
    ),
    policies: Object.fromEntries(
      Object.values(policies).map((p) => [
        p.id,
        {
          id: p.id,
          customerId,
          entityId: p.entityId,
          plan: p.plan,
          providerId: p.providerId,
          ...(p.policyNumber ? { policyNumber: p.policyNumber } : {}),
          cropYear: p.cropYear,
          status: p.status,
          state: p.state,
          updatedAt: p.updatedAt,
        },
      ]),
    ),
    coverages: Object.fromEntries(
      coverages.map((c) => [
        c.id,
        {
          id: c.id,
          customerId,
          policyId: c.policyId,
          plan: c.plan,
          ...(policies[c.policyId] ? { providerId: policies[c.policyId]?.providerId } : {}),
          commodity: c.commodity,
          type: c.type,
          cropYear: c.cropYear,
          salesDate: c.salesDate,
          endDate: c.endDate,
          head: coveredHead(c),
          producerPremium: new Decimal(c.producerPremium).toFixed(),
          totalPremium: new Decimal(c.totalPremium).toFixed(),
          status: c.status,
          ...(c.plan === "lrp"
            ? {
                lrp: {
                  coveragePrice: c.coveragePrice,
                  targetWeightCwt: c.targetWeightCwt,
                  share: c.share,
                  priceAdjustmentFactor: c.priceAdjustmentFactor,
                },
              }
            : {}),
          updatedAt: c.updatedAt,
        },
      ]),
    ),
  };
}
