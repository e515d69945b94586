// Small dense linear algebra on row-major k×k Float64Arrays (k is a few dozen at most).

/** Lower-triangular L with L·Lᵀ = A, or null when A is not positive definite. */
export function cholesky(a: Float64Array, k: number): Float64Array | null {
  const l = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * k + j];
      for (let p = 0; p < j; p++) sum -= l[i * k + p] * l[j * k + p];
      if (i === j) {
        if (!(sum > 1e-12)) return null;
        l[i * k + i] = Math.sqrt(sum);
      } else {
        l[i * k + j] = sum / l[j * k + j];
      }
    }
  }
  return l;
}

/** Inverse of a lower-triangular matrix (itself lower-triangular). */
export function invertLower(l: Float64Array, k: number): Float64Array {
  const inv = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    inv[i * k + i] = 1 / l[i * k + i];
    for (let j = 0; j < i; j++) {
      let sum = 0;
      for (let p = j; p < i; p++) sum += l[i * k + p] * inv[p * k + j];
      inv[i * k + j] = -sum / l[i * k + i];
    }
  }
  return inv;
}

/** Product of two lower-triangular matrices. */
export function multiplyLower(a: Float64Array, b: Float64Array, k: number): Float64Array {
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = 0;
      for (let p = j; p <= i; p++) sum += a[i * k + p] * b[p * k + j];
      out[i * k + j] = sum;
    }
  }
  return out;
}
