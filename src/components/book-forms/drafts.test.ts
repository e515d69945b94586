import { describe, expect, it } from "vitest";
import { REGION_STATES, regionForCode } from "../../../shared/catalogue";
import { addressSchema } from "../../../shared/documents/book";
import {
  addressDraftFrom,
  addressFromDraft,
  countyOptions,
  EMPTY_ADDRESS,
  STATE_OPTIONS,
  withState,
} from "./address-draft";
import { providerOptions } from "./provider-options";
import { TAX_ID_TYPE_OPTIONS, taxIdLast4, taxIdProblem } from "./tax-id-draft";

describe("address draft", () => {
  it("lists the 50 states and DC", () => {
    expect(STATE_OPTIONS).toHaveLength(51);
    expect(STATE_OPTIONS.map((s) => s.value)).toContain("DC");
    expect(STATE_OPTIONS.length).toBe(REGION_STATES.length);
  });

  it("lists the counties of the chosen state only", () => {
    const ks = countyOptions("KS");
    expect(ks.length).toBe(105);
    expect(ks.every((c) => regionForCode(c.value)?.state === "KS")).toBe(true);
    expect(countyOptions("XX")).toEqual([]);
    expect(countyOptions("")).toEqual([]);
  });

  it("a new state clears a county of another state and keeps one of its own", () => {
    const county = countyOptions("KS")[0]?.value ?? "";
    const draft = { ...EMPTY_ADDRESS, state: "KS", county };
    expect(withState(draft, "NE").county).toBe("");
    expect(withState(draft, "KS").county).toBe(county);
  });

  it("blank is no address; typed fields go to the schema, round trip", () => {
    expect(addressFromDraft(EMPTY_ADDRESS)).toBeUndefined();
    const county = countyOptions("NE")[0]?.value ?? "";
    const address = addressFromDraft({
      line1: " 1 Main St ",
      line2: "",
      city: "Ogallala",
      state: "NE",
      county,
      zip: "69153",
    });
    expect(address).toEqual({ line1: "1 Main St", city: "Ogallala", state: "NE", county, zip: "69153" });
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(addressFromDraft(addressDraftFrom(address))).toEqual(address);
  });

  it("a half-typed address reaches the schema, which says what is missing", () => {
    const result = addressSchema.safeParse(addressFromDraft({ ...EMPTY_ADDRESS, city: "Ogallala" }));
    expect(result.success).toBe(false);
  });
});

describe("tax id draft", () => {
  it("offers the four types of the spec", () =>
    expect(TAX_ID_TYPE_OPTIONS.map((o) => o.label)).toEqual([
      "1 · SSN",
      "2 · EIN",
      "3 · RMA Issued",
      "5 · Bureau of Indian Affairs",
    ]));

  it("checks by type and never echoes the value", () => {
    expect(taxIdProblem({ type: 1, value: "123-45-6789" }, true)).toBeUndefined();
    const bad = taxIdProblem({ type: 1, value: "987-12-3457" }, true);
    expect(bad).toMatch(/Social Security number/);
    expect(bad).not.toContain("987");
    expect(bad).not.toContain("3457");
    expect(taxIdProblem({ type: 2, value: "00-1234567" }, false)).toMatch(/EIN/);
    expect(taxIdProblem({ type: 2, value: "12-3456789" }, false)).toBeUndefined();
  });

  it("blank is fine unless required", () => {
    expect(taxIdProblem({ type: 3, value: " " }, false)).toBeUndefined();
    expect(taxIdProblem({ type: 3, value: "" }, true)).toBe("give the tax id");
  });

  it("keeps the last four digits", () => expect(taxIdLast4({ type: 1, value: "123-45-6789" })).toBe("6789"));
});

describe("provider options", () => {
  it("lists only providers that write the plan", () => {
    expect(providerOptions("lgm").map((o) => o.value)).toEqual(["agriSompo", "nau", "hudson", "rcis"]);
    expect(providerOptions("lrp").map((o) => o.value)).not.toContain("arbor");
  });
});
