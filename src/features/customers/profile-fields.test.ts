import { describe, expect, it } from "vitest";
import type { CustomerProfile } from "../../../shared/documents/book";
import { profileFieldLabel } from "../../components/book/profile-labels";
import {
  emptyProfileForm,
  formFromProfile,
  isoToLocalInput,
  localInputToIso,
  planProfileWrite,
  profileFieldsFromForm,
  profileIssues,
} from "./profile-fields";

const NOW = "2026-11-20T15:00:00.000Z";
const stored: CustomerProfile = {
  id: "c1",
  name: "Casey Rancher",
  farmerClassification: "Neither",
  status: "active",
  createdAt: NOW,
  updatedAt: NOW,
  updatedBy: "u1",
};

describe("profile form", () => {
  it("a new customer's form has the spec's default provider of each plan (LRP ProAg, LGM AgriSompo)", () => {
    const form = emptyProfileForm(NOW);
    expect(form.preferredProviders).toEqual({ lrp: "proAg", lgm: "agriSompo" });
    expect(form.farmerClassification).toBe("Neither");
  });

  it("gives the schema's messages at their fields for a new customer", () => {
    const form = { ...emptyProfileForm(NOW), email: "casey@", mobilePhone: "555-12" };
    const { fields, issues } = profileFieldsFromForm(form);
    expect(issues).toEqual({});
    const all = profileIssues(undefined, fields);
    expect(all.name).toBe("enter the customer's name");
    expect(all.email).toBe("enter an e-mail address, such as name@example.com");
    expect(all.mobilePhone).toMatch(/phone/i);
  });

  it("asks for the first year of farming of a beginning farmer, and checks it is a year", () => {
    const form = {
      ...emptyProfileForm(NOW),
      name: "A",
      farmerClassification: "Beginning Farmer/Rancher" as const,
    };
    expect(profileIssues(undefined, profileFieldsFromForm(form).fields).farmingSinceYear).toMatch(
      /first year of farming/,
    );
    expect(profileFieldsFromForm({ ...form, farmingSinceYear: "21" }).issues.farmingSinceYear).toMatch(
      /year/,
    );
    const ok = profileFieldsFromForm({ ...form, farmingSinceYear: "2023" });
    expect(ok.fields.farmingSinceYear).toBe(2023);
    expect(profileIssues(undefined, ok.fields)).toEqual({});
  });

  it("checks the county belongs to the state and requires the street, city and ZIP of an address", () => {
    const form = {
      ...emptyProfileForm(NOW),
      name: "A",
      address: { line1: "1 Main St", line2: "", city: "Ames", state: "IA", county: "39049", zip: "50010" },
    };
    expect(profileIssues(undefined, profileFieldsFromForm(form).fields)["address.county"]).toMatch(
      /not a county of IA/,
    );
    const partial = { ...form, address: { ...form.address, county: "", city: "" } };
    expect(profileIssues(undefined, profileFieldsFromForm(partial).fields)["address.city"]).toBe(
      "enter the city",
    );
    const blank = { ...form, address: { line1: "", line2: "", city: "", state: "", county: "", zip: "" } };
    expect(profileFieldsFromForm(blank).fields.address).toBeUndefined();
  });

  it("records SMS consent with when and how, and a withdrawal as null", () => {
    const given = profileFieldsFromForm({
      ...emptyProfileForm(NOW),
      smsConsent: { status: "given", at: isoToLocalInput(NOW), method: "verbal", note: " by phone " },
    });
    expect(given.fields.smsConsent).toEqual({ at: NOW, method: "verbal", note: "by phone" });
    const bad = profileFieldsFromForm({
      ...emptyProfileForm(NOW),
      smsConsent: { status: "given", at: "", method: "verbal", note: "" },
    });
    expect(bad.issues["smsConsent.at"]).toMatch(/date and time/);
    const withdrawn = profileFieldsFromForm({
      ...emptyProfileForm(NOW),
      smsConsent: { status: "withdrawn", at: "", method: "written", note: "" },
    });
    expect(withdrawn.fields.smsConsent).toBeNull();
    expect(formFromProfile({ ...stored, smsConsent: null }, NOW).smsConsent.status).toBe("withdrawn");
  });

  it("round-trips a local consent time", () => {
    expect(localInputToIso(isoToLocalInput(NOW))).toBe(NOW);
    expect(localInputToIso("yesterday")).toBeNull();
  });

  it("names presence fields in words", () => {
    expect(profileFieldLabel("profile.name")).toBe("Name");
    expect(profileFieldLabel("profile.address.city")).toBe("City");
    expect(profileFieldLabel("profile.preferredProviders.lrp")).toBe("Preferred LRP provider");
  });
});

describe("live profile writes", () => {
  it("writes a valid edit at once and keeps nothing", () => {
    const plan = planProfileWrite(stored, { name: "Casey Rancher & Sons" }, NOW);
    expect(plan.write).toEqual({ name: "Casey Rancher & Sons" });
    expect(planProfileWrite(stored, {}, NOW).write).toBeNull();
    expect(plan.keep).toEqual({});
  });

  it("keeps a half-typed phone on the screen with its message and writes the valid name beside it", () => {
    const plan = planProfileWrite(stored, { name: "C. Rancher", mobilePhone: "555-01" }, NOW);
    expect(plan.write).toEqual({ name: "C. Rancher" });
    expect(plan.keep).toEqual({ mobilePhone: "555-01" });
    expect(plan.issues.mobilePhone).toMatch(/phone/i);
  });

  it("removes an optional field emptied", () => {
    const plan = planProfileWrite({ ...stored, email: "a@b.test" }, { email: "" }, NOW);
    expect(plan.write).toEqual({ email: undefined });
  });

  it("waits for the first year before writing a beginning farmer, then writes both", () => {
    const first = planProfileWrite(stored, { farmerClassification: "Beginning Farmer/Rancher" }, NOW);
    expect(first.write).toBeNull();
    expect(first.issues.farmingSinceYear).toMatch(/first year/);
    const second = planProfileWrite(
      stored,
      { farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: "2024" },
      NOW,
    );
    expect(second.write).toEqual({
      farmerClassification: "Beginning Farmer/Rancher",
      farmingSinceYear: 2024,
    });
  });

  it("drops the first year when the customer is no longer a beginning farmer", () => {
    const beginning = {
      ...stored,
      farmerClassification: "Beginning Farmer/Rancher" as const,
      farmingSinceYear: 2024,
    };
    const plan = planProfileWrite(beginning, { farmerClassification: "Neither" }, NOW);
    expect(plan.write).toEqual({ farmerClassification: "Neither", farmingSinceYear: undefined });
  });

  it("keeps a written address on the screen as typed (a trailing space) until the field is left", () => {
    const address = { line1: "1 Main ", line2: "", city: "Ames", state: "IA", county: "", zip: "50010" };
    const plan = planProfileWrite(stored, { address }, NOW);
    expect(plan.write?.address).toEqual({ line1: "1 Main", city: "Ames", state: "IA", zip: "50010" });
    expect(plan.keep).toEqual({ address });
  });

  it("writes another field beside a partial address kept as typed (docs/sync-rules.md TEXT1: the address waits for nothing)", () => {
    const partial = { ...stored, address: { city: "Dodge City" } };
    const plan = planProfileWrite(partial, { email: "dale@example.test" }, NOW);
    expect(plan.write).toEqual({ email: "dale@example.test" });
    expect(plan.issues).toEqual({});
  });
});
