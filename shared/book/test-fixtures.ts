import type { CustomerProfile, Entity, LgmEndorsement, LrpCoverage, Policy } from "../documents/book";

// Valid sample records of every book shape, for the tests of shared/book and shared/documents (only
// tests import this file). Each builder takes overrides.

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

export const sampleLrpCoverage = (over: Partial<LrpCoverage> = {}): LrpCoverage => ({
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
  expectedEndingValue: "250.12",
  coverageLevel: "0.95",
  coveragePrice: "237.61",
  rate: "0.031",
  indicative: false,
  head: 100,
  targetWeightCwt: "7.5",
  share: "1",
  priceAdjustmentFactor: "1",
  insuredValue: "178207.5",
  totalPremium: "5524",
  subsidy: "1933",
  producerPremium: "3591",
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
  expectedGrossMargin: "25000",
  grossMarginGuarantee: "25000",
  totalPremium: "1500",
  subsidy: "270",
  producerPremium: "1230",
  ...stamps,
  ...over,
});
