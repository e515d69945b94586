import { readFileSync } from "node:fs";

// A full-size trading day in RMA's layouts, built from the fixtures' rows: every LRP offer of a day
// (15 feeder, 2 fed, 2 swine types × 10 lengths × 12 levels) repeated for 50 states, and 500 LGM draws
// for each of the fixture's LGM types in 50 states.

const FIXTURES = new URL("../../../shared/market/fixtures/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8").trimEnd().split("\n");
export const STATES = Array.from({ length: 50 }, (_, i) => String(i + 1).padStart(2, "0"));
const LEVELS = [
  "0.7500",
  "0.8000",
  "0.8500",
  "0.8750",
  "0.9000",
  "0.9250",
  "0.9500",
  "0.9600",
  "0.9700",
  "0.9800",
  "0.9900",
  "1.0000",
];
const LENGTHS = [13, 17, 21, 26, 30, 34, 39, 43, 47, 52];
const TYPES: [string, string][] = [
  ...[
    "809",
    "810",
    "811",
    "812",
    "813",
    "814",
    "815",
    "816",
    "817",
    "818",
    "819",
    "820",
    "821",
    "822",
    "823",
  ].map((t) => ["0801", t] as [string, string]),
  ["0802", "820"],
  ["0802", "821"],
  ["0815", "821"],
  ["0815", "997"],
];

export function fullDayLrp(): { text: string; offers: number } {
  const [header] = read("A00630_LrpRate.txt");
  const cols = header.split("|");
  const at = (h: string) => cols.indexOf(h);
  const rows = [header];
  let offers = 0;
  for (const state of STATES)
    for (const [commodity, type] of TYPES)
      for (const length of LENGTHS)
        for (const level of LEVELS) {
          const eev = 250;
          const price = (eev * Number(level)).toFixed(2);
          const rate = (0.002 + Number(level) * 0.04 * Math.sqrt(length / 52)).toFixed(6);
          const cost = (Number(rate) * Number(price)).toFixed(4);
          const cells = new Array(cols.length).fill("");
          cells[at("Record Type Code")] = "A00630";
          cells[at("Record Category Code")] = "AD";
          cells[at("Reinsurance Year")] = "2027";
          cells[at("Commodity Year")] = "2027";
          cells[at("Commodity Code")] = commodity;
          cells[at("Insurance Plan Code")] = "81";
          cells[at("State Code")] = state;
          cells[at("Type Code")] = type;
          cells[at("Practice Code")] = "997";
          cells[at("Sales Effective Date")] = "20261120";
          cells[at("Endorsement Length Count")] = String(length);
          cells[at("Coverage Price")] = price;
          cells[at("Expected Ending Value Amount")] = eev.toFixed(2);
          cells[at("Livestock Coverage Level Percent")] = level;
          cells[at("Livestock Rate")] = rate;
          cells[at("Cost Per Cwt Amount")] = cost;
          cells[at("Price Adjustment Factor")] = "1.000";
          cells[at("End Date")] = "20271231";
          rows.push(cells.join("|"));
          if (state === "01") offers++;
        }
  return { text: `${rows.join("\n")}\n`, offers };
}

/** The fixture's LGM margins and 500 draws per set, for 50 states. */
export function fullDayLgm(): { margins: string; draws: string } {
  const [mHeader, ...mRows] = read("A00600_LgmGrossMargin.txt");
  const [dHeader, ...dRows] = read("A00610_LgmDraw.txt");
  const stateAt = mHeader.split("|").indexOf("State Code");
  const drawAt = dHeader.split("|").indexOf("Margin Draw Number");
  const iowa = (rows: string[]) => rows.filter((r) => r.split("|")[stateAt] === "19");
  const margins = [mHeader];
  const draws = [dHeader];
  for (const state of STATES) {
    for (const r of iowa(mRows)) {
      const c = r.split("|");
      c[stateAt] = state;
      margins.push(c.join("|"));
    }
    const base = iowa(dRows);
    for (let n = 1; n <= 500; n++) {
      for (const r of base.filter((row) => row.split("|")[drawAt] === String(((n - 1) % 4) + 1))) {
        const c = r.split("|");
        c[stateAt] = state;
        c[drawAt] = String(n);
        draws.push(c.join("|"));
      }
    }
  }
  return { margins: `${margins.join("\n")}\n`, draws: `${draws.join("\n")}\n` };
}
