import { describe, expect, it } from "vitest";
import { aipOf, aipSettingsSchema, emptyOrgProvider, orgDefaultProviderId, orgProviderIds } from "./aip";

const withPlans = (plans: ("lrp" | "lgm")[], over = {}) => ({ ...emptyOrgProvider(), plans, ...over });

describe("AIP settings", () => {
  it("no settings: the whole catalogue and the spec's defaults (LRP ProAg, LGM AgriSompo)", () => {
    expect(orgProviderIds(null, "lgm")).toEqual(["agriSompo", "nau", "hudson", "rcis"]);
    expect(orgDefaultProviderId(null, "lrp")).toBe("proAg");
    expect(orgDefaultProviderId(null, "lgm")).toBe("agriSompo");
    expect(orgDefaultProviderId(null, "lrp", "fmh")).toBe("fmh");
  });
  it("an agency's providers only, primary first; its default follows the spec helper within them", () => {
    const aip = aipSettingsSchema.parse({
      providers: { nau: withPlans(["lrp", "lgm"]), fmh: withPlans(["lrp"], { dataSync: true }) },
      primary: "nau",
    });
    expect(orgProviderIds(aip, "lrp")).toEqual(["nau", "fmh"]);
    expect(orgProviderIds(aip, "lgm")).toEqual(["nau"]);
    expect(orgDefaultProviderId(aip, "lrp")).toBe("nau");
    expect(orgDefaultProviderId(aip, "lrp", "fmh")).toBe("fmh");
    expect(orgDefaultProviderId(aip, "lrp", "proAg")).toBe("nau");
    expect(aipOf({ aip })).toEqual(aip);
    expect(aipOf({ aip: { providers: 3 } })).toBeNull();
  });
  it("a primary left over from providers since cleared does not count: the catalogue and its defaults", () => {
    // (The schema refuses such settings; settings stored before that rule, or read raw, may hold them.)
    const aip = { providers: { nau: withPlans([]), fmh: withPlans([]) }, primary: "nau" as const };
    expect(orgProviderIds(aip, "lrp")).toEqual(orgProviderIds(null, "lrp"));
    expect(orgDefaultProviderId(aip, "lrp")).toBe("proAg");
    expect(orgDefaultProviderId(aip, "lgm")).toBe("agriSompo");
    // Chosen for one plan only: primary there, not in the other plan's catalogue.
    const lgmOnly = aipSettingsSchema.parse({ providers: { nau: withPlans(["lgm"]) }, primary: "nau" });
    expect(orgDefaultProviderId(lgmOnly, "lgm")).toBe("nau");
    expect(orgDefaultProviderId(lgmOnly, "lrp")).toBe("proAg");
  });
  it("refuses a plan the provider does not write, data sync for a provider that cannot, a primary not chosen", () => {
    const result = aipSettingsSchema.safeParse({
      providers: { proAg: withPlans(["lgm"], { dataSync: true }), hudson: withPlans([]) },
      primary: "hudson",
    });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["providers.proAg.plans", "ProAg does not write LGM"],
      ["providers.proAg.dataSync", "ProAg cannot sync data (only Arbor and Farmers Mutual Hail can)"],
      ["primary", "the primary provider must be one the agency writes with"],
    ]);
    expect(
      aipSettingsSchema.safeParse({
        providers: { nau: withPlans(["lrp"], { agentMgmtLink: "http://x.test" }) },
        primary: null,
      }).success,
    ).toBe(false);
  });
});
