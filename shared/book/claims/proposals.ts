import Decimal from "decimal.js";
import type { CoverageSummary, LgmEndorsement, LrpCoverage } from "../../documents/book";
import type { ClaimProposalRecord, ClaimSummary } from "../../documents/claim";
import type { MarketSnapshot } from "../../market/snapshot";
import { type ActualPricesResult, lgmClaim, lrpClaim } from "../../pricing/claims";
import { claimFilingDueDate } from "../dates";
import { LGM_FUTURES_ACTUAL_TEXT, whole } from "./compute";
import { type FilingUrgency, filingUrgency } from "./deadlines";

// The claims proposed to the agent (docs/claims.md): the ones this device works out from its market
// snapshot for the hub, the ones the server records after each publish (organisation document
// `claimProposals`), the hub's merge of both, and the endorsements one LRP claim may name together.

export interface ClaimProposal {
  coverage: CoverageSummary;
  /** Whole dollars by RMA's formula at the published actual ending value. */
  indemnity: string;
  actualEndingValue: string;
  filingDueDate: string;
  urgency: FilingUrgency;
}

/** An LRP summary's indemnity at RMA's actual ending value in `snapshot` (A00620), or null without one. */
function atPublishedActual(
  c: CoverageSummary,
  snapshot: MarketSnapshot | null,
): { value: string; indemnity: number } | null {
  if (c.plan !== "lrp" || !c.lrp || !snapshot) return null;
  const published = snapshot.lrpActualEndingValues.find(
    (r) => r.commodityCode === c.commodity && r.typeCode === c.type && r.endDate === c.endDate,
  );
  if (!published) return null;
  const result = lrpClaim(
    {
      commodity: c.commodity,
      type: c.type,
      endDate: c.endDate,
      coveragePrice: c.lrp.coveragePrice,
      head: c.head,
      targetWeightCwt: c.lrp.targetWeightCwt,
      share: c.lrp.share,
      priceAdjustmentFactor: c.lrp.priceAdjustmentFactor,
      actualEndingValue: published.actualEndingValue,
      asOf: c.endDate,
    },
    null,
  );
  return { value: new Decimal(published.actualEndingValue).toFixed(), indemnity: result.indemnity };
}

/** Coverage statuses that may still need a claim. */
const CLAIMABLE = new Set(["accepted", "ended"]);

/**
 * The claims the agent hub proposes: every LRP endorsement (accepted or ended, end date passed) that
 * no claim names yet and whose RMA actual ending value in `snapshot` shows an indemnity, soonest
 * filing due date first (overdue ones included, marked). LGM actual margins are not in the snapshot:
 * an LGM claim is opened from its endorsement.
 */
export function proposeClaims(
  coverages: readonly CoverageSummary[],
  claims: readonly Pick<ClaimSummary, "coverageIds">[],
  snapshot: MarketSnapshot | null,
  today: string,
): ClaimProposal[] {
  if (!snapshot) return [];
  const claimed = new Set(claims.flatMap((c) => c.coverageIds));
  const out: ClaimProposal[] = [];
  for (const c of coverages) {
    if (c.plan !== "lrp" || !CLAIMABLE.has(c.status) || claimed.has(c.id) || c.endDate >= today) continue;
    const found = atPublishedActual(c, snapshot);
    if (!found || found.indemnity <= 0) continue;
    const due = claimFilingDueDate(c) as string;
    out.push({
      coverage: c,
      indemnity: whole(found.indemnity),
      actualEndingValue: found.value,
      filingDueDate: due,
      urgency: filingUrgency(due, today),
    });
  }
  return out.sort(
    (a, b) => a.filingDueDate.localeCompare(b.filingDueDate) || a.coverage.id.localeCompare(b.coverage.id),
  );
}

// ---------------------------------------------------------------------------------------------------
// The server's proposals (organisation document `claimProposals`, written after each publish)

/** The record of an LRP proposal, as the server writes it. */
export function lrpProposalRecord(
  p: ClaimProposal,
  marketAsOf: string,
  computedAt: string,
): ClaimProposalRecord {
  return {
    id: p.coverage.id,
    customerId: p.coverage.customerId,
    plan: "lrp",
    commodity: p.coverage.commodity,
    type: p.coverage.type,
    endDate: p.coverage.endDate,
    filingDueDate: p.filingDueDate,
    actual: {
      value: p.actualEndingValue,
      source: "rma-actual",
      sourceText: `RMA actual ending value (A00620) for ${p.coverage.endDate}`,
      date: marketAsOf,
      kind: "final",
    },
    indemnity: p.indemnity,
    marketAsOf,
    computedAt,
  };
}

export interface LgmProposalSource {
  endorsement: LgmEndorsement;
  customerId: string;
  /** The claims of the organisation (an endorsement one names is not proposed again). */
  claims: readonly Pick<ClaimSummary, "coverageIds">[];
  /** The actual prices from the market history (shared/pricing/claims lgmActualPrices). */
  actualPrices: ActualPricesResult;
  today: string;
  marketAsOf: string;
  computedAt: string;
}

/**
 * An LGM endorsement's proposal: accepted or ended, its insurance period over, no claim naming it,
 * every contract its margins read expired with its settlements in the market history, and the engine's
 * indemnity at the target marketings above zero (the agent enters the actual marketings when opening
 * the claim; proration can only lower it). Null otherwise.
 */
export function proposeLgmClaim(source: LgmProposalSource): ClaimProposalRecord | null {
  const e = source.endorsement;
  if (!CLAIMABLE.has(e.status) || e.endDate >= source.today) return null;
  if (source.claims.some((c) => c.coverageIds.includes(e.id))) return null;
  if (!("prices" in source.actualPrices)) return null;
  const result = lgmClaim({
    commodity: e.commodity,
    type: e.type,
    salesDate: e.salesDate,
    cropYear: e.cropYear,
    targetMarketings: e.targetMarketings,
    grossMarginGuarantee: e.grossMarginGuarantee,
    ...(e.weights ? { weights: e.weights } : {}),
    actualPrices: source.actualPrices.prices,
  });
  if (result.indemnity <= 0) return null;
  return {
    id: e.id,
    customerId: source.customerId,
    plan: "lgm",
    commodity: e.commodity,
    type: e.type,
    endDate: e.endDate,
    filingDueDate: null,
    actual: {
      value: new Decimal(result.totalGrossMargin).toFixed(2),
      source: "futures-actual",
      sourceText: LGM_FUTURES_ACTUAL_TEXT,
      date: source.marketAsOf,
      kind: "final",
    },
    lgm: { actualGrossMargins: result.months.map((m) => new Decimal(m.actualGrossMargin).toFixed()) },
    indemnity: whole(result.indemnity),
    marketAsOf: source.marketAsOf,
    computedAt: source.computedAt,
  };
}

/** A line of the hub's "Claims that pay": the device's LRP proposal or the server's (LRP or LGM). */
export interface HubProposal {
  coverage: CoverageSummary;
  plan: "lrp" | "lgm";
  indemnity: string;
  /** LRP: the actual ending value per cwt; LGM: the actual total gross margin. */
  actualValue: string;
  filingDueDate: string | null;
  urgency: FilingUrgency;
  /** The market data it was worked out from. */
  from: "device" | "server";
}

/**
 * The hub's "Claims that pay": the proposals this device works out from its snapshot, and the ones the
 * server recorded (LGM ones only come from there) for endorsements still claimable and named by no
 * claim — one line per endorsement (the device's when both have it), soonest due first, LGM last.
 */
export function hubProposals(
  local: readonly ClaimProposal[],
  server: Readonly<Record<string, ClaimProposalRecord>>,
  coverages: readonly CoverageSummary[],
  claims: readonly Pick<ClaimSummary, "coverageIds">[],
  today: string,
): HubProposal[] {
  const claimed = new Set(claims.flatMap((c) => c.coverageIds));
  const out = new Map<string, HubProposal>();
  for (const p of local)
    out.set(p.coverage.id, {
      coverage: p.coverage,
      plan: "lrp",
      indemnity: p.indemnity,
      actualValue: p.actualEndingValue,
      filingDueDate: p.filingDueDate,
      urgency: p.urgency,
      from: "device",
    });
  const byId = new Map(coverages.map((c) => [c.id, c]));
  for (const record of Object.values(server)) {
    const coverage = byId.get(record.id);
    if (!coverage || out.has(record.id) || claimed.has(record.id) || !CLAIMABLE.has(coverage.status))
      continue;
    out.set(record.id, {
      coverage,
      plan: record.plan,
      indemnity: record.indemnity,
      actualValue: record.actual.value,
      filingDueDate: record.filingDueDate,
      urgency: filingUrgency(record.filingDueDate, today),
      from: "server",
    });
  }
  return [...out.values()].sort(
    (a, b) =>
      (a.filingDueDate ?? "9999").localeCompare(b.filingDueDate ?? "9999") ||
      a.coverage.id.localeCompare(b.coverage.id),
  );
}

/**
 * The endorsements one LRP claim may name together with `coverage` (the engine adds endorsements of one
 * commodity, type and end date): the customer's others that are accepted or ended and named by no claim.
 */
export function lrpClaimCompanions(
  coverage: LrpCoverage,
  customerCoverages: Readonly<Record<string, { plan: string; status: string }>>,
  claims: readonly Pick<ClaimSummary, "coverageIds">[],
): LrpCoverage[] {
  const claimed = new Set(claims.flatMap((c) => c.coverageIds));
  return Object.values(customerCoverages)
    .filter((c): c is LrpCoverage => c.plan === "lrp")
    .filter(
      (c) =>
        c.id !== coverage.id &&
        CLAIMABLE.has(c.status) &&
        !claimed.has(c.id) &&
        c.commodity === coverage.commodity &&
        c.type === coverage.type &&
        c.endDate === coverage.endDate,
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * RMA's actual ending value for an ended LRP endorsement in `snapshot`, and whether it pays at that
 * value (the engine's indemnity above zero); null when the snapshot does not have it.
 */
export function lrpActualPays(
  coverage: CoverageSummary,
  snapshot: MarketSnapshot | null,
): { value: string; pays: boolean } | null {
  const found = atPublishedActual(coverage, snapshot);
  return found ? { value: found.value, pays: found.indemnity > 0 } : null;
}
