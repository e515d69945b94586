import { describe, expect, it } from "vitest";
import { buildApplication, emptyDraft } from "./application-draft";

// The form's messages (docs/applications.md): an empty field is asked for plainly; a filled, wrong one keeps the
// shared schema's or rule's message; a share is asked for as a percent.

const issuesOf = (draft: ReturnType<typeof emptyDraft>) => {
  const built = buildApplication(draft, new Date("2026-11-20T15:00:00Z"));
  if (built.ok) throw new Error("expected issues");
  return built.issues;
};

describe("the application form's messages", () => {
  it("asks for empty fields plainly", () => {
    const issues = issuesOf(emptyDraft("individual", "demo", "sub_abcdefghijklmnopqr"));
    expect(issues["address.state"]).toBe("choose the state");
    expect(issues["address.zip"]).toBe("give the ZIP code");
    expect(issues.phone).toBe("give a phone number");
    expect(issues.email).toBe("give an e-mail address");
    expect(issues.taxId).toBe("give the tax id");
    expect(issues["individual.dateOfBirth"]).toBe("give the date of birth");
    expect(issues["signature.consentText"]).toBe("tick the box to sign with your typed name");
  });

  it("keeps the schema's message for a filled but wrong field", () => {
    const draft = {
      ...emptyDraft("individual", "demo", "sub_abcdefghijklmnopqr"),
      phone: "555",
      email: "not-an-address",
      address: { line1: "", line2: "", city: "", state: "TX", county: "", zip: "7910" },
      taxId: { type: 1 as const, value: "12-345" },
    };
    const issues = issuesOf(draft);
    expect(issues.phone).toMatch(/^Phone must be/);
    expect(issues.email).toBe("enter an e-mail address, such as name@example.com");
    expect(issues["address.zip"]).toBe(
      "enter the 5-digit ZIP code, such as 68508 (or ZIP+4, such as 68508-1234)",
    );
    expect(issues.taxId).toBe("enter the 9 digits of the tax id");
  });

  it("asks for a beneficial interest's share as a percent; the shares' total keeps the rule's message", () => {
    const sbi = (id: string, sharePercent: string) => ({
      id,
      name: `Owner ${id}`,
      entityType: "I",
      taxId: { type: 1 as const, value: "123-45-6789" },
      sharePercent,
    });
    // Everything else filled: the shares' total is a rule, checked once the fields themselves are valid.
    const business = {
      ...emptyDraft("business", "demo", "sub_abcdefghijklmnopqr"),
      legalName: "Sandhills Cattle Co",
      entityType: "C",
      taxId: { type: 2 as const, value: "47-1234567" },
      address: {
        line1: "1 Ranch Road",
        line2: "",
        city: "Amarillo",
        state: "TX",
        county: "48375",
        zip: "79101",
      },
      phone: "806-555-0100",
      email: "office@example.com",
      farmerClassification: "Neither" as const,
      signatureName: "Ada Sandhill",
      consent: true,
    };
    const blank = issuesOf({ ...business, sbis: [sbi("a", ""), sbi("b", "half")] });
    expect(blank["business.sbis.0.sharePercent"]).toBe("give the share in percent, e.g. 50 or 12.5");
    expect(blank["business.sbis.1.sharePercent"]).toBe("give the share in percent, e.g. 50 or 12.5");
    const over = issuesOf({ ...business, sbis: [sbi("a", "60"), sbi("b", "50")] });
    expect(over["business.sbis.0.sharePercent"]).toBeUndefined();
    expect(Object.values(over)).toContain("the shares add up to 110 %, more than 100 %");
    expect(issuesOf({ ...business, sbis: [sbi("a", "0")] })["business.sbis.0.sharePercent"]).toBe(
      "enter a share above 0 % and up to 100 %",
    );
  });
});
