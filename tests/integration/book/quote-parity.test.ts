import { describe, expect, it } from "vitest";
import { cropYearOf } from "../../../shared/book/crop-year";
import { lgmEndorsementFromQuote } from "../../../shared/book/lgm-endorsement";
import { lrpCoverageFromOffer } from "../../../shared/book/lrp-coverage";
import { samplePolicy } from "../../../shared/book/test-fixtures";
import type { FarmerClassification } from "../../../shared/catalogue/plans";
import { generateSampleSnapshot } from "../../../shared/market";
import type { LgmQuote, LrpCoverageRow, LrpQuote } from "../../../shared/pricing";
import {
  buildLrpInput,
  LRP_DEFAULTS,
  type LrpForm,
  parseRowKey,
  rowKey,
} from "../../../src/components/quote/lrp-form";
import { buildLgmInput, LGM_DEFAULTS, type LgmForm } from "../../../src/lib/pricing/lgm/lgm-form";
import { createPricingApi } from "../../../worker/api";

// docs/agent-book.md: "the premium shown on a coverage equals what the quote screen showed for the same inputs
// on the same snapshot". The quote screen's path is taken as it is: its form → buildLrpInput /
// buildLgmInput → the pricing worker's API → the row the screen picks for the URL's `row` key. The
// book's path: lrpCoverageFromOffer / lgmEndorsementFromQuote. Every frozen figure must be the
// screen's number, digit for digit.

const SALES_DATE = "2026-11-13"; // a Friday that is not a Cattle on Feed report day (2026-11-20 is)
const snapshot = generateSampleSnapshot(SALES_DATE);
const now = new Date("2026-11-13T22:00:00Z");
const api = createPricingApi(snapshot);

async function screenOffers(form: LrpForm): Promise<LrpCoverageRow[]> {
  const built = buildLrpInput(form, snapshot.asOf);
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  const result = await api.quoteLrp(built.input, { all: true });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as LrpQuote).offers ?? [];
}

/** The row the LRP quote screen shows as chosen for the form's `row` key (lrp-quote-page.tsx). */
async function screenChosen(form: LrpForm): Promise<LrpCoverageRow | undefined> {
  const offers = await screenOffers(form);
  const requested = parseRowKey(form.row);
  return (
    (requested &&
      offers.find(
        (r) =>
          r.endorsementLengthWeeks === requested.weeks && Math.abs(r.coverageLevel - requested.level) < 1e-9,
      )) ||
    offers[0]
  );
}

const profileFor = (
  farmer: string,
  year: string,
): { farmerClassification: FarmerClassification; farmingSinceYear?: number } =>
  farmer === "Beginning Farmer/Rancher"
    ? { farmerClassification: farmer, farmingSinceYear: cropYearOf(SALES_DATE) - Number(year) + 1 }
    : { farmerClassification: farmer as FarmerClassification };

const cases: Partial<LrpForm>[] = [
  {},
  {
    commodity: "0801",
    type: "809",
    head: "250",
    weight: "5.5",
    farmer: "Beginning Farmer/Rancher",
    year: "3",
  },
  {
    commodity: "0801",
    type: "812",
    head: "75",
    weight: "8.25",
    share: "50",
    farmer: "Veteran Farmer/Rancher",
  },
  { commodity: "0802", type: "820", head: "1200", weight: "13.5", share: "37.5" },
  { commodity: "0815", type: "997", head: "7000", weight: "2.6" },
];

describe("(docs/agent-book.md) a book coverage carries exactly the quote screen's figures", () => {
  it("LRP: every offered row of several herds and classifications", async () => {
    let compared = 0;
    for (const over of cases) {
      const base: LrpForm = { ...LRP_DEFAULTS, ...over };
      for (const offer of await screenOffers(base)) {
        const form = { ...base, row: rowKey(offer.endorsementLengthWeeks, offer.coverageLevel) };
        const shown = await screenChosen(form);
        expect(shown).toBeDefined();
        if (!shown) continue;
        const record = lrpCoverageFromOffer({
          snapshot,
          salesDate: SALES_DATE,
          commodity: form.commodity,
          type: form.type,
          offer: { endorsementLengthWeeks: shown.endorsementLengthWeeks, coverageLevel: shown.coverageLevel },
          head: Number(form.head),
          targetWeightCwt: Number(form.weight),
          share: Number(form.share) / 100,
          profile: profileFor(form.farmer, form.year),
          policy: samplePolicy(),
          existingCoverages: [],
          id: "cov",
          now,
          userId: "agent-1",
        });
        const frozen = {
          endDate: record.endDate,
          expectedValuePerCwt: record.expectedEndingValue,
          coveragePricePerCwt: record.coveragePrice,
          coverageLevel: record.coverageLevel,
          rate: record.rate,
          insuredValue: record.insuredValue,
          totalPremium: record.totalPremium,
          subsidy: record.subsidy,
          producerPremium: record.producerPremium,
        };
        expect(frozen, `${form.type} ${form.row}`).toEqual({
          endDate: shown.endDate,
          expectedValuePerCwt: String(shown.expectedValuePerCwt),
          coveragePricePerCwt: String(shown.coveragePricePerCwt),
          coverageLevel: String(shown.coverageLevel),
          rate: String(shown.rate),
          insuredValue: String(shown.insuredValue),
          totalPremium: String(shown.totalPremium),
          subsidy: String(shown.subsidy),
          producerPremium: String(shown.producerPremium),
        });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("LGM: the quote screen's figures for cattle, swine and dairy forms", async () => {
    const forms: Partial<LgmForm>[] = [
      {},
      { commodity: "0815", type: "805", m: "0,0,500,0,0,500", deductible: "4" },
      {
        commodity: "0815",
        type: "804",
        m: "0,100,100,100,100,100",
        deductible: "0",
        farmer: "Veteran Farmer/Rancher",
      },
      { commodity: "0803", type: "807", m: "0,0,0,0,60,60,0,0,0,0,0", deductible: "30", lc: "12" },
      {
        commodity: "0847",
        type: "997",
        m: "0,0,1000,1000,1000,0,0,0,0,0,0",
        deductible: "0.5",
        corn: "0.4",
        sbm: "0.01",
      },
    ];
    for (const over of forms) {
      const form: LgmForm = { ...LGM_DEFAULTS, ...over };
      const built = buildLgmInput(form, snapshot.asOf);
      if (!built.ok) throw new Error(JSON.stringify(built.errors));
      const result = await api.quoteLgm(built.input);
      if (!result.ok) throw new Error(result.error.message);
      const shown = result.value as LgmQuote;
      const record = lgmEndorsementFromQuote({
        snapshot,
        salesDate: SALES_DATE,
        commodity: form.commodity,
        type: form.type,
        targetMarketings: built.input.targetMarketings,
        deductible: built.input.deductible,
        ...(built.input.weights ? { weights: built.input.weights } : {}),
        profile: profileFor(form.farmer, form.year),
        policy: samplePolicy({ plan: "lgm", providerId: "agriSompo" }),
        id: "lgm",
        now,
        userId: "agent-1",
      });
      expect(
        [
          record.expectedGrossMargin,
          record.grossMarginGuarantee,
          record.totalPremium,
          record.subsidy,
          record.producerPremium,
        ],
        form.type,
      ).toEqual(
        [
          shown.expectedGrossMargin,
          shown.grossMarginGuarantee,
          shown.totalPremium,
          shown.subsidy,
          shown.producerPremium,
        ].map(String),
      );
    }
  });
});
