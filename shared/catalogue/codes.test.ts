import { describe, expect, it } from "vitest";
import {
  DURATION_TYPES,
  LEVEL_SELECTION_LABELS,
  LEVEL_SELECTIONS,
  RECIPIENT_STATUSES,
  SCHEDULE_STATUSES,
  WEEKDAY_NAME_BY_NUMBER,
  WEEKDAYS,
} from "./enumerations";
import { LGM_RESULT_LABELS, LRP_COVERAGE_TABLE_COLUMNS } from "./labels";
import {
  BROKER_ID_BY_NAME,
  BROKER_NAME_BY_ID,
  ENTITY_TYPE_CODE_BY_LABEL,
  ENTITY_TYPE_CODES,
  ENTITY_TYPE_LABEL_BY_CODE,
  SELECTABLE_ENTITY_TYPE_CODES,
  TAX_ID_TYPE_CODE_BY_LABEL,
  TAX_ID_TYPE_LABEL_BY_CODE,
} from "./parties";
import {
  APPLICANT_TYPES,
  FARMER_CLASSIFICATIONS,
  INSURANCE_PLAN_BY_LABEL,
  INSURANCE_PLAN_LABELS,
  INSURANCE_PLANS,
  RMA_PLAN_CODES,
  UNIT_BASES,
} from "./plans";
import {
  RMA_CLASS_CODE_BY_LABEL,
  RMA_CLASS_LABEL_BY_CODE,
  RMA_COMMODITY_TYPE_CODE_BY_LABEL,
  RMA_COMMODITY_TYPE_LABEL_BY_CODE,
} from "./rma-codes";
import { PRICE_UNITS, UNITS_OF_MEASURE } from "./units";

// Object key order is not insertion order for integer-like keys, so code maps compare as sorted entries.
const entries = (map: object) => Object.entries(map).sort(([a], [b]) => a.localeCompare(b));

describe("plans, units, applicants (spec §3)", () => {
  it("plans and labels, two ways", () => {
    expect(INSURANCE_PLANS).toEqual(["lrp", "lgm"]);
    expect(INSURANCE_PLAN_LABELS).toEqual({
      lrp: "Livestock Risk Protection (LRP)",
      lgm: "Livestock Gross Margin (LGM)",
    });
    expect(INSURANCE_PLAN_BY_LABEL).toEqual({
      "Livestock Risk Protection (LRP)": "lrp",
      "Livestock Gross Margin (LGM)": "lgm",
    });
    expect(RMA_PLAN_CODES).toEqual({ lrp: "81", lgm: "82" });
  });
  it("unit basis, applicant types, farmer classification", () => {
    expect(UNIT_BASES).toEqual(["cwt", "head", "total"]);
    expect(APPLICANT_TYPES).toEqual(["individual", "business"]);
    expect(FARMER_CLASSIFICATIONS).toEqual(["Beginning Farmer/Rancher", "Veteran Farmer/Rancher", "Neither"]);
  });
  it("units of measure and price units", () => {
    expect(UNITS_OF_MEASURE).toEqual(["bu", "lbs", "hd", "ton", "long ton", "cwt", "tonne", "ac"]);
    expect(PRICE_UNITS).toEqual(["$/head", "$/cwt", "$/bu", "$/ton"]);
  });
});

describe("entity types, tax ID types, brokers (spec §3)", () => {
  it("entity types, code: label", () => {
    expect(entries(ENTITY_TYPE_LABEL_BY_CODE)).toEqual([
      ["A", "Public Schools"],
      ["B", "Bureau of Indian Affairs and Indian Tribe Treaties"],
      ["C", "Corporation"],
      ["D", "Estates"],
      ["E", "Non-Profit or Tax-Exempt Organizations"],
      ["F", "Transfer of Right to Indemnity"],
      ["G", "Receiver or Liquidator"],
      ["H", "State/Local Government"],
      ["I", "Individuals"],
      ["J", "Joint operations/ventures and co-ownerships"],
      ["P", "Partnership"],
      ["R", "Trust - Revocable"],
      ["S", "Spousal/Married"],
      ["T", "Trust - Irrevocable"],
      ["X", "Individual Operating as a Business"],
      ["Y", "Limited Liability Company"],
    ]);
    for (const code of ENTITY_TYPE_CODES)
      expect(ENTITY_TYPE_CODE_BY_LABEL[ENTITY_TYPE_LABEL_BY_CODE[code]]).toBe(code);
  });
  it("F (SBI only) is excluded from the selectable list", () => {
    expect(SELECTABLE_ENTITY_TYPE_CODES).toEqual([
      "A",
      "B",
      "C",
      "D",
      "E",
      "G",
      "H",
      "I",
      "J",
      "P",
      "R",
      "S",
      "T",
      "X",
      "Y",
    ]);
    expect(ENTITY_TYPE_CODES).toContain("F");
  });
  it("tax ID types", () => {
    expect(entries(TAX_ID_TYPE_LABEL_BY_CODE)).toEqual([
      ["1", "SSN"],
      ["2", "EIN"],
      ["3", "RMA Issued"],
      ["5", "Bureau of Indian Affairs"],
    ]);
    expect(TAX_ID_TYPE_CODE_BY_LABEL).toEqual({
      SSN: 1,
      EIN: 2,
      "RMA Issued": 3,
      "Bureau of Indian Affairs": 5,
    });
  });
  it("brokers", () => {
    expect(entries(BROKER_NAME_BY_ID)).toEqual([
      ["1", "ADM"],
      ["2", "Marex"],
      ["3", "RJOBrien"],
      ["4", "StoneX"],
      ["5", "Cunningham"],
      ["6", "Wedbush"],
      ["7", "Lighthouse"],
      ["8", "Dorman"],
    ]);
    for (const [id, name] of Object.entries(BROKER_NAME_BY_ID)) {
      expect(BROKER_ID_BY_NAME[name as keyof typeof BROKER_ID_BY_NAME]).toBe(Number(id));
    }
  });
});

describe("RMA codes (spec §3)", () => {
  it("class codes", () => {
    expect(entries(RMA_CLASS_LABEL_BY_CODE)).toEqual([
      ["007", "Field Grown"],
      ["012", "Native"],
      ["016", "Hybrid"],
      ["019", "Fall"],
      ["020", "Non-Storage"],
      ["024", "Scotch"],
      ["031", "Weight 1"],
      ["032", "Weight 2"],
      ["033", "Unborn"],
      ["053", "Spring"],
      ["091", "Winter"],
      ["997", "No Class Specified"],
    ]);
    expect(RMA_CLASS_CODE_BY_LABEL["Weight 2"]).toBe("032");
    expect(Object.keys(RMA_CLASS_CODE_BY_LABEL)).toHaveLength(12);
  });
  it("commodity-type codes", () => {
    expect(entries(RMA_COMMODITY_TYPE_LABEL_BY_CODE)).toEqual([
      ["804", "Farrow to Finish"],
      ["805", "Finishing"],
      ["806", "Sew Pig Finishing"],
      ["807", "Calf Finishing"],
      ["808", "Yearling Finishing"],
      ["809", "Steers"],
      ["810", "Heifers"],
      ["811", "Brahman"],
      ["812", "Dairy"],
      ["813", "Calves"],
      ["820", "Steers and Heifers"],
      ["821", "Cull Cows"],
      ["997", "No Commodity Type Specified"],
    ]);
    expect(RMA_COMMODITY_TYPE_CODE_BY_LABEL["Cull Cows"]).toBe("821");
    expect(Object.keys(RMA_COMMODITY_TYPE_CODE_BY_LABEL)).toHaveLength(13);
  });
});

describe("§4 enumerations", () => {
  it("statuses, recipient status, duration type", () => {
    expect(SCHEDULE_STATUSES).toEqual(["ACTIVE", "PAUSED", "SCHEDULED", "EXPIRED"]);
    expect(RECIPIENT_STATUSES).toEqual(["ACTIVE", "UNSUBSCRIBED", "INVALID"]);
    expect(DURATION_TYPES).toEqual(["ONGOING", "FIXED"]);
  });
  it("weekdays Monday to Friday numbered 1 to 5, both ways", () => {
    expect(WEEKDAYS).toEqual({ Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5 });
    for (const [name, n] of Object.entries(WEEKDAYS)) expect(WEEKDAY_NAME_BY_NUMBER[n]).toBe(name);
  });
  it("level selection with labels", () => {
    expect(LEVEL_SELECTIONS).toEqual(["TOP", "ALL"]);
    expect(LEVEL_SELECTION_LABELS).toEqual({ TOP: "Top Level", ALL: "All Levels" });
  });
});

describe("table labels (spec §3)", () => {
  it("LRP coverage table columns and LGM result labels, verbatim", () => {
    expect(LRP_COVERAGE_TABLE_COLUMNS).toEqual([
      "Endorsement Length (weeks)",
      "End Date",
      "Coverage Level",
      "Expected Value (/cwt)",
      "Coverage Price (/cwt)",
      "Rate",
      "Insured Value",
      "Total Premium",
      "Subsidy",
      "Producer Premium",
      "Producer Premium (/cwt)",
      "Producer Premium (/head)",
      "CME Put Strike",
      "CME Put Premium (/cwt)",
      "Futures Contract Month",
    ]);
    expect(LGM_RESULT_LABELS).toEqual([
      "Marketing Month",
      "Deductible",
      "Gross Margin Guarantee",
      "Producer Premium",
    ]);
  });
});
