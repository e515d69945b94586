import { describe, expect, it } from "vitest";
import { ULID_PATTERN, ulid } from "./ids";

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const zeros = (n: number) => new Uint8Array(n);

describe("record ids made on the device (ULID)", () => {
  it("are 26 characters of Crockford's base 32", () => {
    const id = ulid(Date.UTC(2026, 10, 23), random);
    expect(id).toMatch(ULID_PATTERN);
    expect(id).toHaveLength(26);
  });
  it("encode the time first, so they sort by creation time", () => {
    expect(ulid(0, zeros)).toBe("00000000000000000000000000");
    expect(ulid(2 ** 48 - 1, zeros).slice(0, 10)).toBe("7ZZZZZZZZZ");
    const times = [1, 31, 32, 1_000, 1_763_900_000_000, 1_763_900_000_001, 2 ** 41];
    const ids = times.map((t) => ulid(t, random));
    expect([...ids].sort()).toEqual(ids);
  });
  it("do not collide: 20,000 ids in one millisecond are all different", () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => ulid(1_763_900_000_000, random)));
    expect(ids.size).toBe(20_000);
  });
  it("refuse a time that is not a whole non-negative millisecond below 2^48", () => {
    for (const bad of [-1, 1.5, 2 ** 48, Number.NaN])
      expect(() => ulid(bad, random)).toThrow(/ulid: bad time/);
  });
});
