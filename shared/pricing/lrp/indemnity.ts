import { type Money, type MoneyInput, money, roundCents } from "../money";

// LRP outcome at the end of the endorsement (DOMAIN.md):
//   indemnity = max(0, coverage price − actual ending value) × head × target weight × PAF × share (cents)
//   net result = indemnity − producer premium; net price floor = coverage price − producer premium/cwt

export interface LrpCoverageTerms {
  head: number;
  targetWeightCwt: MoneyInput;
  share: MoneyInput;
  coveragePricePerCwt: MoneyInput;
  priceAdjustmentFactor: MoneyInput;
  producerPremium: MoneyInput;
}

export function lrpIndemnity(terms: LrpCoverageTerms, actualEndingValue: MoneyInput): Money {
  const shortfall = money(terms.coveragePricePerCwt).minus(actualEndingValue);
  if (shortfall.lte(0)) return money(0);
  return roundCents(
    shortfall
      .times(terms.head)
      .times(terms.targetWeightCwt)
      .times(terms.priceAdjustmentFactor)
      .times(terms.share),
  );
}

export interface LrpOutcome {
  actualEndingValue: number;
  indemnity: number;
  producerPremium: number;
  netResult: number;
}

export function lrpOutcome(terms: LrpCoverageTerms, actualEndingValue: MoneyInput): LrpOutcome {
  const indemnity = lrpIndemnity(terms, actualEndingValue);
  return {
    actualEndingValue: Number(money(actualEndingValue).toString()),
    indemnity: Number(indemnity.toString()),
    producerPremium: Number(money(terms.producerPremium).toString()),
    netResult: Number(indemnity.minus(terms.producerPremium).toString()),
  };
}

export const lrpNetPriceFloor = (coveragePricePerCwt: MoneyInput, producerPremiumPerCwt: MoneyInput): Money =>
  money(coveragePricePerCwt).minus(producerPremiumPerCwt);
