// Argsort of 5,000-ish doubles in linear time, for ranking inside a simulation: each value is
// quantised to a 22-bit key over the sample's range and the row indexes are ordered by an LSD radix
// sort (two stable 11-bit passes). Values closer together than range / 2²² (about one pair in a
// column of 5,000) may come out in index order instead of value order, which does not matter to a
// rank correlation; never use it where exact order matters (money). Far faster here than a
// comparison sort, and the hot path of Iman–Conover.

const BITS = 11;
const BUCKETS = 1 << BITS;
const MASK = BUCKETS - 1;
const PASSES = 2;
const KEY_MAX = 2 ** (BITS * PASSES) - 1;

export class RadixSorter {
  private keys: Uint32Array;
  private keysAlt: Uint32Array;
  private idxAlt: Uint32Array;
  private readonly counts = new Uint32Array(BUCKETS);

  constructor(private readonly n: number) {
    this.keys = new Uint32Array(n);
    this.keysAlt = new Uint32Array(n);
    this.idxAlt = new Uint32Array(n);
  }

  /** Fills `order` with the row indexes of `values` in ascending order of value. */
  argsort(values: ArrayLike<number>, order: Uint32Array): void {
    const n = this.n;
    if (values.length !== n || order.length !== n) throw new RangeError(`RadixSorter sized for ${n} values`);
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const scale = hi > lo ? KEY_MAX / (hi - lo) : 0;
    let keys = this.keys;
    let keysAlt = this.keysAlt;
    let idx = order;
    let idxAlt = this.idxAlt;
    for (let i = 0; i < n; i++) {
      keys[i] = Math.min(KEY_MAX, Math.floor((values[i] - lo) * scale)) >>> 0;
      idx[i] = i;
    }
    const counts = this.counts;
    for (let shift = 0; shift < BITS * PASSES; shift += BITS) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[(keys[i] >>> shift) & MASK]++;
      let sum = 0;
      for (let b = 0; b < BUCKETS; b++) {
        const c = counts[b];
        counts[b] = sum;
        sum += c;
      }
      for (let i = 0; i < n; i++) {
        const key = keys[i];
        const at = counts[(key >>> shift) & MASK]++;
        keysAlt[at] = key;
        idxAlt[at] = idx[i];
      }
      const k = keys;
      keys = keysAlt;
      keysAlt = k;
      const x = idx;
      idx = idxAlt;
      idxAlt = x;
    }
    // After an even number of passes the result is back in `order`; after an odd one, copy it.
    if (idx !== order) order.set(idx);
  }
}
