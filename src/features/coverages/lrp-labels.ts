import { LRP_COVERAGE_TABLE_COLUMNS } from "../../../shared/catalogue/labels";

// The words of an LRP coverage's fields: the spec's §3 coverage-table labels where the field is one of
// its columns, plain words for the rest (record page, edit page and the history's field names).

const [LENGTH, END_DATE, LEVEL, EXPECTED, PRICE, RATE, INSURED, TOTAL, SUBSIDY, PRODUCER] =
  LRP_COVERAGE_TABLE_COLUMNS;

export const LRP_FIELD_LABELS: Readonly<Record<string, string>> = {
  endorsementLengthWeeks: LENGTH,
  endDate: END_DATE,
  coverageLevel: LEVEL,
  expectedEndingValue: EXPECTED,
  coveragePrice: PRICE,
  rate: RATE,
  insuredValue: INSURED,
  totalPremium: TOTAL,
  subsidy: SUBSIDY,
  producerPremium: PRODUCER,
  policyId: "Policy",
  commodity: "Commodity",
  type: "Type",
  head: "Head",
  targetWeightCwt: "Target weight (cwt/head)",
  share: "Share",
  priceAdjustmentFactor: "Price adjustment factor",
  salesDate: "Sales date",
  cropYear: "Crop year",
  status: "Status",
  statusReason: "Reason",
  snapshotAsOf: "Priced on the market data of",
  snapshotLabel: "Market data",
  indicative: "Indicative rate",
};
