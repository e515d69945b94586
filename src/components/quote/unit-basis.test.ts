import { describe, expect, it } from "vitest";
import { formatOnBasis, onBasis } from "./unit-basis";

const herd = { head: 100, targetWeightCwt: 7.5, share: 1 };

describe("coverage table figures on a unit basis", () => {
  it("keeps totals, divides by head and by insured cwt", () => {
    expect(onBasis(1234, "total", herd).toString()).toBe("1234");
    expect(onBasis(1234, "head", herd).toString()).toBe("12.34");
    expect(onBasis(1234, "cwt", herd).toString()).toBe("1.6453");
    expect(onBasis(1000, "cwt", { head: 100, targetWeightCwt: 7.5, share: 0.5 }).toString()).toBe("2.6667");
  });
  it("formats each basis", () => {
    expect(formatOnBasis(244312.5, "total", herd, true)).toBe("$244,312.50");
    expect(formatOnBasis(1234, "total", herd)).toBe("$1,234");
    expect(formatOnBasis(1234, "head", herd)).toBe("$12.34");
    expect(formatOnBasis(1234, "cwt", herd)).toBe("$1.6453");
    expect(formatOnBasis(1500, "cwt", herd)).toBe("$2.0000");
  });
});
