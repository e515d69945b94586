import { type Money, money, roundCents, roundDollars, roundTo } from "../money";

// RMA's LRP premium steps, all in Decimal (DOMAIN.md):
//   insured value   = head × target weight × coverage price × PAF × share       (cents, half up)
//   total premium   = insured value × rate                                       (whole dollars, half up)
//   subsidy         = total premium × subsidy %                                  (whole dollars, half up)
//   producer premium = total premium − subsidy
//   per cwt = producer premium ÷ (head × target weight × share) (4 places); per head = ÷ head (cents)

const ONE_HUNDREDTH = money("0.01");

export interface LrpPremiumInput {
  head: number;
  targetWeightCwt: number | string;
  share: number | string;
  coveragePrice: Money;
  priceAdjustmentFactor: Money;
  rate: Money;
  /** Percent, base band plus any beginning/veteran addition. */
  subsidyPercent: Money;
  /** head × target weight × share, when the caller already has it (an offer table prices many rows). */
  insuredCwt?: Money;
  /** 1 ÷ insured cwt and 1 ÷ head, likewise (see `lrpReciprocals`). */
  reciprocals?: { insuredCwt: Money; head: Money };
}

/**
 * 1 ÷ insured cwt and 1 ÷ head to 24 digits, so an offer table multiplies instead of dividing per row.
 * Multiplying by them rounds to the same cents as dividing: a quotient that lies exactly on a half-cent
 * (or half of the 4th place) has a terminating reciprocal, held exactly; any other quotient is a
 * fraction with a small denominator, farther from every such boundary than the 10⁻²⁴ truncation.
 */
export function lrpReciprocals(insuredCwt: Money, head: number): { insuredCwt: Money; head: Money } {
  return { insuredCwt: money(1).div(insuredCwt), head: money(1).div(head) };
}

export interface LrpPremium {
  insuredValue: Money;
  totalPremium: Money;
  subsidy: Money;
  producerPremium: Money;
  producerPremiumPerCwt: Money;
  producerPremiumPerHead: Money;
}

export function lrpPremium(p: LrpPremiumInput): LrpPremium {
  const insuredCwt = p.insuredCwt ?? money(p.head).times(p.targetWeightCwt).times(p.share);
  const insuredValue = roundCents(insuredCwt.times(p.coveragePrice).times(p.priceAdjustmentFactor));
  const totalPremium = roundDollars(insuredValue.times(p.rate));
  const subsidy = roundDollars(totalPremium.times(p.subsidyPercent).times(ONE_HUNDREDTH));
  const producerPremium = totalPremium.minus(subsidy);
  return {
    insuredValue,
    totalPremium,
    subsidy,
    producerPremium,
    producerPremiumPerCwt: roundTo(
      p.reciprocals ? producerPremium.times(p.reciprocals.insuredCwt) : producerPremium.div(insuredCwt),
      4,
    ),
    producerPremiumPerHead: roundCents(
      p.reciprocals ? producerPremium.times(p.reciprocals.head) : producerPremium.div(p.head),
    ),
  };
}
