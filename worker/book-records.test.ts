import { describe, expect, it } from "vitest";
import { lgmEndorsementFromQuote } from "../shared/book/lgm-endorsement";
import { lrpCoverageFromOffer } from "../shared/book/lrp-coverage";
import { samplePolicy } from "../shared/book/test-fixtures";
import { generateSampleSnapshot } from "../shared/market";
import { createPricingApi } from "./api";

// The worker's book record builders: the same records the shared builders make with the snapshot the
// worker holds, and their refusals as reason codes with the rule's message.

const SALES_DATE = "2026-11-20";
const snapshot = generateSampleSnapshot(SALES_DATE);
const IN_WINDOW = new Date("2026-11-20T22:00:00Z"); // 4 pm Central, after RMA posts the day's rates

const lrpInput = {
  salesDate: SALES_DATE,
  commodity: "0801",
  type: "810",
  offer: { endorsementLengthWeeks: 26, coverageLevel: 0.9476 },
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

describe("pricing worker: book records", () => {
  it("builds an LRP coverage equal to the shared builder's with the same snapshot", async () => {
    const api = createPricingApi(snapshot);
    const result = await api.lrpCoverage(lrpInput);
    expect(result).toEqual({ ok: true, value: lrpCoverageFromOffer({ ...lrpInput, snapshot }) });
  });

  it("refuses a 13,000-head feeder cattle endorsement with the spec's message", async () => {
    const api = createPricingApi(snapshot);
    const result = await api.lrpCoverage({ ...lrpInput, head: 13_000 });
    expect(result).toEqual({
      ok: false,
      error: { code: "head-limit", message: "Feeder Cattle max limit is 12,000", path: ["head"] },
    });
  });

  it("refuses outside the sales window, saying so", async () => {
    const api = createPricingApi(snapshot);
    const result = await api.lrpCoverage({ ...lrpInput, now: new Date("2026-11-23T15:00:00Z") });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/sales window of 2026-11-20 is closed/);
  });

  it("builds an LGM endorsement equal to the shared builder's", async () => {
    const input = {
      salesDate: SALES_DATE,
      commodity: "0803",
      type: "807",
      targetMarketings: [0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0],
      deductible: 30,
      profile: { farmerClassification: "Neither" as const },
      policy: samplePolicy({ plan: "lgm", providerId: "agriSompo" }),
      id: "01JENDORSEMENT00000000000001",
      now: IN_WINDOW,
      userId: "agent-1",
    };
    const api = createPricingApi(snapshot);
    const result = await api.lgmEndorsement(input);
    expect(result).toEqual({ ok: true, value: lgmEndorsementFromQuote({ ...input, snapshot }) });
  });

  it("says there is no market before one is set", async () => {
    const result = await createPricingApi().lrpCoverage(lrpInput);
    expect(result).toMatchObject({ ok: false, error: { code: "stale-market-data" } });
  });
});
