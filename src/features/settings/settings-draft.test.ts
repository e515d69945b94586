import { describe, expect, it } from "vitest";
import { draftFrom, saveDraft } from "./settings-draft";

describe("organisation settings draft", () => {
  const stored = { name: "Demo Agency", email: "office@demo.test", city: "Dodge City" };

  it("blank optional fields are removed, changed ones set, the rest left alone", () => {
    const draft = {
      ...draftFrom(stored, { text: ["name", "email", "city", "zip"] }),
      city: " ",
      zip: "67801",
    };
    const result = saveDraft(stored, draft);
    expect(result.ok && result.edits).toEqual([
      { op: "remove", path: ["city"] },
      { op: "set", path: ["zip"], value: "67801" },
    ]);
  });

  it("every bad field gets the schema's message at its path, and nothing is written", () => {
    const result = saveDraft(stored, {
      name: "",
      email: "not-an-address",
      senderEmail: "also bad",
      phone: "12345",
      timezone: "Mars/Olympus",
      state: "XX",
      zip: "6780",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toMatchObject({
      name: "enter the agency's name",
      email: "enter the agency's e-mail as a full e-mail address, such as office@youragency.com",
      senderEmail: "enter the sender e-mail as a full e-mail address, such as office@youragency.com",
      timezone: "choose a time zone from the list",
      state: "choose a state from the list",
    });
    expect(result.issues.phone).toMatch(/^Phone must be/);
    expect(result.issues.zip).toMatch(/^enter the 5-digit ZIP code/);
  });

  it("accepts a full valid organisation; a secret or platform field is refused", () => {
    const ok = saveDraft(stored, {
      timezone: "America/Chicago",
      state: "KS",
      zip: "67801-1234",
      phone: "+1 (785) 555-0100",
    });
    expect(ok.ok).toBe(true);
    const secret = saveDraft(stored, {}, { fmhApiKey: "sk-123" });
    expect(secret.ok).toBe(false);
    const platform = saveDraft(stored, {}, { disabledAt: "2026-01-01T00:00:00Z" });
    expect(platform.ok).toBe(false);
  });

  it("booleans start at the spec's defaults", () => {
    expect(
      draftFrom(
        {},
        { flags: { isOrderButtonHidden: false, enableCombinedQuoteCampaignsToSingleEmail: true } },
      ),
    ).toEqual({
      isOrderButtonHidden: false,
      enableCombinedQuoteCampaignsToSingleEmail: true,
    });
  });
});
