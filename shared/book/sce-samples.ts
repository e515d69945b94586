import type { Coverage } from "../documents/book";
import { type BackdatedLgmInput, type BackdatedLrpInput, backdatedCoverage } from "./sce-backdated";
import { samplePolicy } from "./test-fixtures";

// Endorsements entered from the SCE for the tests (only tests import this file): the create form's input
// for a past sale, the figures an SCE prints for it (they agree to the dollar), and the record
// backdatedCoverage makes of them — what the server's checks of SCE figures (sce-record.ts) start from.

/** The run's day: Wednesday 2026-11-18, noon Central. */
export const SCE_NOW = new Date("2026-11-18T18:00:00Z");

/** Feeder cattle 810, 26 weeks, sold 2026-05-13 at 95 %: 100 head of 7.5 cwt. */
export const sampleLrpInput = (over: Partial<BackdatedLrpInput> = {}): BackdatedLrpInput => ({
  plan: "lrp",
  salesDate: "2026-05-13",
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: 26,
  coverageLevel: 0.95,
  head: 100,
  targetWeightCwt: 7.5,
  share: 1,
  profile: { farmerClassification: "Neither" },
  policy: samplePolicy(),
  existingCoverages: [],
  id: "01JBACKDATED0000000000001",
  now: SCE_NOW,
  userId: "agent-1",
  ...over,
});
/** Its SCE: $240 per cwt at 0.0312, premium $5,616, subsidy 35 %. */
export const LRP_SCE = { coveragePrice: "240.00", rate: "0.0312", totalPremium: "5,616", subsidy: "1,966" };

/** Yearling Finishing 808 sold 2026-03-12, $20 deductible, 50 head in July and 50 in October. */
export const sampleLgmInput = (over: Partial<BackdatedLgmInput> = {}): BackdatedLgmInput => ({
  plan: "lgm",
  salesDate: "2026-03-12",
  commodity: "0803",
  type: "808",
  targetMarketings: [0, 0, 0, 50, 0, 0, 50, 0, 0, 0, 0],
  deductible: 20,
  profile: { farmerClassification: "Neither" },
  policy: samplePolicy({ plan: "lgm", policyNumber: "LGM-1" }),
  id: "01JBACKDATED0000000000002",
  now: SCE_NOW,
  userId: "agent-1",
  ...over,
});
/**
 * Its SCE: the sample market's own price of that day (generateSampleSnapshot("2026-03-12")), as RMA would
 * have printed it — a $22,475.50 expected gross margin, premium $7,261, subsidy 23 % — so it lies within
 * SCE1's bounds against any held day near it (it said $30,000 and $4,000 before: a third above that day's
 * margin and half its premium, refused against the days around it).
 */
export const LGM_SCE = { expectedGrossMargin: "22,475.50", totalPremium: "7,261", subsidy: "1,670" };

/** The record of the sample endorsement of `plan` entered from its SCE (id `id`). */
export function sampleSceRecord(plan: "lrp" | "lgm", id?: string): Coverage {
  const over = id ? { id } : {};
  const result =
    plan === "lrp"
      ? backdatedCoverage(sampleLrpInput(over), null, LRP_SCE)
      : backdatedCoverage(sampleLgmInput(over), null, LGM_SCE);
  if (!result.ok) throw new Error(result.message);
  return result.record;
}
