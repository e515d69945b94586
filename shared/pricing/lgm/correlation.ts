import type { FuturesRoot } from "../../market/contracts";

// Target rank correlations for the LGM simulation, as data. Between two futures contracts:
//   ρ(root A, root B) × exp(−|months apart| / TERM_DECAY_MONTHS)
// The commodity table is positive definite on each set LGM uses (cattle: LE, GF, ZC; swine: HE, ZC,
// ZM; dairy: DL, ZC, ZM) and the exponential term kernel is positive definite, so their elementwise
// product is a valid correlation matrix (Schur product theorem). The figures are our estimates from
// the usual relationships (feeders fall when corn rises, meal follows corn); see docs/pricing.md.

export const TERM_DECAY_MONTHS = 18;

const PAIRS: Readonly<Record<string, number>> = {
  "GF|LE": 0.85,
  "GF|ZC": -0.35,
  "LE|ZC": -0.05,
  "HE|ZC": 0.1,
  "HE|ZM": 0.1,
  "ZC|ZM": 0.65,
  "DL|ZC": 0.15,
  "DL|ZM": 0.15,
  "GF|HE": 0.1,
  "HE|LE": 0.2,
};

export function commodityCorrelation(a: FuturesRoot, b: FuturesRoot): number {
  if (a === b) return 1;
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  return PAIRS[key] ?? 0;
}

export interface CorrelatedVariable {
  root: FuturesRoot;
  monthIndex: number;
}

/** Row-major target correlation matrix of the variables. */
export function targetCorrelation(variables: readonly CorrelatedVariable[]): Float64Array {
  const k = variables.length;
  const c = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const a = variables[i];
      const b = variables[j];
      c[i * k + j] =
        i === j
          ? 1
          : commodityCorrelation(a.root, b.root) *
            Math.exp(-Math.abs(a.monthIndex - b.monthIndex) / TERM_DECAY_MONTHS);
    }
  }
  return c;
}
