import { describe, expect, it } from "vitest";
import { incompleteAddressNote, missingAddressParts } from "./address-draft";
import { changedByNote } from "./changed-by";

describe("changedByNote (docs/sync-rules.md TEXT1: a structured field changed by someone else says so)", () => {
  it("names who changed the field, or says someone else", () => {
    expect(changedByNote(["Jordan Agent"])).toBe("Changed by Jordan Agent");
    expect(changedByNote(["Jordan Agent", "Alex Agent"])).toBe("Changed by Jordan Agent or Alex Agent");
    expect(changedByNote([])).toBe("Changed by someone else");
  });
});

describe("a partial address (docs/sync-rules.md TEXT1: kept as typed, shown as incomplete)", () => {
  const blank = { line1: "", line2: "", city: "", state: "", county: "", zip: "" };
  it("lists what a started address lacks", () => {
    expect(missingAddressParts({ ...blank, city: "Dodge City" })).toEqual([
      "street address",
      "state",
      "ZIP code",
    ]);
    expect(incompleteAddressNote({ ...blank, city: "Dodge City" })).toBe(
      "Incomplete address: add the street address, state and ZIP code. What is typed is kept.",
    );
    expect(incompleteAddressNote({ ...blank, line1: "1 Main", city: "Dodge City", state: "KS" })).toBe(
      "Incomplete address: add the ZIP code. What is typed is kept.",
    );
  });
  it("says nothing of a blank or a complete address", () => {
    expect(incompleteAddressNote(blank)).toBeNull();
    expect(
      incompleteAddressNote({ ...blank, line1: "1 Main", city: "Dodge City", state: "KS", zip: "67801" }),
    ).toBeNull();
    // Blanks are blanks: spaces alone start nothing.
    expect(incompleteAddressNote({ ...blank, city: "  " })).toBeNull();
  });
});
