import { describe, expect, it } from "vitest";
import { entityFieldLabel } from "./field-labels";

describe("entityFieldLabel", () => {
  it("names every field of the entity form for people", () => {
    expect(entityFieldLabel("legalName")).toBe("Legal name");
    expect(entityFieldLabel("taxId")).toBe("Tax id");
    expect(entityFieldLabel("spouse.name")).toBe("Spouse's name");
    expect(entityFieldLabel("spouse.taxIdType")).toBe("Spouse's tax id");
    expect(entityFieldLabel("sbis.01J.sharePercent")).toBe("SBI share");
    expect(entityFieldLabel("sbis")).toBe("SBIs");
    expect(entityFieldLabel("address.zip")).toBe("ZIP code");
    expect(entityFieldLabel("address")).toBe("Address");
    expect(entityFieldLabel("mystery")).toBe("mystery");
  });
});
