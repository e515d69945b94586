import type { LrpCommodityCode } from "../../catalogue";
import { FUTURES_CONTRACTS } from "../../market/contracts";
import { daysBetween, formatYearMonth, monthIndex } from "../../market/dates";
import type { MarketSnapshot } from "../../market/snapshot";
import { type CurveContract, contractMonthOnOrAfter, futuresCurve } from "../futures-curve";
import { black76Put } from "../math/black76";
import { money, roundTo } from "../money";
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
}

export const putContext = (snapshot: MarketSnapshot, commodity: LrpCommodityCode): PutContext => ({
  curve: futuresCurve(snapshot, LRP_FUTURES[commodity].root),
  snapshot,
});

export function cmePutComparison(
  ctx: PutContext,
  commodity: LrpCommodityCode,
  salesDate: string,
  endDate: string,
  coveragePrice: number,
): CmePutComparison {
  const { root, livePerFutures } = LRP_FUTURES[commodity];
  const ym = contractMonthOnOrAfter(root, endDate);
  const futuresContractMonth = formatYearMonth(ym);
  const contract = ctx.curve.find((c) => c.monthIndex === monthIndex(ym));
  const step = money(FUTURES_CONTRACTS[root].strikeStep);
  const strike = money(coveragePrice).div(livePerFutures).div(step).toDecimalPlaces(0).times(step);
  if (!contract || contract.impliedVolatility === null) {
    return { futuresContractMonth, cmePutStrike: Number(strike.toString()), cmePutPremiumPerCwt: null };
  }
  const value = black76Put({
    forward: contract.settle,
    strike: strike.toNumber(),
    volatility: contract.impliedVolatility,
    years: daysBetween(salesDate, contract.expiry) / 365,
    rate: ctx.snapshot.riskFreeRate,
  });
  return {
    futuresContractMonth,
    cmePutStrike: Number(strike.toString()),
    cmePutPremiumPerCwt: Number(roundTo(value, 4).toString()),
  };
}
