import { beforeEach, describe, expect, it } from "vitest";
import { sampleIndividualApplication } from "../../../shared/applications/fixtures";
import { applicationSchema } from "../../../shared/documents/application";
import { MemoryStorage } from "../../lib/auth/memory-storage";
import { buildApplication, emptyDraft } from "./application-draft";
import { clearDraft, loadDraft, saveDraft } from "./draft-store";

const local = new MemoryStorage();
const session = new MemoryStorage();
Object.assign(globalThis, { localStorage: local, sessionStorage: session });

const filled = () => ({
  ...emptyDraft("individual", "demo", "sub_abcdefghijklmnopqr"),
  name: "Dale Rancher",
  dateOfBirth: "1970-04-02",
  maritalStatus: "married" as const,
  spouseName: "Ann Rancher",
  spouseTaxId: { type: 1 as const, value: "234-56-7890" },
  taxId: { type: 1 as const, value: "123-45-6789" },
  address: { line1: "1 Ranch Road", line2: "", city: "Amarillo", state: "TX", county: "48375", zip: "79101" },
  phone: "806-555-0100",
  email: "dale@example.com",
  farmerClassification: "Neither" as const,
  signatureName: "Dale Rancher",
  consent: true,
});

describe("the application draft on the device", () => {
  beforeEach(() => {
    local.clear();
    session.clear();
  });

  it("keeps tax ids out of localStorage (sessionStorage only) and restores the whole draft after a reload", () => {
    const draft = filled();
    saveDraft(draft);
    expect(local.dump()).toContain("Dale Rancher");
    expect(local.dump()).not.toContain("6789");
    expect(local.dump()).not.toContain("7890");
    expect(loadDraft("individual")).toEqual(draft);
    // A new tab (sessionStorage gone): the draft without the tax ids.
    session.clear();
    const later = loadDraft("individual");
    expect(later?.name).toBe("Dale Rancher");
    expect(later?.taxId.value).toBe("");
    clearDraft("individual");
    expect(loadDraft("individual")).toBeNull();
    expect(loadDraft("business")).toBeNull();
  });

  it("builds the application the shared schema accepts, or its messages by field", () => {
    const now = new Date(2026, 10, 20, 9, 30);
    const built = buildApplication(filled(), now);
    expect(built.ok).toBe(true);
    if (built.ok) {
      expect(applicationSchema.parse(built.application).taxId).toBe("123456789");
      expect(built.application.date).toBe("2026-11-20");
      expect(built.application.individual?.spouse).toEqual({
        name: "Ann Rancher",
        taxIdType: 1,
        taxId: "234567890",
      });
    }
    const unsigned = buildApplication({ ...filled(), consent: false }, now);
    expect(unsigned.ok ? {} : unsigned.issues).toMatchObject({
      "signature.consentText": "tick the box to sign with your typed name",
    });
    // The cross-field rules run once the fields themselves are well-formed.
    const refused = buildApplication({ ...filled(), taxId: { type: 1, value: "912-34-5678" } }, now);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.issues.taxId).toMatch(/^enter the 9-digit Social Security number/);
      expect(JSON.stringify(refused.issues)).not.toContain("5678");
    }
    expect(sampleIndividualApplication().orgId).toBe("demo");
  });
});
