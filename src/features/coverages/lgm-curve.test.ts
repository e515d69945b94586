import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import {
  type LgmEndorsementFromQuoteInput,
  lgmEndorsementFromQuote,
} from "../../../shared/book/lgm-endorsement";
import { samplePolicy } from "../../../shared/book/test-fixtures";
import type { LgmEndorsement } from "../../../shared/documents/book";
import { generateSampleSnapshot } from "../../../shared/market";
import { createPricingApi } from "../../../worker/api";
import { curveAgreement, curveRows, endorsementQuoteInput } from "./lgm-curve";

// The endorsement page prices the stored endorsement's whole deductible curve in the pricing worker on
// its sales date's snapshot; at the stored deductible the curve must give the frozen figures to the cent.

const SALES_DATE = "2026-11-20";
const snapshot = generateSampleSnapshot(SALES_DATE);
const IN_WINDOW = new Date("2026-11-20T22:00:00Z");

const base = {
  snapshot,
  salesDate: SALES_DATE,
  policy: samplePolicy({ plan: "lgm", providerId: "agriSompo" }),
  id: "01JENDORSEMENT00000000000001",
  now: IN_WINDOW,
  userId: "agent-1",
} satisfies Partial<LgmEndorsementFromQuoteInput>;

const cases: { name: string; input: Omit<LgmEndorsementFromQuoteInput, keyof typeof base> }[] = [
  {
    name: "calf finishing with elected weights, deductible $30/head",
    input: {
      commodity: "0803",
      type: "807",
      targetMarketings: [0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0],
      deductible: 30,
      weights: { liveCattle: 12 },
      profile: { farmerClassification: "Neither" },
    },
  },
  {
    name: "swine, a beginning farmer's subsidy, deductible $8/head",
    input: {
      commodity: "0815",
      type: "804",
      targetMarketings: [0, 500, 500, 500, 0, 0],
      deductible: 8,
      profile: { farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: 2025 },
    },
  },
  {
    name: "dairy, deductible $1.10/cwt",
    input: {
      commodity: "0847",
      type: "997",
      targetMarketings: [0, 900, 900, 900, 900, 900, 900, 900, 900, 900, 900],
      deductible: 1.1,
      weights: { corn: 0.5, soybeanMeal: 0.004 },
      profile: { farmerClassification: "Veteran Farmer/Rancher" },
    },
  },
];

async function curveOf(record: LgmEndorsement, profile: LgmEndorsementFromQuoteInput["profile"]) {
  const api = createPricingApi(snapshot);
  const quoted = await api.quoteLgm(endorsementQuoteInput(record, profile));
  if (!quoted.ok) throw new Error(quoted.error.message);
  return curveRows(record, quoted.value);
}

describe("LGM endorsement page: the deductible curve of a stored endorsement", () => {
  for (const c of cases) {
    it(`${c.name}: the curve gives the stored figures at the stored deductible, to the cent`, async () => {
      const record = lgmEndorsementFromQuote({ ...base, ...c.input });
      const rows = await curveOf(record, c.input.profile);
      const stored = rows.filter((r) => r.stored);
      expect(stored).toHaveLength(1);
      const row = stored[0] as (typeof rows)[number];
      const cents = (v: string) => new Decimal(v).toFixed(2);
      expect(cents(row.producerPremium)).toBe(cents(record.producerPremium));
      expect(cents(row.totalPremium)).toBe(cents(record.totalPremium));
      expect(cents(row.subsidy)).toBe(cents(record.subsidy));
      expect(cents(row.guarantee)).toBe(cents(record.grossMarginGuarantee));
      expect(curveAgreement(record, rows)).toEqual({ agrees: true, differing: [] });
      // Every deductible RMA offers for the type, each with its guarantee: higher deductible, lower guarantee.
      expect(rows.length).toBeGreaterThan(5);
      for (let i = 1; i < rows.length; i++) {
        const [before, after] = [rows[i - 1], rows[i]] as [(typeof rows)[number], (typeof rows)[number]];
        expect(new Decimal(after.guarantee).lt(before.guarantee)).toBe(true);
        expect(new Decimal(after.totalPremium).lte(before.totalPremium)).toBe(true);
      }
    });
  }

  it("gives the producer premium per head of target marketings, rounded to the cent", async () => {
    const c = cases[0] as (typeof cases)[number];
    const record = lgmEndorsementFromQuote({ ...base, ...c.input });
    const rows = await curveOf(record, c.input.profile);
    for (const r of rows)
      expect(r.producerPremiumPerUnit).toBe(
        new Decimal(r.producerPremium).div(120).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      );
  });

  it("names the figures that differ when the stored record was priced otherwise (e.g. another subsidy)", async () => {
    const c = cases[1] as (typeof cases)[number];
    const record = lgmEndorsementFromQuote({ ...base, ...c.input });
    const rows = await curveOf(record, { farmerClassification: "Neither" });
    const agreement = curveAgreement(record, rows);
    expect(agreement.agrees).toBe(false);
    expect(agreement.differing).toEqual(["Subsidy", "Producer Premium"]);
  });

  it("reports a stored deductible the curve does not have", async () => {
    const c = cases[0] as (typeof cases)[number];
    const record = lgmEndorsementFromQuote({ ...base, ...c.input });
    const rows = (await curveOf(record, c.input.profile)).map((r) => ({ ...r, stored: false }));
    expect(curveAgreement(record, rows)).toEqual({ agrees: false, differing: ["Deductible"] });
  });
});
