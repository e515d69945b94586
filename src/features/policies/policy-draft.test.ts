import { describe, expect, it } from "vitest";
import type { AipProviderChoice } from "../../../shared/admin/aip-providers";
import type { Policy } from "../../../shared/documents/book";
import {
  changedPolicyFields,
  newPolicyDraft,
  policyDraftFrom,
  policyFromDraft,
  withPlaceFrom,
  withPlan,
} from "./policy-draft";

const base = {
  id: "P1",
  status: "pending" as const,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
  updatedBy: "agent",
};

describe("newPolicyDraft", () => {
  it("defaults the provider to the spec's per plan, or the customer's preferred one", () => {
    expect(newPolicyDraft("2026-11-20", "lrp").providerId).toBe("proAg");
    expect(newPolicyDraft("2026-11-20", "lgm").providerId).toBe("agriSompo");
    expect(newPolicyDraft("2026-11-20", "lrp", { lrp: "rh" }).providerId).toBe("rh");
    // Rain and Hail writes no LGM: the default.
    expect(newPolicyDraft("2026-11-20", "lgm", { lgm: "rh" }).providerId).toBe("agriSompo");
  });

  it("with the organisation's AIP settings, defaults among its providers only (spec §9's helper within them)", () => {
    // An agency writing LRP with Hudson and Rain and Hail, LGM with Hudson; no primary.
    const aip: AipProviderChoice = {
      providers: { hudson: { plans: ["lrp", "lgm"] }, rh: { plans: ["lrp"] } },
      primary: null,
    };
    // ProAg (the spec's LRP default) and AgriSompo (LGM's) are not the agency's: its first provider.
    expect(newPolicyDraft("2026-11-20", "lrp", {}, aip).providerId).toBe("hudson");
    expect(newPolicyDraft("2026-11-20", "lgm", {}, aip).providerId).toBe("hudson");
    // The customer's preferred provider when the agency writes the plan with it, else the agency's.
    expect(newPolicyDraft("2026-11-20", "lrp", { lrp: "rh" }, aip).providerId).toBe("rh");
    expect(newPolicyDraft("2026-11-20", "lrp", { lrp: "fmh" }, aip).providerId).toBe("hudson");
    expect(newPolicyDraft("2026-11-20", "lgm", { lgm: "rh" }, aip).providerId).toBe("hudson");
    // The agency's primary comes before its first; the spec's default stays when the agency has it.
    const withPrimary: AipProviderChoice = { ...aip, primary: "rh" };
    expect(newPolicyDraft("2026-11-20", "lrp", {}, withPrimary).providerId).toBe("rh");
    const withProAg: AipProviderChoice = {
      providers: { ...aip.providers, proAg: { plans: ["lrp"] } },
      primary: null,
    };
    expect(newPolicyDraft("2026-11-20", "lrp", {}, withProAg).providerId).toBe("proAg");
    // A change of plan takes the agency's default for the new plan.
    const lrp = newPolicyDraft("2026-11-20", "lrp", {}, withPrimary);
    expect(withPlan(lrp, "lgm", {}, withPrimary).providerId).toBe("hudson");
    // Settings that name no provider for the plan: the whole catalogue, so the spec's default.
    expect(
      newPolicyDraft("2026-11-20", "lgm", {}, { providers: { rh: { plans: ["lrp"] } }, primary: null })
        .providerId,
    ).toBe("agriSompo");
  });

  it("takes crop year and reinsurance year from today (shared/book/crop-year.ts)", () => {
    expect(newPolicyDraft("2026-11-20")).toMatchObject({ cropYear: "2027", reinsuranceYear: "2027" });
    expect(newPolicyDraft("2026-03-02")).toMatchObject({ cropYear: "2026", reinsuranceYear: "2026" });
  });

  it("a new plan keeps a provider that writes it, else the plan's default", () => {
    const lrp = { ...newPolicyDraft("2026-11-20", "lrp"), providerId: "proAg" };
    expect(withPlan(lrp, "lgm").providerId).toBe("agriSompo");
    expect(withPlan({ ...lrp, providerId: "nau" }, "lrp").providerId).toBe("nau");
    expect(withPlan(lrp, "lgm", { lgm: "hudson" }).providerId).toBe("hudson");
  });

  it("the place comes from the first address with a state, and never overwrites a chosen one", () => {
    const draft = newPolicyDraft("2026-11-20");
    const address = { line1: "1 Main", city: "Ogallala", state: "NE", county: "31101", zip: "69153" };
    expect(withPlaceFrom(draft, undefined, address)).toMatchObject({ state: "NE", county: "31101" });
    expect(withPlaceFrom({ ...draft, state: "KS" }, address).state).toBe("KS");
  });
});

describe("policyFromDraft", () => {
  const good = { ...newPolicyDraft("2026-11-20"), entityId: "E1", state: "NE", county: "31101" };

  it("builds a valid pending policy without a policy number", () => {
    const built = policyFromDraft(good, base);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.policy).toMatchObject({
      plan: "lrp",
      providerId: "proAg",
      cropYear: 2027,
      reinsuranceYear: 2027,
    });
    expect(built.policy.policyNumber).toBeUndefined();
  });

  it("says what is missing at each field", () => {
    const built = policyFromDraft(newPolicyDraft("2026-11-20"), base);
    expect(built).toEqual({
      ok: false,
      issues: expect.objectContaining({
        entityId: "choose the entity the policy insures",
        state: "choose the state",
        county: "choose the county",
      }),
    });
  });

  it("refuses a provider that does not write the plan, a county of another state, a bad year", () => {
    const built = policyFromDraft({ ...good, plan: "lgm", providerId: "proAg", county: "20001" }, base);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues.providerId).toBe("ProAg does not write Livestock Gross Margin (LGM)");
    expect(built.issues.county).toBe("county 20001 is not a county of NE");
    const year = policyFromDraft({ ...good, cropYear: "26" }, base);
    expect(year).toEqual({ ok: false, issues: { cropYear: "give the crop year as four digits, e.g. 2026" } });
  });

  it("an active policy needs its policy number", () => {
    const built = policyFromDraft(good, { ...base, status: "active" });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues.policyNumber).toMatch(/enter the policy number/);
  });

  it("round trip: the draft of a policy builds it again with no changed field", () => {
    const built = policyFromDraft({ ...good, policyNumber: " LRP-1 " }, base);
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    const policy: Policy = built.policy;
    expect(policy.policyNumber).toBe("LRP-1");
    const again = policyFromDraft(policyDraftFrom(policy), base);
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    expect(changedPolicyFields(policy, again.policy)).toEqual({});
    const renumbered = policyFromDraft({ ...policyDraftFrom(policy), policyNumber: "" }, base);
    if (!renumbered.ok) throw new Error(JSON.stringify(renumbered.issues));
    expect(changedPolicyFields(policy, renumbered.policy)).toEqual({ policyNumber: undefined });
  });
});
