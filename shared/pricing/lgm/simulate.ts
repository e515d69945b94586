import { DomainError } from "../../errors";
import { daysBetween } from "../../market/dates";
import { imanConover } from "../math/iman-conover";
import { cholesky } from "../math/linalg";
import { createRandom } from "../math/prng";
import { targetCorrelation } from "./correlation";
import type { MarginModel } from "./margin-model";
import type { LgmDrawMatrix } from "./premium";

// Our own LGM simulation, used when RMA's draws are not available: each futures contract's price at
// expiry is lognormal with mean equal to its settlement and volatility its at-the-money implied
// volatility over the time to expiry; rank correlation across commodities and contract months is
// imposed with Iman–Conover; seeded, so the same inputs give the same draws.

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
  const marginals: Float64Array[] = [];
  for (const contract of model.contracts) {
    if (contract.impliedVolatility === null)
      throw new DomainError(
        "stale-market-data",
        `No implied volatility for ${contract.root} ${contract.contractMonth}`,
      );
    const years = Math.max(daysBetween(asOf, contract.expiry), 1) / 365;
    const sd = contract.impliedVolatility * Math.sqrt(years);
    const z = new Float64Array(draws);
    random.fillNormal(z);
    z.sort();
    const drift = (-sd * sd) / 2;
    for (let i = 0; i < draws; i++) z[i] = contract.settle * Math.exp(sd * z[i] + drift);
    marginals.push(z);
  }
  if (k === 1) return { prices: marginals[0], draws };
  let target = targetCorrelation(model.contracts);
  if (!cholesky(target, k)) {
    // Guard against a numerically singular target: shrink slightly toward independence.
    target = target.map((v, i) => (i % (k + 1) === 0 ? 1 : v * 0.999));
  }
  return { prices: imanConover(marginals, target, random), draws };
}

/** Per-unit margins per draw and month from simulated contract prices. */
export function marginsFromPrices(model: MarginModel, sim: SimulatedPrices): LgmDrawMatrix {
  const months = model.months.length;
  const { draws, prices } = sim;
  const values = new Float64Array(draws * months);
  for (let m = 0; m < months; m++) {
    for (const { contract, coefficient } of model.months[m]) {
      const offset = contract * draws;
      for (let i = 0; i < draws; i++) values[i * months + m] += coefficient * prices[offset + i];
    }
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
