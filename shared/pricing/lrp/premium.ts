import { type Money, type MoneyInput, money, roundCents, roundDollars, roundTo } from "../money";

// RMA's LRP premium steps, all in Decimal (DOMAIN.md):
//   insured value   = head × target weight × coverage price × PAF × share       (cents, half up)
//   total premium   = insured value × rate                                       (whole dollars, half up)
//   subsidy         = total premium × subsidy %                                  (whole dollars, half up)
//   producer premium = total premium − subsidy
//   per cwt = producer premium ÷ (head × target weight × share) (4 places); per head = ÷ head (cents)
//
// The steps are split so an offer table can share what its rows have in common (the insured units of
// the producer's choices, the insured value of a coverage price, the subsidy share of a band) while
// every figure is still computed and rounded here, once.

const ONE_HUNDREDTH = money("0.01");

/** What a premium needs of the producer's choices; the same for every row of an offer table. */
export interface LrpInsuredUnits {
  head: Money;
  /** head × target weight × share */
  cwt: Money;
}

export function lrpInsuredUnits(
  head: number,
  targetWeightCwt: MoneyInput,
  share: MoneyInput,
): LrpInsuredUnits {
  const h = money(head);
  return { head: h, cwt: h.times(targetWeightCwt).times(share) };
}

/** Insured value = insured cwt × coverage price × PAF, to the cent (half up). */
export const lrpInsuredValue = (units: LrpInsuredUnits, coveragePrice: Money, paf: Money): Money =>
  roundCents(units.cwt.times(coveragePrice).times(paf));

/**
 * A subsidy percent (band plus any beginning/veteran addition) as the fraction of the total premium it
 * pays. Total premium × percent × 0.01 and total premium × (percent × 0.01) are the same exact product.
 */
export const lrpSubsidyShare = (subsidyPercent: Money): Money => subsidyPercent.times(ONE_HUNDREDTH);

export interface LrpPremium {
  insuredValue: Money;
  totalPremium: Money;
  subsidy: Money;
  producerPremium: Money;
  producerPremiumPerCwt: Money;
  producerPremiumPerHead: Money;
}

/**
 * The premium figures from an insured value (`lrpInsuredValue`), the rate and the subsidy share
 * (`lrpSubsidyShare`). Per cwt and per head divide: the quotient is truncated at 24 digits, which never
 * moves it across a half-up boundary (money.ts), whereas a truncated reciprocal would (2,061 ÷ 96 =
 * 21.46875 must give 21.4688).
 */
export function lrpPremiumOn(
  units: LrpInsuredUnits,
  insuredValue: Money,
  rate: Money,
  subsidyShare: Money,
): LrpPremium {
  const totalPremium = roundDollars(insuredValue.times(rate));
  const subsidy = roundDollars(totalPremium.times(subsidyShare));
  const producerPremium = totalPremium.minus(subsidy);
  return {
    insuredValue,
    totalPremium,
    subsidy,
    producerPremium,
    producerPremiumPerCwt: roundTo(producerPremium.div(units.cwt), 4),
    producerPremiumPerHead: roundCents(producerPremium.div(units.head)),
  };
}

export interface LrpPremiumInput {
  head: number;
  targetWeightCwt: MoneyInput;
  share: MoneyInput;
  coveragePrice: Money;
  priceAdjustmentFactor: Money;
  rate: Money;
  /** Percent, base band plus any beginning/veteran addition. */
  subsidyPercent: Money;
}

/** One premium from scratch: the steps above in order. */
export function lrpPremium(p: LrpPremiumInput): LrpPremium {
  const units = lrpInsuredUnits(p.head, p.targetWeightCwt, p.share);
  return lrpPremiumOn(
    units,
    lrpInsuredValue(units, p.coveragePrice, p.priceAdjustmentFactor),
    p.rate,
    lrpSubsidyShare(p.subsidyPercent),
  );
}
