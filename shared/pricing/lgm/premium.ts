import { type Money, money, roundDollars } from "../money";

// RMA's "LGM Premium Calculation, Step by Step" from a matrix of simulated per-unit margins:
//   1. EGM = Σ_m p(m)·h(m)                  expected margin per unit × target marketings
//   2. GMG = EGM − deductible × Σ_m h(m)    gross margin guarantee (may be negative)
//   3. SGM_i = Σ_m gm(i,m)·h(m)             each draw's simulated gross margin
//   4. loss_i = max(GMG − SGM_i, 0)
//   5. premium = mean of loss_i
//   6. total premium = 1.03 × premium, whole dollars (half up)
//   7. producer premium = total premium − subsidy (subsidy = total × %, whole dollars, half up)
// Per-unit margins are in cents (RMA publishes them so), target marketings whole units, so steps 1–5
// run in exact integer cents; SGM is computed once and every deductible of the curve is priced from it.

export const LGM_LOAD = "1.03";

export interface LgmDrawMatrix {
  /** Row-major, draws × months, per-unit margins in dollars. */
  values: Float64Array;
  draws: number;
  months: number;
}

export interface LgmCurvePoint {
  deductible: Money;
  expectedGrossMargin: Money;
  grossMarginGuarantee: Money;
  /** Step 5, exact. */
  expectedLoss: Money;
  totalPremium: Money;
  subsidy: Money;
  producerPremium: Money;
}

export interface LgmPremiumInput {
  /** Expected per-unit margins per month, dollars (rounded to cents here). */
  expectedMargins: readonly number[];
  marketings: readonly number[];
  matrix: LgmDrawMatrix;
  deductibles: readonly Money[];
  /** Subsidy percent for a deductible (already 0 when marketings fall in one month only). */
  subsidyPercent: (deductible: Money) => Money;
}

const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Steps 1–2 for any deductible: EGM = Σ p(m)·h(m) and GMG = EGM − deductible × Σ h(m) (may be negative). */
export function grossMarginGuarantee(
  expectedMargins: readonly number[],
  marketings: readonly number[],
  deductible: Money | number | string,
): { expectedGrossMargin: Money; grossMarginGuarantee: Money } {
  let egm = money(0);
  let head = 0;
  marketings.forEach((h, m) => {
    egm = egm.plus(money(expectedMargins[m]).times(h));
    head += h;
  });
  return { expectedGrossMargin: egm, grossMarginGuarantee: egm.minus(money(deductible).times(head)) };
}

/** Step 3 for every draw, in integer cents. */
export function simulatedMargins(matrix: LgmDrawMatrix, marketings: readonly number[]): Float64Array {
  const { values, draws, months } = matrix;
  if (marketings.length !== months) throw new RangeError("one target marketing per month of the draws");
  const sgm = new Float64Array(draws);
  for (let i = 0; i < draws; i++) {
    let sum = 0;
    const row = i * months;
    for (let m = 0; m < months; m++) {
      const h = marketings[m];
      if (h !== 0) sum += toCents(values[row + m]) * h;
    }
    sgm[i] = sum;
  }
  return sgm;
}

export function lgmPremiumCurve(p: LgmPremiumInput): LgmCurvePoint[] {
  const sgm = simulatedMargins(p.matrix, p.marketings);
  const n = sgm.length;
  let egmCents = 0;
  let head = 0;
  for (let m = 0; m < p.marketings.length; m++) {
    egmCents += toCents(p.expectedMargins[m]) * p.marketings[m];
    head += p.marketings[m];
  }
  return p.deductibles.map((deductible) => {
    const gmgCents = egmCents - Math.round(deductible.toNumber() * 100) * head;
    let lossCents = 0;
    for (let i = 0; i < n; i++) if (sgm[i] < gmgCents) lossCents += gmgCents - sgm[i];
    const expectedLoss = money(lossCents).div(100 * n);
    const totalPremium = roundDollars(expectedLoss.times(LGM_LOAD));
    const subsidy = roundDollars(totalPremium.times(p.subsidyPercent(deductible)).div(100));
    return {
      deductible,
      expectedGrossMargin: money(egmCents).div(100),
      grossMarginGuarantee: money(gmgCents).div(100),
      expectedLoss,
      totalPremium,
      subsidy,
      producerPremium: totalPremium.minus(subsidy),
    };
  });
}
