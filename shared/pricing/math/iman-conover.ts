import { cholesky, invertLower, multiplyLower } from "./linalg";
import { normInv } from "./normal";
import type { Random } from "./prng";
import { RadixSorter } from "./radix-sort";

// Iman & Conover (1982), "A distribution-free approach to inducing rank correlation among input
// variables". Each variable's sample is kept as drawn; only the order in which its values are paired
// across variables changes, so every marginal stays exactly what it was and the rank correlation
// approaches the target.
//
// 1. A score matrix S: van der Waerden scores Φ⁻¹(r/(N+1)), independently shuffled in each column.
// 2. E = corr(S) = Q·Qᵀ and the target C = P·Pᵀ (Cholesky). T = S·(P·Q⁻¹)ᵀ has correlation C exactly.
// 3. Each variable's sorted sample is laid out in the rank order of its column of T.

/** Φ⁻¹(r/(N+1)) for r = 1…N, ascending. */
export function vanDerWaerdenScores(n: number): Float64Array {
  const scores = new Float64Array(n);
  for (let r = 0; r < n; r++) scores[r] = normInv((r + 1) / (n + 1));
  return scores;
}

export function imanConover(
  sortedMarginals: readonly Float64Array[],
  target: Float64Array,
  random: Random,
  scores: Float64Array = vanDerWaerdenScores(sortedMarginals[0]?.length ?? 0),
): Float64Array {
  const k = sortedMarginals.length;
  const n = sortedMarginals[0]?.length ?? 0;
  if (k === 0 || n < 3) throw new RangeError("Iman-Conover needs at least one variable and three draws");
  if (target.length !== k * k) throw new RangeError(`target correlation must be ${k}×${k}`);
  for (const m of sortedMarginals)
    if (m.length !== n) throw new RangeError("every variable needs the same draws");

  const p = cholesky(target, k);
  if (!p) throw new RangeError("target correlation matrix is not positive definite");

  // 1. Shuffled scores, column-major.
  if (scores.length !== n) throw new RangeError("one score per draw");
  const s = new Float64Array(n * k);
  for (let j = 0; j < k; j++) {
    const col = s.subarray(j * n, (j + 1) * n);
    col.set(scores);
    for (let i = n - 1; i > 0; i--) {
      const swap = random.nextInt(i + 1);
      const t = col[i];
      col[i] = col[swap];
      col[swap] = t;
    }
  }

  // 2. Sample correlation of the scores (every column holds the same values, so the same mean and variance).
  let mean = 0;
  for (let r = 0; r < n; r++) mean += scores[r];
  mean /= n;
  let variance = 0;
  for (let r = 0; r < n; r++) variance += (scores[r] - mean) ** 2;
  const e = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    e[a * k + a] = 1;
    const ca = s.subarray(a * n, (a + 1) * n);
    for (let b = 0; b < a; b++) {
      const cb = s.subarray(b * n, (b + 1) * n);
      let sum = 0;
      for (let r = 0; r < n; r++) sum += (ca[r] - mean) * (cb[r] - mean);
      e[a * k + b] = e[b * k + a] = sum / variance;
    }
  }
  const q = cholesky(e, k);
  if (!q) throw new RangeError("score correlation is singular: too few draws for this many variables");
  const m = multiplyLower(p, invertLower(q, k), k);

  // 3. T column j = Σ_{l≤j} M[j][l]·S_l, ranked; the sorted marginal follows those ranks.
  const out = new Float64Array(n * k);
  const t = new Float64Array(n);
  const order = new Uint32Array(n);
  const sorter = new RadixSorter(n);
  for (let j = 0; j < k; j++) {
    t.fill(0);
    for (let l = 0; l <= j; l++) {
      const coef = m[j * k + l];
      if (coef === 0) continue;
      const sl = s.subarray(l * n, (l + 1) * n);
      for (let r = 0; r < n; r++) t[r] += coef * sl[r];
    }
    sorter.argsort(t, order);
    const marginal = sortedMarginals[j];
    const column = out.subarray(j * n, (j + 1) * n);
    for (let rank = 0; rank < n; rank++) column[order[rank]] = marginal[rank];
  }
  return out;
}
