import type { CustomerProfile, Entity, LgmEndorsement, LrpCoverage, Policy } from "../documents/book";
import { lrpInsuredUnits, lrpInsuredValue, lrpSubsidyShare } from "../pricing/lrp/premium";
import { money, roundCents, roundDollars } from "../pricing/money";
import { lrpSubsidyPercent } from "../pricing/subsidy/lrp-subsidy";

// Valid sample records of every book shape, for the tests of shared/book and shared/documents (only
// tests import this file). Each builder takes overrides. The coverages are typed from the SCE
// (`figuresFrom: "sce"`): their figures agree with each other and lie within RMA's bounds near the test
// server's sample market (rule SCE1), so a test may write them through a real server.

export const NOW = "2026-11-23T15:00:00.000Z";
const stamps = { createdAt: NOW, updatedAt: NOW, updatedBy: "agent-1" };

export const sampleProfile = (over: Partial<CustomerProfile> = {}): CustomerProfile => ({
  id: "01JCUSTOMER0000000000000001",
  name: "Prairie Ranch",
  email: "owner@prairie.test",
  mobilePhone: "(620) 555-0134",
  address: { line1: "1 Feedlot Rd", city: "Garden City", state: "KS", county: "20055", zip: "67846" },
  farmerClassification: "Neither",
  status: "active",
  ...stamps,
  ...over,
});

export const sampleEntity = (over: Partial<Entity> = {}): Entity => ({
  id: "01JENTITY00000000000000001",
  type: "I",
  legalName: "Jane Prairie",
  taxIdType: 1,
  taxIdLast4: "6789",
  sbis: {},
  status: "active",
  ...stamps,
  ...over,
});

export const samplePolicy = (over: Partial<Policy> = {}): Policy => ({
  id: "01JPOLICY00000000000000001",
  plan: "lrp",
  providerId: "proAg",
  entityId: "01JENTITY00000000000000001",
  policyNumber: "LRP-2026-001",
  cropYear: 2026,
  reinsuranceYear: 2027,
  status: "active",
  state: "KS",
  county: "20055",
  ...stamps,
  ...over,
});

/** The figures an SCE derives from the rest (rule SCE1's agreement), for a customer classified "Neither". */
const DERIVED = ["insuredValue", "totalPremium", "subsidy", "producerPremium"] as const;

/**
 * The sample LRP coverage with `over`; unless `over` gives a derived figure itself, the coverage price
 * (or, given a coverage price alone, the expected ending value), insured value, premium and subsidy
 * follow from the rest as an SCE's do, so the record stays one the server accepts.
 */
export const sampleLrpCoverage = (over: Partial<LrpCoverage> = {}): LrpCoverage => {
  const record = sampleLrpRecord(over);
  if (DERIVED.some((key) => key in over)) return record;
  const level = money(record.coverageLevel);
  const fromPrice = over.coveragePrice !== undefined && over.expectedEndingValue === undefined;
  const price = fromPrice
    ? money(record.coveragePrice)
    : roundCents(money(record.expectedEndingValue).times(level));
  const units = lrpInsuredUnits(record.head, record.targetWeightCwt, record.share);
  const insured = lrpInsuredValue(units, price, money(record.priceAdjustmentFactor));
  const total = roundDollars(insured.times(record.rate));
  const percent = lrpSubsidyPercent(level, record.cropYear) ?? money(0);
  const subsidy = roundDollars(total.times(lrpSubsidyShare(percent)));
  return {
    ...record,
    expectedEndingValue: fromPrice ? roundCents(price.div(level)).toFixed() : record.expectedEndingValue,
    coveragePrice: price.toFixed(),
    insuredValue: insured.toFixed(),
    totalPremium: total.toFixed(),
    subsidy: subsidy.toFixed(),
    producerPremium: total.minus(subsidy).toFixed(),
  };
};

const sampleLrpRecord = (over: Partial<LrpCoverage>): LrpCoverage => ({
  id: "01JCOVERAGE000000000000001",
  policyId: "01JPOLICY00000000000000001",
  plan: "lrp",
  cropYear: 2026,
  salesDate: "2026-11-20",
  status: "quoted",
  snapshotAsOf: "2026-11-20",
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: 26,
  endDate: "2027-05-21",
  expectedEndingValue: "320",
  coverageLevel: "0.95",
  coveragePrice: "304",
  rate: "0.031",
  indicative: false,
  head: 100,
  targetWeightCwt: "7.5",
  share: "1",
  priceAdjustmentFactor: "1",
  insuredValue: "228000",
  totalPremium: "7068",
  subsidy: "2474",
  producerPremium: "4594",
  figuresFrom: "sce",
  ...stamps,
  ...over,
});

export const sampleLgmEndorsement = (over: Partial<LgmEndorsement> = {}): LgmEndorsement => ({
  id: "01JLGM00000000000000000001",
  policyId: "01JPOLICY00000000000000002",
  plan: "lgm",
  cropYear: 2026,
  salesDate: "2026-11-20",
  status: "quoted",
  snapshotAsOf: "2026-11-20",
  commodity: "0815",
  type: "805",
  targetMarketings: [0, 100, 100, 100, 100, 100],
  firstMonth: "2026-12",
  endDate: "2027-05-31",
  deductible: "0",
  expectedGrossMargin: "51500",
  grossMarginGuarantee: "51500",
  totalPremium: "4300",
  subsidy: "774",
  producerPremium: "3526",
  figuresFrom: "sce",
  ...stamps,
  ...over,
});
