// How agencies write a livestock type. The facts come from RMA's Type table (A00540, reinsurance years
// 2011–2025, copied from ../shared/rma/RMA_Type_livestock.csv: type name and abbreviation per commodity
// and code) and the catalogue's labels (shared/catalogue/lrp-types.ts, lgm-types.ts: "Steers <600 lbs").
// AIP and agency exports shorten RMA's names ("Steers Wt 1", "Str W1", "Steers <600", "Steers under
// 600 lbs", "Light Steers"): the weight-class forms below are generated from the animal's words and
// the class's words. A bare animal ("Steers") names no class: the reader asks which (reading.ts).

export interface TypeNames {
  commodity: string;
  code: string;
  /** RMA's name (A00540 type_name): what messages call the type. */
  rma: string;
  /** RMA's abbreviation (A00540 type_abbreviation); null for types after the table (823). */
  abbreviation: string | null;
  /** Other names, generated ones included. */
  names: readonly string[];
  /** Words that name the animal but not the class: a bare one is ambiguous among the types sharing it. */
  bare?: readonly string[];
}

const WEIGHT_1 = [
  "Weight 1",
  "Wt 1",
  "W1",
  "1",
  "<600",
  "< 600 lbs",
  "Under 600",
  "Under 600 lbs",
  "Light",
  "Lt",
];
const WEIGHT_2 = [
  "Weight 2",
  "Wt 2",
  "W2",
  "2",
  "600-1000",
  "600 - 1000 lbs",
  "600 to 1000",
  "Over 600",
  "600+",
  ">600",
  "Heavy",
  "Hvy",
];

/** Every way of writing `animal` words with `classWords` (both orders: "Steers Wt 1", "Light Steers"). */
const weighted = (animals: readonly string[], classWords: readonly string[]) =>
  animals.flatMap((a) => classWords.flatMap((c) => [`${a} ${c}`, `${c} ${a}`]));

const STEERS = ["Steers", "Steer", "Str", "Strs"];
const HEIFERS = ["Heifers", "Heifer", "Hfr", "Hfrs"];
const BRAHMAN = ["Brahman", "Brahmans", "Brahma"];
const DAIRY = ["Dairy", "Dairy Steers", "Holstein", "Holsteins"];

export const TYPE_NAMES: readonly TypeNames[] = [
  {
    commodity: "0801",
    code: "809",
    rma: "Steers Weight 1",
    abbreviation: "SW1",
    names: weighted(STEERS, WEIGHT_1),
    bare: STEERS,
  },
  {
    commodity: "0801",
    code: "810",
    rma: "Steers Weight 2",
    abbreviation: "SW2",
    names: weighted(STEERS, WEIGHT_2),
    bare: STEERS,
  },
  {
    commodity: "0801",
    code: "811",
    rma: "Heifers Weight 1",
    abbreviation: "HW1",
    names: weighted(HEIFERS, WEIGHT_1),
    bare: HEIFERS,
  },
  {
    commodity: "0801",
    code: "812",
    rma: "Heifers Weight 2",
    abbreviation: "HW2",
    names: weighted(HEIFERS, WEIGHT_2),
    bare: HEIFERS,
  },
  {
    commodity: "0801",
    code: "813",
    rma: "Brahman Weight 1",
    abbreviation: "BW1",
    names: weighted(BRAHMAN, WEIGHT_1),
    bare: BRAHMAN,
  },
  {
    commodity: "0801",
    code: "814",
    rma: "Brahman Weight 2",
    abbreviation: "BW2",
    names: weighted(BRAHMAN, WEIGHT_2),
    bare: BRAHMAN,
  },
  {
    commodity: "0801",
    code: "815",
    rma: "Dairy Weight 1",
    abbreviation: "DW1",
    names: weighted(DAIRY, WEIGHT_1),
    bare: DAIRY,
  },
  {
    commodity: "0801",
    code: "816",
    rma: "Dairy Weight 2",
    abbreviation: "DW2",
    names: weighted(DAIRY, WEIGHT_2),
    bare: DAIRY,
  },
  {
    commodity: "0801",
    code: "817",
    rma: "Unborn Steers & Heifers",
    abbreviation: "UBSH",
    names: ["Unborn Bulls & Heifers", "Unborn Steers and Heifers", "Unborn Feeders"],
    bare: ["Unborn"],
  },
  {
    commodity: "0801",
    code: "818",
    rma: "Unborn Brahman",
    abbreviation: "UBB",
    names: ["Unborn Brahmans"],
    bare: ["Unborn"],
  },
  {
    commodity: "0801",
    code: "819",
    rma: "Unborn Dairy",
    abbreviation: "UBD",
    names: ["Unborn Holsteins"],
    bare: ["Unborn"],
  },
  {
    commodity: "0801",
    code: "823",
    rma: "Unborn Calves",
    abbreviation: null,
    names: ["Unborn Calf"],
    bare: ["Unborn"],
  },
  {
    commodity: "0802",
    code: "820",
    rma: "Steers & Heifers",
    abbreviation: "SH",
    names: ["Steers and Heifers", "Steers/Heifers", "Fed Steers", "Fed Heifers", "Fats", "Fed Cattle"],
    bare: [...STEERS, ...HEIFERS],
  },
  {
    commodity: "0802",
    code: "821",
    rma: "Cull Cows",
    abbreviation: null,
    names: ["Culls", "Cull", "Cull Cow", "Cows"],
  },
  {
    commodity: "0803",
    code: "807",
    rma: "Calf Finishing",
    abbreviation: "CF",
    names: ["Calf Fin", "Calves", "Calf"],
  },
  {
    commodity: "0803",
    code: "808",
    rma: "Yearling Finishing",
    abbreviation: "YF",
    names: ["Yearling Fin", "Yearlings", "Yearling"],
  },
  {
    commodity: "0815",
    code: "804",
    rma: "Farrow To Finish",
    abbreviation: "FTF",
    names: ["Farrow-Finish", "Farrow Finish", "Farrow"],
  },
  {
    commodity: "0815",
    code: "805",
    rma: "Finishing",
    abbreviation: "F",
    names: ["Finishing Operation", "Feeder Pig Finishing", "Finisher", "Fin"],
  },
  {
    commodity: "0815",
    code: "806",
    rma: "SEW Pig Finishing",
    abbreviation: "SWPGF",
    names: ["SEW Pig", "SEW", "SEW Operation", "Segregated Early Weaned"],
  },
  {
    commodity: "0815",
    code: "821",
    rma: "Unborn Swine",
    abbreviation: "UBS",
    names: ["Unborn Pigs", "Unborn Hogs"],
    bare: ["Unborn"],
  },
  {
    commodity: "0815",
    code: "997",
    rma: "No Type Specified",
    abbreviation: "NTS",
    names: ["Swine", "Hogs", "Lean Hogs", "None", "N/A", "Not Specified"],
  },
  {
    commodity: "0847",
    code: "997",
    rma: "No Type Specified",
    abbreviation: "NTS",
    names: ["Dairy", "Milk", "None", "N/A", "Not Specified"],
  },
];
