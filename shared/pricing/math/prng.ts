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

const TWO_POW_32 = 4294967296;

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

class Sfc32 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const mix = splitMix32(Math.trunc(seed) ^ Math.trunc(seed / TWO_POW_32));
    this.a = mix() | 0;
    this.b = mix() | 0;
    this.c = mix() | 0;
    this.d = mix() | 1;
    for (let i = 0; i < 12; i++) this.uint();
  }

  uint(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.uint() / TWO_POW_32;
  }

  nextOpen(): number {
    return (this.uint() + 0.5) / TWO_POW_32;
  }

  nextInt(n: number): number {
    return Math.floor((this.uint() / TWO_POW_32) * n);
  }

  fillNormal(out: Float64Array): void {
    // The generator's step is inlined on local copies of its state: this loop runs 10⁵ times a quote.
    let { a, b, c, d } = this;
    const len = out.length;
    let i = 0;
    while (i < len) {
      let t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      const u = (2 * (t >>> 0)) / TWO_POW_32 - 1;
      t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      const v = (2 * (t >>> 0)) / TWO_POW_32 - 1;
      const s = u * u + v * v;
      if (s >= 1 || s === 0) continue;
      const f = Math.sqrt((-2 * Math.log(s)) / s);
      out[i++] = u * f;
      if (i < len) out[i++] = v * f;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }
}

export function createRandom(seed: number): Random {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  return new Sfc32(seed);
}
