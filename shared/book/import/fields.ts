import { MONTH_NAMES } from "../../dates-in-words";
import type { RecordKind } from "./types";

// The fields a column can be mapped to (docs/book-import.md), each with the record it fills, how the report
// names it and the headers agencies' spreadsheets and AIP exports use for it (compared without case,
// spaces or punctuation: "Policy #", "policy no", "PolicyNumber" are one). One definition: the mapping
// schema, guessMapping and the planner read this list.

export interface ImportField {
  id: string;
  record: RecordKind;
  label: string;
  headers: readonly string[];
}

/** The field of a calendar month's target marketings (1 = January): "marketingsJan". */
export const monthMarketingsField = (month: number): string =>
  `marketings${(MONTH_NAMES[month - 1] ?? "").slice(0, 3)}`;

const field = (id: string, record: RecordKind, label: string, headers: string[]): ImportField => ({
  id,
  record,
  label,
  headers: [label, id, ...headers],
});

export const IMPORT_FIELDS = [
  // The customer (the producer's profile).
  field("customerName", "customer", "Customer name", [
    "Insured Name",
    "Insured",
    "Producer",
    "Producer Name",
    "Customer",
    "Name",
    "Customer Name",
    "Insured's Name",
    "Named Insured",
    "Policyholder",
    "Policy Holder",
    "Client",
    "Client Name",
  ]),
  field("email", "customer", "Email", ["E-mail", "Email Address", "E-mail Address", "Email Addr"]),
  field("mobilePhone", "customer", "Mobile phone", [
    "Phone",
    "Cell",
    "Mobile",
    "Phone Number",
    "Cell Phone",
    "Phone #",
    "Cell #",
    "Mobile #",
    "Telephone",
    "Tel",
    "Primary Phone",
  ]),
  field("addressLine1", "customer", "Street address", [
    "Address",
    "Address 1",
    "Address Line 1",
    "Street",
    "Mailing Address",
  ]),
  field("addressLine2", "customer", "Address line 2", ["Address 2"]),
  field("city", "customer", "City", ["Town"]),
  field("state", "customer", "State", ["ST", "State Abbreviation"]),
  field("zip", "customer", "ZIP", ["Zip Code", "Postal Code", "Zipcode"]),
  field("farmerClassification", "customer", "Farmer classification", ["Classification", "BFR/VFR"]),
  field("farmingSinceYear", "customer", "Farming since", ["First Year Farming", "Farming Since Year"]),
  // The insured entity.
  field("legalName", "entity", "Entity legal name", [
    "Entity",
    "Entity Name",
    "Legal Name",
    "Insured Entity",
  ]),
  field("entityType", "entity", "Entity type", [
    "Type of Entity",
    "Person Type",
    "Entity Code",
    "Business Type",
    "Ownership Type",
  ]),
  field("taxIdType", "entity", "Tax id type", ["Tax ID Type", "TIN Type"]),
  field("taxId", "entity", "Tax id", [
    "SSN/EIN",
    "SSN",
    "EIN",
    "Tax ID",
    "TIN",
    "Tax Number",
    "SSN or EIN",
    "TIN/SSN",
    "SSN/TIN",
    "Tax ID #",
    "Tax ID Number",
    "FEIN",
  ]),
  // The policy.
  field("policyNumber", "policy", "Policy number", [
    "Policy #",
    "Policy No",
    "Policy",
    "Pol #",
    "Pol No",
    "Policy ID",
  ]),
  field("provider", "policy", "Insurance provider", [
    "AIP",
    "Provider",
    "Company",
    "Insurance Company",
    "Carrier",
    "AIP Name",
    "Approved Insurance Provider",
    "Insurer",
    "Ins Co",
    "Insurance Co",
  ]),
  field("plan", "policy", "Plan", ["Insurance Plan", "Plan Code", "Plan Name", "Program", "Ins Plan"]),
  field("policyState", "policy", "Policy state", ["Location State"]),
  field("county", "policy", "County", ["County Code", "Location County", "County Name", "Cnty"]),
  field("policyStatus", "policy", "Policy status", []),
  field("cropYear", "policy", "Crop year", ["CY", "Crop Yr", "Policy Crop Year", "Reinsurance Year", "RY"]),
  // The endorsement.
  field("commodity", "coverage", "Commodity", [
    "Commodity Code",
    "Commodity Name",
    "Species",
    "Livestock",
    "Livestock Commodity",
  ]),
  field("type", "coverage", "Type", [
    "Type Code",
    "Livestock Type",
    "Type Name",
    "Class",
    "Weight Class",
    "Cattle Type",
    "Type/Class",
  ]),
  field("salesDate", "coverage", "Sales date", [
    "Sales Effective Date",
    "Purchase Date",
    "SCE Date",
    "Effective Date",
    "Sale Date",
    "Sales Dt",
    "Date of Sale",
    "Date Purchased",
    "Endorsement Date",
  ]),
  field("endDate", "coverage", "End date", [
    "Ending Date",
    "Expiration Date",
    "End",
    "End Dt",
    "Expiration",
    "Expires",
  ]),
  field("endorsementLengthWeeks", "coverage", "Length (weeks)", [
    "Endorsement Length",
    "Length",
    "Weeks",
    "Number of Weeks",
    "# Weeks",
    "Term (Weeks)",
  ]),
  field("head", "coverage", "Head", [
    "Number of Head",
    "Head Count",
    "Hd",
    "# Head",
    "No. of Head",
    "Insured Head",
    "Head Covered",
  ]),
  field("targetWeightCwt", "coverage", "Target weight (cwt)", [
    "Target Wt",
    "Target Weight",
    "Target Weight Cwt",
    "Target Wt (lbs)",
    "Target Weight (lbs)",
    "Tgt Wt",
    "Weight",
  ]),
  field("coverageLevel", "coverage", "Coverage level", [
    "Coverage Level %",
    "Level",
    "Cov Level",
    "Cov Lvl",
    "Coverage %",
    "Cov %",
  ]),
  field("share", "coverage", "Share", ["Insured Share", "Share %"]),
  field("coveragePrice", "coverage", "Coverage price", [
    "Coverage Price/cwt",
    "Cov Price",
    "Coverage Price per Cwt",
  ]),
  field("expectedEndingValue", "coverage", "Expected ending value", ["EEV", "Expected End Value"]),
  field("rate", "coverage", "Rate", ["Premium Rate", "Cost per cwt rate"]),
  field("totalPremium", "coverage", "Total premium", [
    "Premium",
    "Total Premium Amount",
    "Total Prem",
    "Premium $",
  ]),
  field("subsidy", "coverage", "Subsidy", ["Subsidy Amount", "Premium Subsidy", "Subsidy $"]),
  field("producerPremium", "coverage", "Producer premium", [
    "Producer Premium Amount",
    "Farmer Premium",
    "Producer Prem",
    "Net Premium",
    "Insured Premium",
  ]),
  field("priceAdjustmentFactor", "coverage", "Price adjustment factor", ["PAF"]),
  // LGM (docs/book-import.md §LGM): the deductible, the SCE's gross-margin figures and the target
  // marketings, one column per month — by calendar month or by month of the insurance period — or
  // one row per month ("Marketing Month" + "Head", merge-months.ts).
  field("deductible", "coverage", "Deductible", ["LGM Deductible", "Deductible per Head", "Deductible/cwt"]),
  field("expectedGrossMargin", "coverage", "Expected gross margin", [
    "EGM",
    "Expected GM",
    "Expected Margin",
  ]),
  field("grossMarginGuarantee", "coverage", "Gross margin guarantee", ["GMG", "Guarantee", "GM Guarantee"]),
  // LGM cattle's elected target weights (per head; the catalogue's ranges, shared/catalogue/lgm-types.ts).
  field("weightLiveCattle", "coverage", "Target live cattle weight (cwt)", [
    "Target Live Cattle Weight",
    "Live Cattle Target Weight",
    "Live Cattle Weight",
    "Live Cattle Wt",
    "Target Live Cattle Wt",
  ]),
  field("weightFeederCattle", "coverage", "Target feeder cattle weight (cwt)", [
    "Target Feeder Cattle Weight",
    "Feeder Cattle Target Weight",
    "Feeder Cattle Weight",
    "Feeder Cattle Wt",
    "Target Feeder Cattle Wt",
  ]),
  field("weightCorn", "coverage", "Target corn weight (bu)", [
    "Target Corn Weight",
    "Corn Target Weight",
    "Corn Weight",
    "Corn Bu",
    "Target Corn Wt",
  ]),
  ...MONTH_NAMES.map((name) => {
    const short = name.slice(0, 3);
    return field(`marketings${short}`, "coverage", `${short} marketings`, [
      `Marketings ${short}`,
      `Target Marketings ${short}`,
      `${short} Target Marketings`,
      `${short} Head`,
      `${name} Marketings`,
      `Marketings ${name}`,
      `Target Marketings ${name}`,
      name,
      ...(name === short ? [] : [short]),
    ]);
  }),
  ...Array.from({ length: 11 }, (_, i) =>
    field(`marketingsMonth${i + 1}`, "coverage", `Marketings month ${i + 1}`, [
      `Month ${i + 1}`,
      `Month ${i + 1} Marketings`,
      `Target Marketings Month ${i + 1}`,
      `Month ${i + 1} Head`,
    ]),
  ),
  // HOLD2: the months' target marketings in one cell, in the order of the insurance period ("0; 100; 100"):
  // what an LGM endorsement held for them is completed with (no header of its own in agencies' files).
  field("marketingsByMonth", "coverage", "Target marketings by month", []),
  field("marketingMonth", "coverage", "Marketing month", [
    "Month of Marketing",
    "Marketings Month",
    "Target Marketing Month",
    "Month",
  ]),
  field("coverageStatus", "coverage", "Endorsement status", [
    "Status",
    "Endorsement Status",
    "Coverage Status",
  ]),
] as const satisfies readonly ImportField[];

export type ImportFieldId = (typeof IMPORT_FIELDS)[number]["id"];
export const IMPORT_FIELD_IDS = IMPORT_FIELDS.map((f) => f.id) as [ImportFieldId, ...ImportFieldId[]];

const BY_ID = new Map<string, ImportField>(IMPORT_FIELDS.map((f) => [f.id, f]));
export const importField = (id: ImportFieldId): ImportField => BY_ID.get(id) as ImportField;

/** A header as compared: lower case, letters and digits only ("Policy #" → "policy"). */
export const headerKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, "");
