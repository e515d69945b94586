import { describe, expect, it } from "vitest";
import { sampleLrpCoverage, samplePolicy } from "../../../shared/book/test-fixtures";
import { buildCreateInput, CREATE_DEFAULTS, chosenPolicy, openPolicies } from "./lrp-create-form";

const SALES_DATE = "2026-11-20";
const form = (over: Partial<typeof CREATE_DEFAULTS> = {}) => ({ ...CREATE_DEFAULTS, ...over });

describe("LRP coverage create form", () => {
  it("refuses a 13,000-head feeder cattle endorsement at the Head field with the spec's message", () => {
    expect(buildCreateInput(form({ head: "13000" }), SALES_DATE, undefined, [])).toEqual({
      ok: false,
      errors: { head: "Feeder Cattle max limit is 12,000" },
    });
  });

  it("refuses a crop year's cattle over RMA's 25,000 with the message naming the head already covered", () => {
    const existing = [
      sampleLrpCoverage({ id: "a", head: 12_000, cropYear: 2027 }),
      sampleLrpCoverage({ id: "b", head: 12_000, cropYear: 2027 }),
      sampleLrpCoverage({ id: "c", head: 5_000, cropYear: 2027, status: "cancelled" }),
    ];
    const refused = buildCreateInput(form({ head: "1001" }), SALES_DATE, undefined, existing);
    expect(refused).toEqual({
      ok: false,
      errors: {
        head: "Crop year 2027 cattle limit is 25,000 head: 24,000 already covered, this endorsement adds 1,001",
      },
    });
    expect(buildCreateInput(form({ head: "1000" }), SALES_DATE, undefined, existing).ok).toBe(true);
  });

  it("says which field is not a number", () => {
    expect(buildCreateInput(form({ head: "many", weight: "" }), SALES_DATE, undefined, [])).toEqual({
      ok: false,
      errors: {
        head: "Enter the number of head, e.g. 100",
        weight: "Enter the target weight per head in cwt, e.g. 7.5",
      },
    });
  });

  it("builds the engine input of the chosen row with the profile's subsidy class, share as a fraction", () => {
    const built = buildCreateInput(
      form({ head: "1,200", weight: "8", share: "50", row: "26-0.95" }),
      SALES_DATE,
      { farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: 2025 },
      [],
    );
    expect(built).toEqual({
      ok: true,
      herd: { head: 1200, targetWeightCwt: 8, share: 0.5 },
      input: {
        commodity: "0801",
        type: "810",
        endorsementLengthWeeks: 26,
        coverageLevel: 0.95,
        head: 1200,
        targetWeightCwt: 8,
        share: 0.5,
        farmerClassification: "Beginning Farmer/Rancher",
        beginningFarmerYear: 3,
        cropYear: 2027,
        salesDate: SALES_DATE,
      },
    });
  });

  it("reports a beginning farmer without a first year of farming at the customer", () => {
    const built = buildCreateInput(
      form(),
      SALES_DATE,
      { farmerClassification: "Beginning Farmer/Rancher" },
      [],
    );
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.customer).toMatch(/give the first year of farming/);
  });

  it("an unknown commodity in the URL is reported at the commodity, not a crash", () => {
    const built = buildCreateInput(form({ commodity: "9999" }), SALES_DATE, undefined, []);
    expect(built).toEqual({ ok: false, errors: { commodity: "Invalid commodity code: 9999" } });
  });

  it("offers only the customer's LRP policies that are active or pending, and the only one by itself", () => {
    const policies = {
      a: samplePolicy({ id: "a", status: "active" }),
      b: samplePolicy({ id: "b", status: "cancelled" }),
      c: samplePolicy({ id: "c", plan: "lgm", providerId: "agriSompo" }),
      d: samplePolicy({ id: "d", status: "pending", cropYear: 2027 }),
    };
    const open = openPolicies(policies, "lrp");
    expect(open.map((p) => p.id)).toEqual(["d", "a"]);
    expect(chosenPolicy(open, "a")?.id).toBe("a");
    expect(chosenPolicy(open, "")).toBeUndefined();
    expect(chosenPolicy([policies.a], "")?.id).toBe("a");
    expect(openPolicies(policies, "lgm").map((p) => p.id)).toEqual(["c"]);
  });
});
