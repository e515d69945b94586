import { describe, expect, it } from "vitest";
import { offeredProvider, quoteProviderOffer } from "./quote-offer";

// The agency of issue 47: NAU Country for LRP; NAU Country or Hudson for LGM.
const aip = {
  providers: { nau: { plans: ["lrp", "lgm"] as const }, hudson: { plans: ["lgm"] as const } },
  primary: "nau" as const,
};
const agency = {
  providers: { lrp: ["nau" as const], lgm: ["nau" as const, "hudson" as const] },
  defaults: { lrp: "nau" as const, lgm: "nau" as const },
};

describe("[PROV1] the providers a quote form offers", () => {
  it("an agent's organisation document and its producer's agency answer offer the same providers", () => {
    for (const plan of ["lrp", "lgm"] as const) {
      const staff = quoteProviderOffer(plan, { aip, agency: null });
      const producer = quoteProviderOffer(plan, { aip: null, agency });
      expect(producer).toEqual(staff);
    }
    expect(quoteProviderOffer("lrp", { aip: null, agency }).providers).toEqual(["nau"]);
    expect(quoteProviderOffer("lgm", { aip: null, agency }).providers).toEqual(["nau", "hudson"]);
  });

  it("a provider the agency does not write (ProAg, AgriSompo from a link) is shown as its default", () => {
    const lrp = quoteProviderOffer("lrp", { aip: null, agency });
    expect(offeredProvider(lrp, "proAg")).toBe("nau");
    const lgm = quoteProviderOffer("lgm", { aip: null, agency });
    expect(offeredProvider(lgm, "agriSompo")).toBe("nau");
    expect(offeredProvider(lgm, "hudson")).toBe("hudson");
  });

  it("with no agency known, the whole catalogue and the spec's default", () => {
    const lrp = quoteProviderOffer("lrp", { aip: null, agency: null });
    expect(lrp.providers).toContain("proAg");
    expect(lrp.providers.length).toBeGreaterThan(3);
  });
});
