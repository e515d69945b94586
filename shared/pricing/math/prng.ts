// A small, fast, seeded generator (SFC32, Chris Doty-Humphrey's "small fast counting" generator) so a
// simulation is reproducible from its seed. Seeds of any integer size are mixed with SplitMix32.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in (0, 1): never exactly 0, safe for logarithms and inverse CDFs. */
  nextOpen(): number;
  /** Integer in [0, n). */
  nextInt(n: number): number;
  /** Fills `out` with independent standard normal values (Marsaglia's polar method). */
  fillNormal(out: Float64Array): void;
}

function splitMix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const TWO_POW_32 = 4294967296;

export function createRandom(seed: number): Random {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  const mix = splitMix32(Math.trunc(seed) ^ Math.trunc(seed / TWO_POW_32));
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix() | 1;
  const nextUint = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint();

  const next = () => nextUint() / TWO_POW_32;
  return {
    next,
    nextOpen: () => (nextUint() + 0.5) / TWO_POW_32,
    nextInt: (n) => Math.floor(next() * n),
    fillNormal(out) {
      let i = 0;
      while (i < out.length) {
        const u = 2 * next() - 1;
        const v = 2 * next() - 1;
        const s = u * u + v * v;
        if (s >= 1 || s === 0) continue;
        const f = Math.sqrt((-2 * Math.log(s)) / s);
        out[i++] = u * f;
        if (i < out.length) out[i++] = v * f;
      }
    },
  };
}
