import { type Money, money, roundCents, roundDollars, roundTo } from "../money";

// RMA's LRP premium steps, all in Decimal (DOMAIN.md):
//   insured value   = head × target weight × coverage price × PAF × share       (cents, half up)
//   total premium   = insured value × rate                                       (whole dollars, half up)
//   subsidy         = total premium × subsidy %                                  (whole dollars, half up)
//   producer premium = total premium − subsidy
//   per cwt = producer premium ÷ (head × target weight × share) (4 places); per head = ÷ head (cents)

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
  const subsidy = roundDollars(totalPremium.times(p.subsidyPercent).div(100));
  const producerPremium = totalPremium.minus(subsidy);
  return {
    insuredValue,
    totalPremium,
    subsidy,
    producerPremium,
    producerPremiumPerCwt: roundTo(producerPremium.div(insuredCwt), 4),
    producerPremiumPerHead: roundCents(producerPremium.div(p.head)),
  };
}
