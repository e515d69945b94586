import { describe, expect, it } from "vitest";
import { type Application, applicationSchema } from "../documents/application";
import { sampleBusinessApplication, sampleIndividualApplication } from "./fixtures";
import { defaultApplicationProvider, sbiShareIssues } from "./rules";

const issues = (a: unknown) => {
  const r = applicationSchema.safeParse(a);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};
const at = (a: unknown, path: string) =>
  issues(a)
    .filter((i) => i.path === path)
    .map((i) => i.message);

describe("applications (docs/applications.md)", () => {
  it("valid individual and business applications pass", () => {
    expect(issues(sampleIndividualApplication())).toEqual([]);
    expect(issues(sampleBusinessApplication())).toEqual([]);
  });

  it("the schema is strict: an unknown key is refused", () => {
    expect(issues({ ...sampleIndividualApplication(), extra: 1 })[0]?.message).toMatch(/extra/);
  });

  it("APP1 the applicant's part matches the applicant type", () => {
    expect(at(sampleIndividualApplication({ individual: undefined }), "individual")).toHaveLength(1);
    expect(at(sampleBusinessApplication({ business: undefined }), "business")).toHaveLength(1);
    const both = sampleBusinessApplication({ individual: sampleIndividualApplication().individual });
    expect(at(both, "individual")).toEqual(["a business's application has no individual part"]);
  });

  it("APP2 a married applicant names the spouse; an unmarried one none", () => {
    const married = sampleIndividualApplication({
      individual: { name: "Dale Rancher", dateOfBirth: "1970-04-02", maritalStatus: "married" },
    });
    expect(at(married, "individual.spouse.name")).toEqual([
      "enter the spouse's name (the applicant is married)",
    ]);
    const withSpouse = sampleIndividualApplication({
      individual: {
        name: "Dale Rancher",
        dateOfBirth: "1970-04-02",
        maritalStatus: "married",
        spouse: { name: "Ann" },
      },
    });
    expect(issues(withSpouse)).toEqual([]);
    const single = sampleIndividualApplication({
      individual: {
        name: "Dale Rancher",
        dateOfBirth: "1970-04-02",
        maritalStatus: "single",
        spouse: { name: "Ann" },
      },
    });
    expect(at(single, "individual.spouse")).toEqual(["only a married applicant names a spouse"]);
  });

  it("APP3 tax ids are validated by type, and no message echoes the value", () => {
    const cases: [Application["taxIdType"], string, boolean][] = [
      [1, "123456789", true],
      [1, "000456789", false],
      [1, "666456789", false],
      [1, "912456789", false],
      [1, "123006789", false],
      [1, "123450000", false],
      [2, "121234567", true],
      [2, "001234567", false],
      [2, "071234567", false],
      [3, "000000001", true],
      [3, "000000000", false],
      [5, "987654321", true],
      [5, "000000000", false],
    ];
    for (const [taxIdType, taxId, valid] of cases) {
      const found = at(sampleIndividualApplication({ taxIdType, taxId }), "taxId");
      expect(found.length === 0, `${taxIdType}/${taxId}`).toBe(valid);
      for (const m of found) expect(m).not.toContain(taxId);
    }
    expect(at(sampleIndividualApplication({ taxId: "12-345" }), "taxId")).toEqual([
      "enter the 9 digits of the tax id",
    ]);
    const sbiBad = sampleBusinessApplication();
    (sbiBad.business as NonNullable<Application["business"]>).sbis[0].taxId = "666000000";
    expect(at(sbiBad, "business.sbis.0.taxId")[0]).toMatch(/^enter the 9-digit Social Security number/);
    const spouseNoType = sampleIndividualApplication({
      individual: {
        name: "Dale Rancher",
        dateOfBirth: "1970-04-02",
        maritalStatus: "married",
        spouse: { name: "Ann", taxId: "234567890" },
      },
    });
    expect(at(spouseNoType, "individual.spouse.taxIdType")).toEqual(["choose the spouse's tax id type"]);
  });

  it("APP4 SBI shares: each in (0, 100], together at most 100 %, ids unique", () => {
    expect(
      sbiShareIssues([
        { id: "a", sharePercent: "50" },
        { id: "b", sharePercent: "50" },
      ]),
    ).toEqual([]);
    expect(
      sbiShareIssues([
        { id: "a", sharePercent: "60.5" },
        { id: "b", sharePercent: "39.6" },
      ]),
    ).toEqual([{ path: ["business", "sbis"], message: "the shares add up to 100.1 %, more than 100 %" }]);
    expect(sbiShareIssues([{ id: "a", sharePercent: "0" }])[0]?.message).toBe(
      "enter a share above 0 % and up to 100 %",
    );
    expect(sbiShareIssues([{ id: "a", sharePercent: "100.01" }])).toHaveLength(2);
    expect(
      sbiShareIssues([
        { id: "a", sharePercent: "10" },
        { id: "a", sharePercent: "10" },
      ])[0]?.message,
    ).toBe('SBI id "a" is used twice');
    // Decimal: 0.1 + 0.2 style sums stay exact.
    expect(
      sbiShareIssues([
        { id: "a", sharePercent: "33.3" },
        { id: "b", sharePercent: "33.3" },
        { id: "c", sharePercent: "33.4" },
      ]),
    ).toEqual([]);
  });

  it("APP5 a beginning or veteran farmer gives the start year, not after the application's year", () => {
    expect(
      at(
        sampleIndividualApplication({ farmerClassification: "Beginning Farmer/Rancher" }),
        "farmingSinceYear",
      ),
    ).toEqual(["enter the year farming or ranching started (needed for a beginning farmer/rancher)"]);
    expect(
      at(
        sampleIndividualApplication({
          farmerClassification: "Veteran Farmer/Rancher",
          farmingSinceYear: 2027,
        }),
        "farmingSinceYear",
      ),
    ).toEqual(["the year farming started is not after the application's year"]);
    expect(
      issues(
        sampleIndividualApplication({
          farmerClassification: "Veteran Farmer/Rancher",
          farmingSinceYear: 2019,
        }),
      ),
    ).toEqual([]);
  });

  it("APP6 a provider per plan wanted, writing that plan; spec §9 defaults", () => {
    expect(defaultApplicationProvider("lrp")).toBe("proAg");
    expect(defaultApplicationProvider("lgm")).toBe("agriSompo");
    expect(at(sampleIndividualApplication({ providers: {} }), "providers.lrp")).toEqual([
      "choose the insurance provider for LRP",
    ]);
    expect(
      at(sampleIndividualApplication({ plans: ["lgm"], providers: { lgm: "proAg" } }), "providers.lgm"),
    ).toEqual(["ProAg does not write LGM: choose another provider"]);
    expect(
      at(sampleIndividualApplication({ providers: { lrp: "proAg", lgm: "agriSompo" } }), "providers.lgm"),
    ).toEqual(["LGM is not a plan you chose"]);
  });

  it("APP7 the date of birth is before the application's date", () => {
    const a = sampleIndividualApplication({
      individual: { name: "Dale Rancher", dateOfBirth: "2026-11-20", maritalStatus: "single" },
    });
    expect(at(a, "individual.dateOfBirth")).toEqual(["the date of birth is before the application's date"]);
  });

  it("APP8 plans are chosen once; at least one", () => {
    expect(at(sampleIndividualApplication({ plans: ["lrp", "lrp"] }), "plans")).toEqual([
      "each plan is chosen once",
    ]);
    expect(at(sampleIndividualApplication({ plans: [] }), "plans")).toEqual(["choose at least one plan"]);
  });

  it("APP9 the signature is the applicant's name, or the attorney-in-fact's", () => {
    const sig = sampleIndividualApplication().signature;
    expect(
      at(
        sampleIndividualApplication({ signature: { ...sig, typedName: "  dale   RANCHER " } }),
        "signature.typedName",
      ),
    ).toEqual([]);
    expect(
      at(sampleIndividualApplication({ signature: { ...sig, typedName: "Someone" } }), "signature.typedName"),
    ).toEqual(["type your name exactly as given above"]);
    const poa = sampleIndividualApplication({ powerOfAttorney: { name: "Pat Lawyer" } });
    expect(at(poa, "signature.typedName")).toEqual([
      "type the attorney-in-fact's name exactly as given above",
    ]);
    expect(issues({ ...poa, signature: { ...sig, typedName: "Pat Lawyer" } })).toEqual([]);
    expect(
      at(
        sampleIndividualApplication({ signature: { ...sig, consentText: "ok" } as never }),
        "signature.consentText",
      ),
    ).toHaveLength(1);
  });

  it("APP10 the address names its county", () => {
    const a = sampleIndividualApplication();
    expect(at({ ...a, address: { ...a.address, county: undefined } }, "address.county")).toEqual([
      "choose the county (where the livestock are)",
    ]);
  });

  it("formats: phone and e-mail per the spec, the county inside the state", () => {
    expect(at(sampleIndividualApplication({ phone: "555" }), "phone")).toHaveLength(1);
    expect(at(sampleIndividualApplication({ phone: "+1 (806) 555-0100 x12" }), "phone")).toEqual([]);
    expect(at(sampleIndividualApplication({ email: "nope" }), "email")).toEqual([
      "enter an e-mail address, such as name@example.com",
    ]);
    const a = sampleIndividualApplication();
    expect(at({ ...a, address: { ...a.address, county: "20001" } }, "address.county")).toEqual([
      "county 20001 is not a county of TX",
    ]);
  });
});
