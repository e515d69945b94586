import Decimal from "decimal.js";
import type { CoverageSummary, LgmEndorsement, LrpCoverage } from "../documents/book";
import {
  CHECKLIST_KINDS,
  type ChecklistItem,
  type ChecklistKind,
  type ClaimActual,
  type ClaimProposalRecord,
  type ClaimRecord,
  type ClaimStatus,
  type ClaimSummary,
} from "../documents/claim";
import { DomainError } from "../errors";
import { daysBetween, isIsoDate } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";
import { type ActualPricesResult, lgmClaim, lgmProrationThreshold, lrpClaim } from "../pricing/claims";
import { claimFilingDueDate } from "./dates";

// Claims in the book (issue 11 §2; docs/claims.md): the rules the claim screens, the agent hub and My
// coverages share. Pure: "today" and the clock reading are passed in. The indemnity is always the
// engine's (shared/pricing/claims); a screen never computes or takes one by hand.

// ---------------------------------------------------------------------------------------------------
// Filing deadline and its warnings

/** The hub warns this many days before the filing due date (and marks an overdue claim). */
export const CLAIM_WARNING_DAYS = [14, 7, 2] as const;

export type FilingUrgency =
  | { level: "overdue"; daysLeft: number }
  | { level: "warn"; daysLeft: number; threshold: (typeof CLAIM_WARNING_DAYS)[number] }
  | { level: "ok"; daysLeft: number }
  | { level: "none" };

/**
 * How urgent a filing due date is on `today`: overdue once it has passed; "warn" within 14, 7 or 2
 * days (the smallest threshold reached); "none" without a due date (LGM).
 */
export function filingUrgency(filingDueDate: string | null, today: string): FilingUrgency {
  if (!isIsoDate(today)) throw new RangeError(`filingUrgency: expected today as YYYY-MM-DD, got "${today}"`);
  if (filingDueDate === null) return { level: "none" };
  const daysLeft = daysBetween(today, filingDueDate);
  if (daysLeft < 0) return { level: "overdue", daysLeft };
  const reached = [...CLAIM_WARNING_DAYS].sort((a, b) => a - b).find((d) => daysLeft <= d);
  return reached === undefined ? { level: "ok", daysLeft } : { level: "warn", daysLeft, threshold: reached };
}

/** Statuses after which the filing deadline no longer matters. */
const FILED: ReadonlySet<ClaimStatus> = new Set(["submitted", "paid", "denied"]);
export const isFiled = (status: ClaimStatus): boolean => FILED.has(status);

// ---------------------------------------------------------------------------------------------------
// The producer's checklist (DOMAIN.md "LRP claims"; LGM: marketing records)

export interface ChecklistTemplate {
  kind: ChecklistKind;
  label: string;
  from: "producer" | "agency";
}

/** The documents a claim needs, by plan (fed cattle and swine: sales records; feeders: ownership). */
export function claimChecklist(plan: "lrp" | "lgm", commodity: string): ChecklistTemplate[] {
  if (plan === "lgm")
    return [
      {
        kind: "marketing-records",
        label: "Marketing records (sales receipts for each month)",
        from: "producer",
      },
      { kind: "notice-of-loss", label: "Claim form signed by the producer", from: "producer" },
    ];
  const items: ChecklistTemplate[] = [
    { kind: "notice-of-loss", label: "Notice of Probable Loss (claim form)", from: "agency" },
    { kind: "proof-of-ownership", label: "Proof of ownership of the insured animals", from: "producer" },
  ];
  // Fed cattle (0802) and swine (0815): sales records dated no later than 60 days after the end date
  // (PM-24-028); feeder cattle (0801) raised and not sold near the end date: third-party affidavits.
  if (commodity === "0802" || commodity === "0815")
    items.push({
      kind: "sales-records",
      label: "Sales records dated no later than 60 days after the end date",
      from: "producer",
    });
  else
    items.push({
      kind: "third-party-affidavit",
      label: "Sales records, or affidavits from disinterested third parties for animals not sold",
      from: "producer",
    });
  return items;
}

// ---------------------------------------------------------------------------------------------------
// Computing a claim from its endorsement(s)

export type ComputedClaim = Pick<
  ClaimRecord,
  | "plan"
  | "coverageIds"
  | "policyId"
  | "commodity"
  | "type"
  | "endDate"
  | "filingDueDate"
  | "actual"
  | "lgm"
  | "indemnity"
  | "producerPremium"
  | "net"
>;

export interface LrpClaimSource {
  coverages: readonly LrpCoverage[];
  snapshot: MarketSnapshot | null;
  today: string;
  /** RMA's actual ending value typed by the agent (when the snapshot does not have it). */
  enteredActualEndingValue?: string;
}

const whole = (n: number) => new Decimal(n).toFixed(0);

/** The LRP claim of one or more endorsements of one type and end date, by the engine. */
export function computeLrpClaim({
  coverages,
  snapshot,
  today,
  enteredActualEndingValue,
}: LrpClaimSource): ComputedClaim {
  const first = coverages[0];
  if (!first)
    throw new DomainError("invalid-input", "A claim needs at least one endorsement.", ["coverageIds"]);
  for (const c of coverages)
    if (c.type !== first.type || c.commodity !== first.commodity || c.endDate !== first.endDate)
      throw new DomainError(
        "invalid-input",
        `Endorsements of one claim share the type and end date: ${c.id} differs from ${first.id}.`,
        ["coverageIds"],
      );
  let indemnity = new Decimal(0);
  let premium = new Decimal(0);
  let actual: ClaimActual | null = null;
  for (const c of coverages) {
    const result = lrpClaim(
      {
        commodity: c.commodity,
        type: c.type,
        endDate: c.endDate,
        coveragePrice: c.coveragePrice,
        head: c.head,
        targetWeightCwt: c.targetWeightCwt,
        share: c.share,
        priceAdjustmentFactor: c.priceAdjustmentFactor,
        producerPremium: c.producerPremium,
        ...(enteredActualEndingValue !== undefined ? { actualEndingValue: enteredActualEndingValue } : {}),
        asOf: today,
      },
      snapshot,
    );
    indemnity = indemnity.plus(result.indemnity);
    premium = premium.plus(c.producerPremium);
    actual ??= {
      value: new Decimal(result.actualEndingValue).toFixed(),
      source:
        enteredActualEndingValue !== undefined
          ? "entered"
          : result.source.startsWith("RMA actual")
            ? "rma-actual"
            : "estimate",
      sourceText:
        enteredActualEndingValue !== undefined
          ? `RMA actual ending value for ${first.endDate}, entered by the agent`
          : result.source,
      date: enteredActualEndingValue !== undefined ? today : (snapshot?.asOf ?? today),
      kind: result.kind,
    };
  }
  return {
    plan: "lrp",
    coverageIds: coverages.map((c) => c.id),
    policyId: first.policyId,
    commodity: first.commodity,
    type: first.type,
    endDate: first.endDate,
    filingDueDate: claimFilingDueDate(first),
    actual: actual as ClaimActual,
    indemnity: indemnity.toFixed(0),
    producerPremium: premium.toFixed(),
    net: indemnity.minus(premium).toFixed(),
  };
}

export interface LgmClaimSource {
  endorsement: LgmEndorsement;
  /** RMA's actual gross margin per unit, one per month of the insurance period (decimal text). */
  actualGrossMargins: readonly string[];
  /** What the producer actually marketed per month (default: the targets). */
  actualMarketings?: readonly number[];
  today: string;
  /** The margins are the server's proposal's (worked out from futures settlements), not typed. */
  fromProposal?: { marketAsOf: string };
}

/** The LGM claim of an endorsement from RMA's actual gross margins, by the engine (with proration). */
export function computeLgmClaim({
  endorsement: e,
  actualGrossMargins,
  actualMarketings,
  today,
  fromProposal,
}: LgmClaimSource): ComputedClaim {
  const marketings = actualMarketings ?? e.targetMarketings;
  const result = lgmClaim({
    commodity: e.commodity,
    type: e.type,
    salesDate: e.salesDate,
    cropYear: e.cropYear,
    targetMarketings: e.targetMarketings,
    actualMarketings: [...marketings],
    grossMarginGuarantee: e.grossMarginGuarantee,
    ...(e.weights ? { weights: e.weights } : {}),
    actualGrossMargins: [...actualGrossMargins],
  });
  const indemnity = whole(result.indemnity);
  return {
    plan: "lgm",
    coverageIds: [e.id],
    policyId: e.policyId,
    commodity: e.commodity,
    type: e.type,
    endDate: e.endDate,
    filingDueDate: null,
    actual: {
      value: new Decimal(result.totalGrossMargin).toFixed(2),
      source: fromProposal ? "futures-actual" : "rma-actual-margins",
      sourceText: `${fromProposal ? LGM_FUTURES_ACTUAL_TEXT : "RMA actual gross margins entered by the agent"}${result.prorated ? `, prorated × ${result.marketFactor}` : ""}`,
      date: fromProposal ? fromProposal.marketAsOf : today,
      kind: today > e.endDate ? "final" : "estimate",
    },
    lgm: { actualGrossMargins: [...actualGrossMargins], actualMarketings: [...marketings] },
    indemnity,
    producerPremium: new Decimal(e.producerPremium).toFixed(),
    net: new Decimal(indemnity).minus(e.producerPremium).toFixed(),
  };
}

export interface LgmProration {
  /** The indemnity had the producer marketed the targets (no proration). */
  indemnityAtTargets: string;
  /** The indemnity at the actual marketings (prorated when they fall below the threshold). */
  indemnity: string;
  targetTotal: number;
  actualTotal: number;
  /** Actual / target marketings, three decimals. */
  ratio: string;
  /** The share of the target below which the indemnity is prorated ("0.75", dairy from 2024 "0.85"). */
  threshold: string;
  prorated: boolean;
  marketFactor: string;
}

/** What the actual marketings do to an LGM indemnity: with and without proration, by the engine. */
export function lgmProration(
  e: LgmEndorsement,
  actualGrossMargins: readonly string[],
  actualMarketings: readonly number[],
): LgmProration {
  const input = {
    commodity: e.commodity,
    type: e.type,
    salesDate: e.salesDate,
    cropYear: e.cropYear,
    targetMarketings: e.targetMarketings,
    grossMarginGuarantee: e.grossMarginGuarantee,
    ...(e.weights ? { weights: e.weights } : {}),
    actualGrossMargins: [...actualGrossMargins],
  };
  const atTargets = lgmClaim(input);
  const actual = lgmClaim({ ...input, actualMarketings: [...actualMarketings] });
  return {
    indemnityAtTargets: whole(atTargets.indemnity),
    indemnity: whole(actual.indemnity),
    targetTotal: e.targetMarketings.reduce((a, b) => a + b, 0),
    actualTotal: actualMarketings.reduce((a, b) => a + b, 0),
    ratio: new Decimal(actual.marketingsRatio).toFixed(3),
    threshold: lgmProrationThreshold(e.commodity, e.cropYear),
    prorated: actual.prorated,
    marketFactor: new Decimal(actual.marketFactor).toFixed(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Status moves

/** open → submitted → paid | denied. */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  open: ["submitted"],
  submitted: ["paid", "denied"],
  paid: [],
  denied: [],
};

export const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatus, string>> = {
  open: "Open",
  submitted: "Submitted to the insurance provider",
  paid: "Paid",
  denied: "Denied",
};

/** The coverage status a claim's status leads to (the coverage's own rules: ended → claimed → paid). */
export const COVERAGE_STATUS_FOR_CLAIM: Readonly<Partial<Record<ClaimStatus, "claimed" | "paid">>> = {
  submitted: "claimed",
  paid: "paid",
};

// ---------------------------------------------------------------------------------------------------
// Summaries and the hub's proposals

/** The summary of a claim for the organisation and customer documents. */
export function claimSummaryOf(
  claim: ClaimRecord,
  checklist: Readonly<Record<string, ChecklistItem>>,
): ClaimSummary {
  return {
    id: claim.id,
    customerId: claim.customerId,
    plan: claim.plan,
    coverageIds: [...claim.coverageIds],
    commodity: claim.commodity,
    type: claim.type,
    endDate: claim.endDate,
    filingDueDate: claim.filingDueDate,
    indemnity: claim.indemnity,
    actualKind: claim.actual.kind,
    status: claim.status,
    ...(claim.submittedAt ? { submittedAt: claim.submittedAt } : {}),
    ...(claim.paidAt ? { paidAt: claim.paidAt } : {}),
    ...(claim.paidAmount ? { paidAmount: claim.paidAmount } : {}),
    needed: sortChecklist(Object.values(checklist))
      .filter((item) => item.from === "producer" && item.status === "needed")
      .map((item) => item.label),
    updatedAt: claim.updatedAt,
  };
}

/** Checklist items in a fixed order: by kind (the claim form first), then as they were added. */
export function sortChecklist(items: readonly ChecklistItem[]): ChecklistItem[] {
  const rank = (item: ChecklistItem) => CHECKLIST_KINDS.indexOf(item.kind);
  return [...items].sort(
    (a, b) => rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

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

/** Claims not yet filed whose due date is overdue or within a warning threshold, most urgent first. */
export function claimWarnings(
  claims: readonly ClaimSummary[],
  today: string,
): { claim: ClaimSummary; urgency: FilingUrgency }[] {
  return claims
    .filter((c) => !isFiled(c.status))
    .map((claim) => ({ claim, urgency: filingUrgency(claim.filingDueDate, today) }))
    .filter(({ urgency }) => urgency.level === "overdue" || urgency.level === "warn")
    .sort((a, b) => (a.claim.filingDueDate ?? "").localeCompare(b.claim.filingDueDate ?? ""));
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

/** The words of an LGM proposal's source (the claim opened from it keeps them). */
export const LGM_FUTURES_ACTUAL_TEXT =
  "Actual gross margins from the futures settlements of the last three trading days before each contract's expiry";

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
