import { getLrpType } from "../catalogue/lrp-types";
import type { FarmerClassification } from "../catalogue/plans";
import type { Coverage, LgmEndorsement, LrpCoverage } from "../documents/book";
import { DomainError } from "../errors";
import type { MarketSnapshot } from "../market/snapshot";
import { quoteLgm } from "../pricing/lgm/quote";
import { quoteLrp } from "../pricing/lrp/quote";
import { type Money, money } from "../pricing/money";
import { lgmQuoteInputFor } from "./lgm-endorsement";
import { lrpQuoteInputFor } from "./lrp-coverage";

// Rule SCE1, its first half (docs/book-import.md "SCE figures on the server"): where the sales day's
// snapshot is held, a coverage's priced figures are that day's offer — the engine's price for the
// record's own inputs on that snapshot (quoteLrp / quoteLgm, what the create forms freeze), to the cent —
// whatever the record says of where its figures came from. "No offer" (the day holds no RMA rate for the
// row, or no LGM data) sends the record to the SCE half (sce-record.ts).

export interface PricingProfile {
  farmerClassification: FarmerClassification;
  farmingSinceYear?: number;
}

/** The day's offer does not hold the record's row as RMA's: the SCE's figures may stand in. */
export const NO_OFFER = "no-offer" as const;

const CENT = money("0.005");
const RATE_EPSILON = money("1e-9");

const amount = (field: string, value: Money) =>
  field === "rate" || field === "coverageLevel" ? value.toFixed() : `$${value.toFixed(2)}`;

/** The first field whose stored figure is not the engine's, as a refusal naming the offer. */
function firstDifference(
  record: Record<string, unknown>,
  expected: [field: string, value: number | string][],
  offer: string,
): DomainError | null {
  for (const [field, value] of expected) {
    const stored = record[field];
    if (field === "endDate") {
      if (stored !== value)
        return new DomainError(
          "invalid-input",
          `${field}: ${String(stored)} is not the end date of ${offer} (${value})`,
          [field],
        );
      continue;
    }
    const want = money(value);
    const tolerance = field === "rate" ? RATE_EPSILON : CENT;
    let have: Money | null = null;
    try {
      have = money(String(stored));
    } catch {
      have = null;
    }
    if (!have?.minus(want).abs().lt(tolerance))
      return new DomainError(
        "invalid-input",
        `${field}: ${have ? amount(field, have) : JSON.stringify(stored)} is not ${offer}: the engine's figure is ${amount(field, want)} (to the cent)`,
        [field],
      );
  }
  return null;
}

function lrpAgainstDay(
  record: LrpCoverage,
  profile: PricingProfile,
  day: MarketSnapshot,
): DomainError | null | typeof NO_OFFER {
  const level = Number(record.coverageLevel);
  const request = lrpQuoteInputFor({
    salesDate: record.salesDate,
    commodity: record.commodity,
    type: record.type,
    offer: { endorsementLengthWeeks: record.endorsementLengthWeeks, coverageLevel: level },
    head: record.head,
    targetWeightCwt: Number(record.targetWeightCwt),
    share: Number(record.share),
    profile,
  });
  const quote = quoteLrp(request, day, { all: true });
  const row = (quote.offers ?? []).find(
    (r) =>
      r.endorsementLengthWeeks === record.endorsementLengthWeeks && Math.abs(r.coverageLevel - level) < 1e-9,
  );
  const label = getLrpType(record.commodity, record.type).label;
  if (!row) {
    const ofLength = (quote.offers ?? []).filter(
      (r) => r.endorsementLengthWeeks === record.endorsementLengthWeeks && !r.indicative,
    );
    if (ofLength.length === 0) return NO_OFFER;
    const levels = ofLength.map((r) => r.coverageLevel);
    return new DomainError(
      "invalid-input",
      `coverageLevel: the offers of ${record.salesDate} for ${label}, ${record.endorsementLengthWeeks} weeks have no row at coverage level ${record.coverageLevel} (offered: ${Math.min(...levels)} to ${Math.max(...levels)})`,
      ["coverageLevel"],
    );
  }
  if (row.indicative) return NO_OFFER;
  return firstDifference(
    record,
    [
      ["expectedEndingValue", row.expectedValuePerCwt],
      ["coveragePrice", row.coveragePricePerCwt],
      ["rate", row.rate],
      ["endDate", row.endDate],
      ["insuredValue", row.insuredValue],
      ["totalPremium", row.totalPremium],
      ["subsidy", row.subsidy],
      ["producerPremium", row.producerPremium],
    ],
    `the offer of ${record.salesDate} for ${label}, ${record.endorsementLengthWeeks} weeks at coverage level ${record.coverageLevel}`,
  );
}

function lgmAgainstDay(
  record: LgmEndorsement,
  profile: PricingProfile,
  day: MarketSnapshot,
): DomainError | null | typeof NO_OFFER {
  let quote: ReturnType<typeof quoteLgm>;
  try {
    quote = quoteLgm(
      lgmQuoteInputFor({
        salesDate: record.salesDate,
        commodity: record.commodity,
        type: record.type,
        targetMarketings: record.targetMarketings,
        deductible: Number(record.deductible),
        ...(record.weights ? { weights: record.weights } : {}),
        ...(record.stateCode !== undefined ? { stateCode: record.stateCode } : {}),
        profile,
      }),
      day,
    );
  } catch (e) {
    if (e instanceof DomainError && e.code === "stale-market-data") return NO_OFFER;
    if (e instanceof DomainError) return e;
    throw e;
  }
  return firstDifference(
    record,
    [
      ["expectedGrossMargin", quote.expectedGrossMargin],
      ["grossMarginGuarantee", quote.grossMarginGuarantee],
      ["totalPremium", quote.totalPremium],
      ["subsidy", quote.subsidy],
      ["producerPremium", quote.producerPremium],
    ],
    `the LGM price of ${record.salesDate} for these marketings at deductible ${record.deductible}`,
  );
}

/**
 * A coverage's figures against the offer of its sales day (`day`, that day's snapshot): null when they
 * are the engine's to the cent, NO_OFFER when the day holds no RMA figures for it, else the refusal
 * naming the first field that differs and the offer's figure. Never throws on a record that parses.
 */
export function againstDayOffer(
  record: Coverage,
  profile: PricingProfile,
  day: MarketSnapshot,
): DomainError | null | typeof NO_OFFER {
  try {
    return record.plan === "lrp" ? lrpAgainstDay(record, profile, day) : lgmAgainstDay(record, profile, day);
  } catch (e) {
    if (e instanceof DomainError) return e.code === "stale-market-data" ? NO_OFFER : e;
    throw e;
  }
}
