// Spearman's rank correlation of two samples (ties broken by position): how the simulation's achieved
// dependence is checked against its targets.

/** Rank (0-based) of each value in its sample. */
export function ranks(column: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: column.length }, (_, i) => i).sort((a, b) => column[a] - column[b]);
  const r = new Float64Array(column.length);
  order.forEach((row, rank) => {
    r[row] = rank;
  });
  return r;
}

export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length < 2) throw new RangeError("spearman needs two samples of one length");
  return rankCorrelation(ranks(a), ranks(b));
}

/** Spearman's correlation from two samples' ranks (as given by `ranks`). */
export function rankCorrelation(ra: Float64Array, rb: Float64Array): number {
  const n = ra.length;
  const mean = (n - 1) / 2;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (ra[i] - mean) * (rb[i] - mean);
    den += (ra[i] - mean) ** 2;
  }
  return num / den;
}
