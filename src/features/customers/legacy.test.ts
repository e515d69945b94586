import { describe, expect, it } from "vitest";
import { describeLegacy, maskLegacyValue } from "./legacy";

describe("legacy records", () => {
  it("lists an old profile's left-over fields", () => {
    expect(
      describeLegacy({ id: "profile.fields", section: "profile", record: { operation: "Cow-calf" } }),
    ).toEqual({
      where: "Profile fields",
      lines: [["operation", "Cow-calf"]],
    });
  });

  it("names an old record by section and key, with nested values as text", () => {
    const { where, lines } = describeLegacy({
      id: "coverages.c9",
      section: "coverages",
      record: { label: "Old LRP", head: 40, extra: { a: 1 } },
    });
    expect(where).toBe("Coverage c9");
    expect(lines).toEqual([
      ["label", "Old LRP"],
      ["head", "40"],
      ["extra", '{"a":1}'],
    ]);
  });

  it("masks tax ids, by field name or as nine digits anywhere, to the last four", () => {
    const masked = JSON.stringify(
      maskLegacyValue({ taxId: "123-45-6789", note: "EIN 12-3456789 on file", nested: { ssn: 987654321 } }),
    );
    expect(masked).not.toMatch(/12345|3456789|98765/);
    expect(masked).toContain("•••••6789");
    expect(masked).toContain("•••••4321");
  });
});
