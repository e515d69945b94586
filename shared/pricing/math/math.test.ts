import { describe, expect, it } from "vitest";
import { black76Put } from "./black76";
import { imanConover } from "./iman-conover";
import { normCdf, normInv } from "./normal";
import { createRandom } from "./prng";
import { spearman } from "./rank-correlation";

describe("normal distribution", () => {
  it("matches reference values", () => {
    expect(normCdf(0)).toBe(0.5);
    expect(normCdf(1.96)).toBeCloseTo(0.9750021048517795, 13);
    expect(normCdf(-1)).toBeCloseTo(0.15865525393145707, 13);
    expect(normCdf(-8) / 6.22096057427178e-16).toBeCloseTo(1, 7);
  });
  it("inverts the CDF", () => {
    for (const p of [1e-6, 0.01, 0.02425, 0.3, 0.5, 0.8, 0.999])
      expect(normCdf(normInv(p))).toBeCloseTo(p, 8);
  });
});

describe("Black-76 put", () => {
  it("prices the at-the-money put as F·(2N(σ√T/2) − 1) when r = 0", () => {
    // 100 × (2 × N(0.1) − 1) = 100 × (2 × 0.539827837277029 − 1) = 7.9655674554058
    expect(black76Put({ forward: 100, strike: 100, volatility: 0.2, years: 1, rate: 0 })).toBeCloseTo(
      7.9655674554058,
      9,
    );
  });
  it("discounts, rises with strike and falls to intrinsic value without volatility", () => {
    const base = { forward: 250, volatility: 0.18, years: 0.5, rate: 0.04 };
    const p1 = black76Put({ ...base, strike: 240 });
    const p2 = black76Put({ ...base, strike: 250 });
    expect(p2).toBeGreaterThan(p1);
    expect(black76Put({ ...base, strike: 260, volatility: 0 })).toBeCloseTo(10 * Math.exp(-0.02), 12);
  });
});

describe("seeded generator", () => {
  it("repeats a sequence for a seed and differs across seeds", () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const sa = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(sa);
    expect([c.next(), c.next(), c.next()]).not.toEqual(sa);
  });
  it("draws standard normals", () => {
    const z = new Float64Array(50_000);
    createRandom(7).fillNormal(z);
    const mean = z.reduce((s, v) => s + v, 0) / z.length;
    const variance = z.reduce((s, v) => s + (v - mean) ** 2, 0) / z.length;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(variance - 1)).toBeLessThan(0.03);
  });
});

describe("Iman-Conover", () => {
  const n = 5000;
  const target = new Float64Array([
    1, 0.8, -0.3, 0.1, 0.8, 1, -0.2, 0.05, -0.3, -0.2, 1, 0.6, 0.1, 0.05, 0.6, 1,
  ]);
  const random = createRandom(11);
  const marginals = [0, 1, 2, 3].map((j) => {
    const z = new Float64Array(n);
    random.fillNormal(z);
    return z.map((v) => Math.exp(0.1 * v + j)).sort();
  });
  const out = imanConover(marginals, target, random);
  const column = (j: number) => out.subarray(j * n, (j + 1) * n);

  it("keeps every marginal sample exactly", () => {
    for (let j = 0; j < 4; j++) expect(Float64Array.from(column(j)).sort()).toEqual(marginals[j]);
  });
  it("achieves the target rank correlations within 0.03", () => {
    for (let a = 0; a < 4; a++)
      for (let b = 0; b < a; b++)
        expect(Math.abs(spearman(column(a), column(b)) - target[a * 4 + b])).toBeLessThan(0.03);
  });
  it("rejects a target that is not positive definite", () => {
    const bad = new Float64Array([1, 0.99, -0.99, 0.99, 1, 0.99, -0.99, 0.99, 1]);
    expect(() => imanConover(marginals.slice(0, 3), bad, random)).toThrow("not positive definite");
  });
});
