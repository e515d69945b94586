import { normCdf } from "./normal";

export interface Black76Input {
  /** Futures price. */
  forward: number;
  strike: number;
  /** Annualised volatility, e.g. 0.18. */
  volatility: number;
  /** Years to expiry. */
  years: number;
  /** Continuously compounded risk-free rate. */
  rate: number;
}

/**
 * Black-76 European put on a futures contract:
 * P = e^(−rT) [K N(−d2) − F N(−d1)], d1 = (ln(F/K) + σ²T/2) / (σ√T), d2 = d1 − σ√T.
 * At or past expiry (or with zero volatility) it is the discounted intrinsic value.
 */
export function black76Put({ forward, strike, volatility, years, rate }: Black76Input): number {
  if (!(forward > 0) || !(strike > 0))
    throw new RangeError("Black-76 needs a positive futures price and strike");
  const discount = Math.exp(-rate * Math.max(years, 0));
  const sd = volatility * Math.sqrt(Math.max(years, 0));
  if (!(sd > 0)) return discount * Math.max(strike - forward, 0);
  const d1 = (Math.log(forward / strike) + (sd * sd) / 2) / sd;
  const d2 = d1 - sd;
  return discount * (strike * normCdf(-d2) - forward * normCdf(-d1));
}
