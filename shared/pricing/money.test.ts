import { describe, expect, it } from "vitest";
import { money, roundCents, roundDollars, roundTo } from "./money";

describe("RMA rounding: half up", () => {
  it("rounds whole dollars half up, never to even", () => {
    expect(roundDollars("0.5").toString()).toBe("1");
    expect(roundDollars("2.5").toString()).toBe("3");
    expect(roundDollars("3172.5").toString()).toBe("3173");
    expect(roundDollars("3172.4999").toString()).toBe("3172");
    expect(roundDollars("1110.55").toString()).toBe("1111");
  });
  it("rounds cents exactly where binary floats would not (1.005 → 1.01)", () => {
    expect(roundCents("1.005").toString()).toBe("1.01");
    expect(roundCents(money("0.1").plus("0.2")).toString()).toBe("0.3");
    expect(roundTo("3.74909", 4).toString()).toBe("3.7491");
  });
});
