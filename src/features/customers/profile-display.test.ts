import { describe, expect, it } from "vitest";
import type { CustomerProfile } from "../../../shared/documents/book";
import {
  formatAddress,
  formatClassification,
  formatPreferredProvider,
  formatSmsConsent,
} from "./profile-display";

const profile: CustomerProfile = {
  id: "c1",
  name: "Casey",
  farmerClassification: "Beginning Farmer/Rancher",
  farmingSinceYear: 2023,
  status: "active",
  createdAt: "2026-11-20T15:00:00.000Z",
  updatedAt: "2026-11-20T15:00:00.000Z",
  updatedBy: "u1",
};

describe("profile as text", () => {
  it("writes an address with its county's name from the region table", () => {
    expect(
      formatAddress({ line1: "1 Main St", city: "Ames", state: "IA", zip: "50010", county: "19169" }),
    ).toBe("1 Main St, Ames, IA 50010 (county: Story)");
    expect(formatAddress(undefined)).toBe("");
  });

  it("names the first year of a beginning farmer", () => {
    expect(formatClassification(profile)).toBe("Beginning Farmer/Rancher, farming since 2023");
    expect(formatClassification({ ...profile, farmerClassification: "Neither" })).toBe("Neither");
  });

  it("says when and how SMS consent was given, or that it was withdrawn", () => {
    expect(formatSmsConsent({ at: "2026-11-20T15:30:00.000Z", method: "verbal" }, "America/Chicago")).toBe(
      "Given verbally on Nov 20, 2026, 9:30 AM Central time",
    );
    expect(formatSmsConsent(null)).toBe("Withdrawn");
    expect(formatSmsConsent(undefined)).toBe("Not recorded");
  });

  it("falls back to the spec's default provider per plan (LRP ProAg, LGM AgriSompo)", () => {
    expect(formatPreferredProvider(profile, "lrp")).toBe("ProAg (default)");
    expect(formatPreferredProvider(profile, "lgm")).toBe("AgriSompo (default)");
    expect(formatPreferredProvider({ ...profile, preferredProviders: { lrp: "rh" } }, "lrp")).toBe(
      "Rain and Hail",
    );
    // A preference that does not write the plan falls back to the default.
    expect(formatPreferredProvider({ ...profile, preferredProviders: { lgm: "proAg" } }, "lgm")).toBe(
      "AgriSompo",
    );
  });
});
