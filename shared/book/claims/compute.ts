import Decimal from "decimal.js";
import type { LgmEndorsement, LrpCoverage } from "../../documents/book";
import type { ClaimActual, ClaimRecord } from "../../documents/claim";
import { DomainError } from "../../errors";
import type { MarketSnapshot } from "../../market/snapshot";
import { type LrpValueSource, lgmClaim, lgmProrationThreshold, lrpClaim } from "../../pricing/claims";
import { claimFilingDueDate } from "../dates";

// Computing a claim from its endorsement(s) (docs/claims.md). The indemnity is always the
// engine's (shared/pricing/claims); a screen never computes or takes one by hand. Pure: "today" is
// passed in.

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
  /** Where the typed value was read (e.g. "RMA LRP actual ending values report of Oct 9, 2026"; docs/claims.md). */
  enteredSource?: string;
}

/** The most characters of a typed source kept in the claim's words (its shape allows 300 in all). */
export const ENTERED_SOURCE_MAX = 160;

/** Whole dollars, as RMA rounds an indemnity (the engine has rounded already: this only formats). */
export const whole = (n: number) => new Decimal(n).toFixed(0);

/**
 * The claim's record of where its actual value came from, decided on the engine's code: a value the
 * agent typed is "entered", RMA's published one "rma-actual", anything else an estimate.
 */
const CLAIM_SOURCE_OF: Readonly<Record<LrpValueSource, ClaimActual["source"]>> = {
  given: "entered",
  "rma-actual": "rma-actual",
  "rma-expected": "estimate",
  futures: "estimate",
};

/** ", from {source}" for a typed source (trimmed, at most ENTERED_SOURCE_MAX characters), else "". */
function enteredFrom(source: string | undefined): string {
  const text = source?.trim().replace(/\s+/g, " ") ?? "";
  if (!text) return "";
  if (text.length > ENTERED_SOURCE_MAX)
    throw new DomainError(
      "invalid-input",
      `enteredSource: say where the value was read in at most ${ENTERED_SOURCE_MAX} characters`,
      ["enteredSource"],
    );
  return ` from ${text}`;
}

/** The LRP claim of one or more endorsements of one type and end date, by the engine. */
export function computeLrpClaim({
  coverages,
  snapshot,
  today,
  enteredActualEndingValue,
  enteredSource,
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
    const source = CLAIM_SOURCE_OF[result.valueSource];
    actual ??= {
      value: new Decimal(result.actualEndingValue).toFixed(),
      source,
      sourceText:
        source === "entered"
          ? `RMA actual ending value for ${first.endDate}, entered by the agent${enteredFrom(enteredSource)}`
          : result.source,
      date: source === "entered" ? today : (snapshot?.asOf ?? today),
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

/** The words of an LGM proposal's source (the claim opened from it keeps them). */
export const LGM_FUTURES_ACTUAL_TEXT =
  "Actual gross margins from the futures settlements of the last three trading days before each contract's expiry";

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
