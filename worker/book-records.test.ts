import { describe, expect, it } from "vitest";
import { lgmEndorsementFromQuote, lgmQuoteInputFor } from "../shared/book/lgm-endorsement";
import { lrpCoverageFromOffer, lrpQuoteInputFor } from "../shared/book/lrp-coverage";
import { exactDecimal } from "../shared/book/record-helpers";
import { samplePolicy } from "../shared/book/test-fixtures";
import { generateSampleSnapshot } from "../shared/market";
import { createPricingApi } from "./api";

// The agent's create screens price the offer table in the worker and freeze the chosen row with the
// snapshot the worker holds (snapshot()): the record's premium equals the worker's quote for the same
// inputs on the same snapshot.

const SALES_DATE = "2026-11-13"; // a trading day that is not a report day (2026-11-20 is Cattle on Feed)
const snapshot = generateSampleSnapshot(SALES_DATE);
const IN_WINDOW = new Date("2026-11-13T22:00:00Z"); // 4 pm Central, after RMA posts the day's rates

const lrpInput = {
  salesDate: SALES_DATE,
  commodity: "0801",
  type: "810",
  offer: { endorsementLengthWeeks: 26, coverageLevel: 0.9483 },
  head: 100,
  targetWeightCwt: 7.5,
  share: 1,
  profile: { farmerClassification: "Neither" as const },
  policy: samplePolicy(),
  existingCoverages: [],
  id: "01JCOVERAGE000000000000009",
  now: IN_WINDOW,
  userId: "agent-1",
};

describe("pricing worker: the snapshot for the book's records", () => {
  it("hands out the snapshot it prices with", async () => {
    const api = createPricingApi();
    expect(await api.snapshot()).toMatchObject({ ok: false, error: { code: "stale-market-data" } });
    await api.setMarket(snapshot);
    const answer = await api.snapshot();
    expect(answer.ok && answer.value.asOf).toBe(SALES_DATE);
  });

  it("an LRP coverage frozen from it has the premium the worker quotes for the same row", async () => {
    const api = createPricingApi(snapshot);
    const answer = await api.snapshot();
    if (!answer.ok) throw new Error(answer.error.message);
    const record = lrpCoverageFromOffer({ ...lrpInput, snapshot: answer.value });
    const quoted = await api.quoteLrp(lrpQuoteInputFor(lrpInput), { all: true });
    if (!quoted.ok) throw new Error(quoted.error.message);
    const row = quoted.value.offers?.find(
      (r) => r.endorsementLengthWeeks === 26 && Math.abs(r.coverageLevel - 0.9483) < 1e-9,
    );
    expect(row).toBeDefined();
    expect(record.producerPremium).toBe(exactDecimal(row?.producerPremium ?? Number.NaN));
    expect(record.totalPremium).toBe(exactDecimal(row?.totalPremium ?? Number.NaN));
  });

  it("an LGM endorsement frozen from it has the premium the worker quotes for the same inputs", async () => {
    const input = {
      salesDate: SALES_DATE,
      commodity: "0803",
      type: "807",
      targetMarketings: [0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0],
      deductible: 30,
      weights: { liveCattle: 12 },
      profile: { farmerClassification: "Neither" as const },
      policy: samplePolicy({ plan: "lgm", providerId: "agriSompo" }),
      id: "01JENDORSEMENT00000000000001",
      now: IN_WINDOW,
      userId: "agent-1",
    };
    const api = createPricingApi(snapshot);
    const answer = await api.snapshot();
    if (!answer.ok) throw new Error(answer.error.message);
    const record = lgmEndorsementFromQuote({ ...input, snapshot: answer.value });
    const quoted = await api.quoteLgm(lgmQuoteInputFor(input));
    if (!quoted.ok) throw new Error(quoted.error.message);
    expect(record.producerPremium).toBe(exactDecimal(quoted.value.producerPremium));
    expect(record.grossMarginGuarantee).toBe(exactDecimal(quoted.value.grossMarginGuarantee));
  });
});
