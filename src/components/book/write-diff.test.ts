import { describe, expect, it } from "vitest";
import { writeDiff, writeGiven } from "./write-diff";

function diff(before: unknown, after: unknown) {
  const writes: [string, unknown][] = [];
  const removes: string[] = [];
  writeDiff(
    (path, value) => writes.push([path.join("."), value]),
    (path) => removes.push(path.join(".")),
    ["E1", "sbis"],
    before,
    after,
  );
  return { writes, removes };
}

describe("writeDiff: a record's change as single-key writes", () => {
  it("writes one SBI's changed field, not the whole map, so a sibling's concurrent change survives", () => {
    const before = { S1: { name: "Ann", sharePercent: "50" }, S2: { name: "Bo", sharePercent: "50" } };
    const after = { S1: { name: "Ann", sharePercent: "40" }, S2: { name: "Bo", sharePercent: "50" } };
    const { writes, removes } = diff(before, after);
    expect(writes).toContainEqual(["E1.sbis.S1.sharePercent", "40"]);
    expect(writes.some(([path]) => path === "E1.sbis" || path === "E1.sbis.S1")).toBe(false);
    expect(removes).toEqual([]);
  });

  it("removes a key that is gone and writes a new one whole", () => {
    const { writes, removes } = diff({ S1: { name: "Ann" } }, { S2: { name: "Cy" } });
    expect(removes).toEqual(["E1.sbis.S1"]);
    expect(writes).toEqual([["E1.sbis.S2", { name: "Cy" }]]);
  });

  it("writes a value that is not an object as it is", () => {
    expect(diff(undefined, "x").writes).toEqual([["E1.sbis", "x"]]);
    expect(diff({ a: 1 }, undefined).removes).toEqual(["E1.sbis"]);
  });
});

describe("writeGiven: the fields a form gives, one key each (docs/sync-rules.md TEXT1)", () => {
  it("writes a partly given address field by field, leaves absent keys alone, removes keys given as undefined", () => {
    const writes: [string, unknown][] = [];
    const removes: string[] = [];
    writeGiven(
      (path, value) => writes.push([path.join("."), value]),
      (path) => removes.push(path.join(".")),
      ["address"],
      { state: "KS", county: undefined, zip: "6780" },
    );
    expect(writes).toEqual([
      ["address.state", "KS"],
      ["address.zip", "6780"], // a partial ZIP is stored as typed
    ]);
    expect(removes).toEqual(["address.county"]);
  });
});
