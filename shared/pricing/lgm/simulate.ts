import { DomainError } from "../../errors";
import { daysBetween } from "../../market/dates";
import { imanConover, vanDerWaerdenScores } from "../math/iman-conover";
import { cholesky } from "../math/linalg";
import { createRandom } from "../math/prng";
import { targetCorrelation } from "./correlation";
import type { MarginModel } from "./margin-model";
import type { LgmDrawMatrix } from "./premium";

// Our own LGM simulation, used when RMA's draws are not available: each futures contract's price at
// expiry is lognormal with mean equal to its settlement and volatility its at-the-money implied
// volatility over the time to expiry, sampled by Latin hypercube (one draw per quantile stratum);
// rank correlation across commodities and contract months is imposed with Iman–Conover, whose random
// pairing is seeded, so the same inputs give the same draws.

export const LGM_SIMULATION_DRAWS = 5000;

export interface SimulatedPrices {
  /** Column-major: contract j's draws at [j × draws, (j + 1) × draws). */
  prices: Float64Array;
  draws: number;
}

export function simulateContractPrices(
  model: MarginModel,
  asOf: string,
  draws: number,
  seed: number,
): SimulatedPrices {
  const random = createRandom(seed);
  const k = model.contracts.length;
  // Latin hypercube marginals: the lognormal's quantiles at the van der Waerden points r/(N+1), in
  // ascending order (the same points Iman–Conover scores with), so no sample needs sorting.
  const scores = vanDerWaerdenScores(draws);
  const marginals: Float64Array[] = [];
  for (const contract of model.contracts) {
    if (contract.impliedVolatility === null)
      throw new DomainError(
        "stale-market-data",
        `No implied volatility for ${contract.root} ${contract.contractMonth}`,
      );
    const years = Math.max(daysBetween(asOf, contract.expiry), 1) / 365;
    const sd = contract.impliedVolatility * Math.sqrt(years);
    const drift = (-sd * sd) / 2;
    const sorted = new Float64Array(draws);
    for (let r = 0; r < draws; r++) sorted[r] = contract.settle * Math.exp(sd * scores[r] + drift);
    marginals.push(sorted);
  }
  if (k === 1) {
    // One variable: no pairing to do, only the draw order to randomise.
    const prices = marginals[0];
    for (let i = draws - 1; i > 0; i--) {
      const j = random.nextInt(i + 1);
      const t = prices[i];
      prices[i] = prices[j];
      prices[j] = t;
    }
    return { prices, draws };
  }
  let target = targetCorrelation(model.contracts);
  if (!cholesky(target, k)) {
    // Guard against a numerically singular target: shrink slightly toward independence.
    target = target.map((v, i) => (i % (k + 1) === 0 ? 1 : v * 0.999));
  }
  return { prices: imanConover(marginals, target, random, scores), draws };
}

/** Per-unit margins per draw and month from simulated contract prices. */
export function marginsFromPrices(model: MarginModel, sim: SimulatedPrices): LgmDrawMatrix {
  const months = model.months.length;
  const { draws, prices } = sim;
  const values = new Float64Array(draws * months);
  const column = new Float64Array(draws);
  for (let m = 0; m < months; m++) {
    column.fill(0);
    for (const { contract, coefficient } of model.months[m]) {
      const prices_ = prices.subarray(contract * draws, (contract + 1) * draws);
      for (let i = 0; i < draws; i++) column[i] += coefficient * prices_[i];
    }
    for (let i = 0, at = m; i < draws; i++, at += months) values[at] = column[i];
  }
  return { values, draws, months };
}

export function simulateLgmMargins(
  model: MarginModel,
  asOf: string,
  draws: number,
  seed: number,
): LgmDrawMatrix {
  return marginsFromPrices(model, simulateContractPrices(model, asOf, draws, seed));
}
