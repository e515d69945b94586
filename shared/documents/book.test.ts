import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  sampleEntity,
  sampleLgmEndorsement,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
} from "../book/test-fixtures";
import {
  addressSchema,
  coverageSchema,
  coverageSummarySchema,
  customerProfileSchema,
  customerSummarySchema,
  entitySchema,
  entitySummarySchema,
  lgmEndorsementSchema,
  lrpCoverageSchema,
  policySchema,
  policySummarySchema,
  type Sbi,
  sbiSchema,
  taxIdKey,
  taxIdRecordSchema,
} from "./book";
import { DOCUMENT_SCHEMA_VERSION, validateDocument } from "./shapes";

const NOW = "2026-11-23T15:00:00.000Z";

/** The messages of a refused value, with their paths ("" when valid). */
function issues(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

const sbi = (id: string, sharePercent: string, over: Partial<Sbi> = {}): Sbi => ({
  id,
  name: `Partner ${id}`,
  entityType: "I",
  taxIdType: 1,
  taxIdLast4: "1234",
  sharePercent,
  ...over,
});

describe("customer profile", () => {
  it("accepts a full valid profile and a minimal one", () => {
    expect(issues(customerProfileSchema, sampleProfile())).toEqual([]);
    const { email: _e, mobilePhone: _m, address: _a, ...minimal } = sampleProfile();
    expect(issues(customerProfileSchema, minimal)).toEqual([]);
    expect(
      issues(
        customerProfileSchema,
        sampleProfile({
          linkedUserId: "user-7",
          smsConsent: { at: NOW, method: "web-form", note: "signed up at the sale barn" },
          preferredProviders: { lrp: "proAg", lgm: "agriSompo" },
        }),
      ),
    ).toEqual([]);
  });
  it("refuses a bad e-mail, phone, unknown fields and missing stamps", () => {
    expect(issues(customerProfileSchema, sampleProfile({ email: "nope" }))).toEqual([
      "email: enter an e-mail address, such as name@example.com",
    ]);
    expect(issues(customerProfileSchema, sampleProfile({ mobilePhone: "12" }))[0]).toMatch(/^mobilePhone: /);
    expect(issues(customerProfileSchema, { ...sampleProfile(), nickname: "x" })[0]).toMatch(/nickname/);
    const { updatedBy: _u, ...noStamp } = sampleProfile();
    expect(issues(customerProfileSchema, noStamp)[0]).toMatch(/^updatedBy: /);
  });
  it("a beginning farmer/rancher needs the first year of farming", () => {
    expect(
      issues(customerProfileSchema, sampleProfile({ farmerClassification: "Beginning Farmer/Rancher" })),
    ).toEqual([
      "farmingSinceYear: enter the first year of farming or ranching (needed for a beginning farmer or rancher)",
    ]);
    expect(
      issues(
        customerProfileSchema,
        sampleProfile({ farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: 2024 }),
      ),
    ).toEqual([]);
  });
});

describe("address", () => {
  const address = { line1: "1 Feedlot Rd", city: "Garden City", state: "KS", county: "20055", zip: "67846" };
  it("the county must belong to the state", () => {
    expect(issues(addressSchema, address)).toEqual([]);
    expect(issues(addressSchema, { ...address, state: "NE" })).toEqual([
      "county: county 20055 is not a county of NE",
    ]);
    expect(issues(addressSchema, { ...address, county: "20000" })).toEqual([
      "county: county 20000 is not a county of KS",
    ]);
    expect(issues(addressSchema, { ...address, state: "XX" })[0]).toBe("state: choose a state from the list");
    expect(issues(addressSchema, { ...address, zip: "6784" })).toEqual([
      "zip: enter the 5-digit ZIP code, such as 68508 (or ZIP+4, such as 68508-1234)",
    ]);
  });
});

describe("entity", () => {
  it("accepts an individual with a spouse and SBIs adding up to 100 %", () => {
    expect(
      issues(
        entitySchema,
        sampleEntity({
          spouse: { name: "John Prairie", taxIdType: 1, taxIdLast4: "4321" },
          sbis: { s1: sbi("s1", "50"), s2: sbi("s2", "25.5"), s3: sbi("s3", "24.5") },
        }),
      ),
    ).toEqual([]);
  });
  it("refuses SBI shares over 100 % in total, and a share of 0 or over 100", () => {
    expect(
      issues(entitySchema, sampleEntity({ sbis: { s1: sbi("s1", "60"), s2: sbi("s2", "40.01") } })),
    ).toEqual(["sbis: the SBIs' shares add up to 100.01 %, more than 100 %"]);
    expect(issues(sbiSchema, sbi("s", "0"))).toEqual([
      "sharePercent: enter a share above 0 % and up to 100 %",
    ]);
    expect(issues(sbiSchema, sbi("s", "100.5"))).toEqual([
      "sharePercent: enter a share above 0 % and up to 100 %",
    ]);
  });
  it("a spouse only for an Individual (I)", () => {
    expect(
      issues(
        entitySchema,
        sampleEntity({ type: "C", legalName: "Prairie Inc", taxIdType: 2, spouse: { name: "X" } }),
      ),
    ).toEqual(["spouse: only an Individual (I) has a spouse"]);
  });
  it("F (Transfer of Right to Indemnity) only for an SBI", () => {
    expect(issues(entitySchema, sampleEntity({ type: "F" }))[0]).toMatch(/^type: /);
    expect(issues(sbiSchema, sbi("s", "10", { entityType: "F" }))).toEqual([]);
    expect(issues(entitySchema, sampleEntity({ type: "Y" }))).toEqual([]);
  });
  it("an SBI's id is its key", () => {
    expect(issues(entitySchema, sampleEntity({ sbis: { s1: sbi("s2", "10") } }))).toEqual([
      'sbis.s1.id: id "s2" differs from its key "s1"',
    ]);
  });
  it("keeps only the last four digits of a tax id", () => {
    expect(issues(entitySchema, sampleEntity({ taxIdLast4: "123456789" }))).toEqual([
      "taxIdLast4: enter the last four digits",
    ]);
    expect(issues(entitySchema, { ...sampleEntity(), taxId: "123456789" })[0]).toMatch(/Unrecognized key/);
    expect(issues(entitySchema, sampleEntity({ taxIdType: 4 as never }))[0]).toMatch(/^taxIdType: /);
  });
});

describe("tax id records (internal document), validated by type", () => {
  const record = (taxIdType: 1 | 2 | 3 | 5, taxId: string) => ({
    id: "e1",
    taxIdType,
    taxId,
    updatedAt: NOW,
    updatedBy: "agent-1",
  });
  it.each([
    [1, "123456789", true],
    [1, "000456789", false],
    [1, "666456789", false],
    [1, "912456789", false],
    [1, "123006789", false],
    [1, "123450000", false],
    [1, "12345678", false],
    [1, "123-45-6789", false],
    [2, "123456789", true],
    [2, "073456789", false],
    [2, "963456789", false],
    [3, "000000001", true],
    [3, "000000000", false],
    [5, "987654321", true],
    [5, "98765432a", false],
  ] as const)("type %i, %s → %s", (type, taxId, valid) => {
    expect(taxIdRecordSchema.safeParse(record(type, taxId)).success).toBe(valid);
  });
  it("keys: entity, spouse, SBI", () => {
    expect([taxIdKey.entity("e1"), taxIdKey.spouse("e1"), taxIdKey.sbi("e1", "s1")]).toEqual([
      "e1",
      "e1.spouse",
      "e1.sbi.s1",
    ]);
  });
  it("no error message contains a tax id value (every schema that sees one)", () => {
    const secrets = [
      "912456789",
      "073456789",
      "000000000",
      "123-45-6789",
      "12345678",
      "98765432a",
      "1234567890",
    ];
    for (const taxId of secrets)
      for (const type of [1, 2, 3, 5] as const) {
        const results = [
          taxIdRecordSchema.safeParse(record(type, taxId)),
          entitySchema.safeParse({ ...sampleEntity(), taxIdLast4: taxId }),
          entitySchema.safeParse({ ...sampleEntity(), taxId }),
          sbiSchema.safeParse({ ...sbi("s", "10"), taxIdLast4: taxId }),
          entitySchema.safeParse(sampleEntity({ spouse: { name: "S", taxIdLast4: taxId } })),
          taxIdRecordSchema.safeParse({ ...record(type, taxId), taxId: Number(taxId.replace(/\D/g, "")) }),
        ];
        // All but the tax id record itself refuse every one of these values (a tax id is no last four).
        expect(results.slice(1).every((r) => !r.success)).toBe(true);
        for (const r of results) {
          if (r.success) continue;
          const text = JSON.stringify(r.error.issues) + r.error.message;
          expect(text).not.toContain(taxId);
          expect(text).not.toContain(taxId.replace(/-/g, ""));
        }
      }
  });
  it("the message names what a valid id of the type looks like", () => {
    expect(issues(taxIdRecordSchema, record(2, "073456789"))).toEqual([
      "taxId: enter the 9-digit EIN: its first two digits are not a prefix the IRS assigns, so check for a typo",
    ]);
  });
});

describe("policy", () => {
  it("accepts a valid policy of each plan with a provider that offers it", () => {
    expect(issues(policySchema, samplePolicy())).toEqual([]);
    expect(issues(policySchema, samplePolicy({ plan: "lgm", providerId: "agriSompo" }))).toEqual([]);
    const { policyNumber: _p, ...pending } = samplePolicy({ status: "pending" });
    expect(issues(policySchema, pending)).toEqual([]);
  });
  it("refuses a provider that does not offer the plan, a county of another state, an unknown status", () => {
    expect(issues(policySchema, samplePolicy({ plan: "lgm" }))).toEqual([
      "providerId: ProAg does not offer LGM (it offers LRP)",
    ]);
    expect(issues(policySchema, samplePolicy({ providerId: "arbor" }))).toEqual([
      "providerId: Arbor does not offer LRP",
    ]);
    expect(issues(policySchema, samplePolicy({ state: "NE" }))).toEqual([
      "county: county 20055 is not a county of NE",
    ]);
    expect(issues(policySchema, samplePolicy({ status: "deleted" as never }))[0]).toMatch(/^status: /);
  });
});

describe("LRP coverage", () => {
  it("accepts a valid record, also through the plan union", () => {
    expect(issues(lrpCoverageSchema, sampleLrpCoverage())).toEqual([]);
    expect(issues(coverageSchema, sampleLrpCoverage())).toEqual([]);
  });
  it("refuses floats for money, a type of another commodity, the spec's head maximum, a bad share", () => {
    expect(issues(lrpCoverageSchema, { ...sampleLrpCoverage(), totalPremium: 5524 })[0]).toMatch(
      /^totalPremium: /,
    );
    expect(issues(lrpCoverageSchema, sampleLrpCoverage({ totalPremium: "1e3" }))).toEqual([
      "totalPremium: enter an amount in figures, such as 1234.56",
    ]);
    expect(issues(lrpCoverageSchema, sampleLrpCoverage({ type: "820" }))).toEqual([
      "type: Invalid type code 820 for commodity 0801",
    ]);
    expect(issues(lrpCoverageSchema, sampleLrpCoverage({ head: 13_000 }))).toEqual([
      "head: Feeder Cattle max limit is 12,000",
    ]);
    expect(issues(lrpCoverageSchema, sampleLrpCoverage({ share: "1.5" }))).toEqual([
      "share: a share is more than 0 and at most 1",
    ]);
    expect(issues(lrpCoverageSchema, sampleLrpCoverage({ salesDate: "2026-02-30" }))).toEqual([
      "salesDate: enter a full date: year, month and day",
    ]);
    expect(issues(lrpCoverageSchema, sampleLrpCoverage({ status: "deleted" as never }))[0]).toMatch(
      /^status: /,
    );
  });
});

describe("LGM endorsement", () => {
  it("accepts valid swine and cattle records", () => {
    expect(issues(lgmEndorsementSchema, sampleLgmEndorsement())).toEqual([]);
    expect(
      issues(
        coverageSchema,
        sampleLgmEndorsement({
          commodity: "0803",
          type: "808",
          targetMarketings: [0, 0, 0, 100, 0, 0, 0, 100, 0, 0, 0],
          endDate: "2027-10-31",
          weights: { liveCattle: 13 },
        }),
      ),
    ).toEqual([]);
  });
  it("refuses the wrong number of months, marketings in the first month, a period not of the sales date", () => {
    expect(
      issues(lgmEndorsementSchema, sampleLgmEndorsement({ targetMarketings: [0, 1, 1, 1, 1, 1, 1] })),
    ).toEqual(["targetMarketings: expected 6 months of target marketings for commodity 0815"]);
    expect(
      issues(lgmEndorsementSchema, sampleLgmEndorsement({ targetMarketings: [5, 1, 1, 1, 1, 1] })),
    ).toEqual(["targetMarketings.0: the first month of the insurance period cannot carry marketings"]);
    expect(
      issues(lgmEndorsementSchema, sampleLgmEndorsement({ firstMonth: "2026-11", endDate: "2027-06-30" })),
    ).toEqual([
      "firstMonth: the insurance period of a sale on 2026-11-20 starts in 2026-12",
      "endDate: the insurance period of a sale on 2026-11-20 ends on 2027-05-31",
    ]);
    expect(issues(lgmEndorsementSchema, sampleLgmEndorsement({ type: "808" }))).toEqual([
      "type: Invalid type code 808 for commodity 0815",
    ]);
  });
});

describe("organisation summaries", () => {
  it("accept the summaries summaries.ts derives and refuse unknown fields", () => {
    expect(issues(customerSummarySchema, { id: "c", name: "Prairie Ranch" })).toEqual([]);
    expect(issues(customerSummarySchema, { id: "c", name: "P", taxId: "123456789" })[0]).toMatch(
      /Unrecognized/,
    );
    expect(
      issues(entitySummarySchema, {
        id: "e",
        customerId: "c",
        legalName: "J",
        type: "I",
        status: "active",
        updatedAt: NOW,
      }),
    ).toEqual([]);
    expect(
      issues(policySummarySchema, {
        id: "p",
        customerId: "c",
        entityId: "e",
        plan: "lrp",
        providerId: "proAg",
        cropYear: 2026,
        status: "active",
        state: "KS",
        updatedAt: NOW,
      }),
    ).toEqual([]);
    expect(issues(coverageSummarySchema, { id: "x" }).length).toBeGreaterThan(0);
  });
});

describe("whole documents of the book", () => {
  it("[SYNC3] a customer document and its internal document with every record shape are valid", () => {
    const meta = { schemaVersion: DOCUMENT_SCHEMA_VERSION };
    const entity = sampleEntity({ sbis: { s1: sbi("s1", "50") } });
    expect(
      validateDocument("customer", {
        meta,
        profile: sampleProfile(),
        entities: { [entity.id]: entity },
        policies: { [samplePolicy().id]: samplePolicy() },
        coverages: {
          [sampleLrpCoverage().id]: sampleLrpCoverage(),
          [sampleLgmEndorsement().id]: sampleLgmEndorsement(),
        },
      }),
    ).toEqual([]);
    expect(
      validateDocument("customerInternal", {
        meta,
        taxIds: {
          [taxIdKey.entity(entity.id)]: {
            id: taxIdKey.entity(entity.id),
            taxIdType: 1,
            taxId: "123456789",
            updatedAt: NOW,
            updatedBy: "agent-1",
          },
        },
      }),
    ).toEqual([]);
  });

  it("[SYNC3] a full tax id is refused in the customer document, which the customer reads", () => {
    const issues = validateDocument("customer", {
      meta: { schemaVersion: DOCUMENT_SCHEMA_VERSION },
      entities: { e: { ...sampleEntity({ id: "e" }), taxId: "123456789" } },
    });
    expect(issues.map((i) => i.path.join("."))).toEqual(["entities.e"]);
    expect(JSON.stringify(issues)).not.toContain("123456789");
  });
});
