import type { LrpCommodityCode } from "../../catalogue";
import { FUTURES_CONTRACTS } from "../../market/contracts";
import { daysBetween, formatYearMonth, monthIndex } from "../../market/dates";
import type { MarketSnapshot } from "../../market/snapshot";
import { type CurveContract, contractMonthOnOrAfter, futuresCurve } from "../futures-curve";
import { black76Put } from "../math/black76";
import { Money, money } from "../money";
import { LRP_FUTURES } from "./markets";

// The CME put an LRP endorsement is compared with. LRP settles on a cash index, the put on futures:
// the comparison is a guide to price, not the same protection (the UI says so beside it).
// - contract: the first of the commodity's futures trading months expiring on or after the end date;
// - strike: the coverage price in futures terms (÷ 0.74 for swine), rounded half up to the contract's
//   strike grid;
// - premium: Black-76 with the contract's settlement and at-the-money implied volatility, to expiry,
//   discounted at the snapshot's risk-free rate; quoted in the futures' own $/cwt.

export interface CmePutComparison {
  futuresContractMonth: string;
  cmePutStrike: number | null;
  cmePutPremiumPerCwt: number | null;
}

export interface PutContext {
  curve: CurveContract[];
  snapshot: MarketSnapshot;
  /** Per end date: the contract month, its curve entry (if listed) and years from the sales date to expiry. */
  byEndDate: Map<string, { month: string; contract: CurveContract | undefined; years: number }>;
  /** Per coverage price: the strike (an offer table repeats its coverage prices across lengths). */
  strikes: Map<number, number>;
}

export const putContext = (snapshot: MarketSnapshot, commodity: LrpCommodityCode): PutContext => ({
  curve: futuresCurve(snapshot, LRP_FUTURES[commodity].root),
  snapshot,
  byEndDate: new Map(),
  strikes: new Map(),
});

function putStrike(commodity: LrpCommodityCode, coveragePrice: number): number {
  const { root, livePerFutures } = LRP_FUTURES[commodity];
  const step = FUTURES_CONTRACTS[root].strikeStep;
  return Number(
    money(coveragePrice)
      .div(livePerFutures)
      .div(step)
      .toDecimalPlaces(0, Money.ROUND_HALF_UP)
      .times(step)
      .toString(),
  );
}

export function cmePutComparison(
  ctx: PutContext,
  commodity: LrpCommodityCode,
  salesDate: string,
  endDate: string,
  coveragePrice: number,
): CmePutComparison {
  const { root } = LRP_FUTURES[commodity];
  let found = ctx.byEndDate.get(endDate);
  if (!found) {
    const ym = contractMonthOnOrAfter(root, endDate);
    const contract = ctx.curve.find((c) => c.monthIndex === monthIndex(ym));
    found = {
      month: formatYearMonth(ym),
      contract,
      years: contract ? daysBetween(salesDate, contract.expiry) / 365 : 0,
    };
    ctx.byEndDate.set(endDate, found);
  }
  let strike = ctx.strikes.get(coveragePrice);
  if (strike === undefined) {
    strike = putStrike(commodity, coveragePrice);
    ctx.strikes.set(coveragePrice, strike);
  }
  const { contract } = found;
  if (!contract || contract.impliedVolatility === null) {
    return { futuresContractMonth: found.month, cmePutStrike: strike, cmePutPremiumPerCwt: null };
  }
  const value = black76Put({
    forward: contract.settle,
    strike,
    volatility: contract.impliedVolatility,
    years: found.years,
    rate: ctx.snapshot.riskFreeRate,
  });
  return {
    futuresContractMonth: found.month,
    cmePutStrike: strike,
    // A model value, not money charged: four places by plain rounding.
    cmePutPremiumPerCwt: Math.round(value * 10_000) / 10_000,
  };
}
