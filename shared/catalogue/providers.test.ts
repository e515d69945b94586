import { describe, expect, it } from "vitest";
import {
  DEFAULT_PROVIDER_BY_PLAN,
  getInsuranceProvider,
  INSURANCE_PROVIDER_ID_BY_NAME,
  INSURANCE_PROVIDER_NAME_BY_ID,
  INSURANCE_PROVIDERS,
  PROVIDER_ID_BY_TWO_LETTER_CODE,
  providerForTwoLetterCode,
  providerNameForPlan,
  SYNC_PROVIDERS,
  UNMAPPED_PROVIDER_CODES,
} from "./providers";

describe("insurance providers (spec §3, §9)", () => {
  it("ids, names, plans, primary, sync, active", () => {
    expect(
      INSURANCE_PROVIDERS.map((p) => [p.id, p.name, p.plans, p.isPrimary, p.canSyncData, p.isActive]),
    ).toEqual([
      ["agriSompo", "AgriSompo", ["lrp", "lgm"], true, false, true],
      ["arbor", "Arbor", [], false, true, true],
      ["proAg", "ProAg", ["lrp"], false, false, true],
      ["fmh", "Farmers Mutual Hail", ["lrp"], false, true, true],
      ["nau", "NAU Country", ["lrp", "lgm"], false, false, true],
      ["hudson", "Hudson", ["lrp", "lgm"], false, false, true],
      ["rcis", "RCIS", ["lrp", "lgm"], false, false, true],
      ["rh", "Rain and Hail", ["lrp"], false, false, true],
    ]);
  });

  it("carries every field of §3, with unshown values null", () => {
    for (const p of INSURANCE_PROVIDERS) {
      expect(p.agentMgmtLink).toBeNull();
      expect(p.fileNamePrefixes).toEqual({
        lrp: { application: null, endorsement: null },
        lgm: {
          cattle: { application: null, endorsement: null },
          swine: { application: null, endorsement: null },
        },
      });
    }
  });

  it("two-way name maps", () => {
    for (const p of INSURANCE_PROVIDERS) {
      expect(INSURANCE_PROVIDER_NAME_BY_ID[p.id]).toBe(p.name);
      expect(INSURANCE_PROVIDER_ID_BY_NAME[p.name]).toBe(p.id);
    }
    expect(getInsuranceProvider("nope")).toBeUndefined();
  });

  it("two-letter codes; other codes map to none", () => {
    expect(PROVIDER_ID_BY_TWO_LETTER_CODE).toEqual({
      WN: "agriSompo",
      PL: "proAg",
      FH: "fmh",
      NA: "nau",
      HU: "hudson",
      EF: "rcis",
      RH: "rh",
      AA: "arbor",
    });
    expect(providerForTwoLetterCode("WN")?.name).toBe("AgriSompo");
    expect(providerForTwoLetterCode("EF")?.name).toBe("RCIS");
    expect(providerForTwoLetterCode("AA")?.name).toBe("Arbor");
    expect(UNMAPPED_PROVIDER_CODES).toEqual(["CM", "CP", "FA", "GA", "PS"]);
    for (const other of [...UNMAPPED_PROVIDER_CODES, "ZZ", "", "constructor"]) {
      expect(providerForTwoLetterCode(other)).toBeNull();
    }
  });

  it("sync providers are the data-sync ones only", () => {
    expect(SYNC_PROVIDERS.map((p) => p.id)).toEqual(["arbor", "fmh"]);
  });

  it("default provider per plan: LRP ProAg, LGM AgriSompo", () => {
    expect(DEFAULT_PROVIDER_BY_PLAN).toEqual({ lrp: "proAg", lgm: "agriSompo" });
  });

  it.each([
    [[], "lrp", "ProAg"],
    [[], "lgm", "AgriSompo"],
    [["nau"], "lgm", "NAU Country"],
    [["fmh"], "lrp", "Farmers Mutual Hail"],
    [["fmh"], "lgm", "AgriSompo"],
    [["proAg", "nau"], "lgm", "AgriSompo"],
    [["arbor"], "lrp", "ProAg"],
    [["unknown"], "lrp", "ProAg"],
    [["rh", "hudson"], "lrp", "Rain and Hail"],
  ] as const)("first selected %j for %s → %s", (selected, plan, name) => {
    expect(providerNameForPlan(selected, plan)).toBe(name);
  });
});
