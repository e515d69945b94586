import Decimal from "decimal.js";
import { lgmQuoteInputFor } from "../../../shared/book/lgm-endorsement";
import { LGM_RESULT_LABELS } from "../../../shared/catalogue/labels";
import type { CustomerProfile, LgmEndorsement } from "../../../shared/documents/book";
import type { LgmWeights } from "../../../shared/pricing/lgm/formula";
import type { LgmQuoteInput } from "../../../shared/pricing/lgm/input";
import { grossMarginGuarantee } from "../../../shared/pricing/lgm/premium";
import type { LgmQuote } from "../../../shared/pricing/lgm/quote";

// A stored LGM endorsement's whole deductible curve, priced again on the device with the LGM quote
// screen's engine input (lgmQuoteInputFor) on the snapshot of its sales date. The stored figures stay
// the record of truth: the curve is shown beside them, and `curveAgreement` says whether the curve
// gives the stored figures at the stored deductible (it does, to the cent, when the snapshot is the one
// the endorsement was priced with and the customer's farmer classification has not changed since).

/** The engine input for the endorsement as it was priced (its sales date, marketings, weights, state). */
export function endorsementQuoteInput(
  e: LgmEndorsement,
  profile: Pick<CustomerProfile, "farmerClassification" | "farmingSinceYear"> | undefined,
): LgmQuoteInput {
  const classification = profile?.farmerClassification ?? "Neither";
  return lgmQuoteInputFor({
    salesDate: e.salesDate,
    commodity: e.commodity,
    type: e.type,
    targetMarketings: e.targetMarketings,
    deductible: Number(e.deductible),
    ...(e.weights ? { weights: e.weights as LgmWeights } : {}),
    ...(e.stateCode !== undefined ? { stateCode: e.stateCode } : {}),
    profile: {
      farmerClassification: classification,
      ...(profile?.farmingSinceYear !== undefined ? { farmingSinceYear: profile.farmingSinceYear } : {}),
    },
  });
}

/** One deductible of the curve, as exact decimal text. */
export interface CurveRow {
  deductible: string;
  /** Gross margin guarantee of the whole endorsement at this deductible (may be negative). */
  guarantee: string;
  totalPremium: string;
  subsidy: string;
  producerPremium: string;
  /** Producer premium per head (cwt for dairy) of target marketings, rounded half up to the cent. */
  producerPremiumPerUnit: string;
  /** The endorsement's own deductible. */
  stored: boolean;
}

const [, , GUARANTEE, PRODUCER_PREMIUM] = LGM_RESULT_LABELS;

const text = (v: number | Decimal.Value): string => new Decimal(v).toFixed();

/** The curve's rows: the worker's premiums per deductible, the engine's guarantee, per-unit premium. */
export function curveRows(e: LgmEndorsement, quote: LgmQuote): CurveRow[] {
  const margins = quote.months.map((m) => m.expectedGrossMarginPerUnit);
  const units = e.targetMarketings.reduce((a, b) => a + b, 0);
  const stored = new Decimal(e.deductible);
  return quote.deductibleCurve.map((c) => {
    const producer = new Decimal(c.producerPremium);
    return {
      deductible: text(c.deductible),
      guarantee: grossMarginGuarantee(
        margins,
        e.targetMarketings,
        c.deductible,
      ).grossMarginGuarantee.toFixed(),
      totalPremium: text(c.totalPremium),
      subsidy: text(c.subsidy),
      producerPremium: producer.toFixed(),
      producerPremiumPerUnit:
        units > 0 ? producer.div(units).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : "0.00",
      stored: stored.eq(c.deductible),
    };
  });
}

export interface CurveAgreement {
  /** The curve has the stored deductible and gives every stored figure there, to the cent. */
  agrees: boolean;
  /** Labels of the stored figures the curve gives otherwise (empty when it agrees). */
  differing: string[];
}

const sameCents = (a: Decimal.Value, b: Decimal.Value): boolean =>
  new Decimal(a)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .eq(new Decimal(b).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));

/** Whether the curve's row at the stored deductible gives the stored (frozen) figures. */
export function curveAgreement(e: LgmEndorsement, rows: readonly CurveRow[]): CurveAgreement {
  const row = rows.find((r) => r.stored);
  if (!row) return { agrees: false, differing: ["Deductible"] };
  const differing = [
    [GUARANTEE, row.guarantee, e.grossMarginGuarantee],
    ["Total premium", row.totalPremium, e.totalPremium],
    ["Subsidy", row.subsidy, e.subsidy],
    [PRODUCER_PREMIUM, row.producerPremium, e.producerPremium],
  ]
    .filter(([, curve, storedValue]) => !sameCents(curve as string, storedValue as string))
    .map(([label]) => label as string);
  return { agrees: differing.length === 0, differing };
}
