import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMarketFiles } from "../../../shared/market/importers/snapshot-builder";
import type { MarketSnapshot } from "../../../shared/market/snapshot";
import { quoteLrp } from "../../../shared/pricing/lrp/quote";
import { money, roundCents, roundDollars } from "../../../shared/pricing/money";
import { fetchMarketDay } from "../../../sync-server/market/fetch-day";
import { readZip } from "../../../sync-server/market/zip";

// RMA's real daily LRP file of sales date 2023-12-14 (tests/fixtures/rma/README.md names its source),
// read exactly as downloaded: through the importer, through the daily-zip feed, and every one of its
// 1,152 offers priced by the engine against the premium the row implies.

const ZIP = readFileSync(
  new URL("../../fixtures/rma/2024_ADMLivestockLrp_Daily_20231214.zip", import.meta.url),
);
const MEMBER = "2024_A00630_LrpRate_Daily_20231214.txt";
const TEXT = new TextDecoder().decode(readZip(new Uint8Array(ZIP)).get(MEMBER));
const snapshot: MarketSnapshot = importMarketFiles(
  { lrpRate: { text: TEXT, file: MEMBER } },
  { label: "RMA" },
);

/** The file's own cells, as text, of one state's rows (every state repeats the same 1,152 offers). */
function rawOffers() {
  const [header, ...lines] = TEXT.trimEnd().split("\r\n");
  const at = (name: string) => header.split("|").indexOf(name);
  const col = {
    state: at("State Code"),
    commodity: at("Commodity Code"),
    type: at("Type Code"),
    weeks: at("Endorsement Length Count"),
    price: at("Coverage Price"),
    eev: at("Expected Ending Value Amount"),
    level: at("Livestock Coverage Level Percent"),
    rate: at("Livestock Rate"),
    cost: at("Cost Per Cwt Amount"),
    low: at("Target Low Weight"),
    paf: at("Price Adjustment Factor"),
  };
  return lines
    .map((line) => line.split("|"))
    .filter((c) => c[col.state] === "01")
    .map((c) => ({
      commodity: c[col.commodity],
      type: c[col.type],
      weeks: Number(c[col.weeks]),
      price: c[col.price],
      eev: c[col.eev],
      level: c[col.level],
      rate: c[col.rate],
      cost: c[col.cost],
      low: c[col.low],
      paf: c[col.paf],
    }));
}
const OFFERS = rawOffers();
const HEAD = 100;

/** RMA's implied premium: coverage price × head × target weight × rate; insured value to the cent, premium to the dollar. */
const impliedPremium = (o: (typeof OFFERS)[number], cwt: string) =>
  roundDollars(roundCents(money(o.price).times(HEAD).times(cwt)).times(o.rate));

function quoteOf(o: (typeof OFFERS)[number], cwt: string) {
  return quoteLrp(
    {
      commodity: o.commodity,
      type: o.type,
      endorsementLengthWeeks: o.weeks,
      coverageLevel: Number(o.level),
      head: HEAD,
      targetWeightCwt: Number(cwt),
      farmerClassification: "Neither",
      cropYear: 2024,
      salesDate: "2023-12-14",
    },
    snapshot,
  );
}

describe("RMA's real A00630 file of 2023-12-14", () => {
  it("imports to its 1,152 offers, every value check holding", () => {
    expect(OFFERS.length).toBe(1152);
    expect([snapshot.lrpRates.length, snapshot.asOf, snapshot.source]).toEqual([1152, "2023-12-14", "rma"]);
  });

  it("holds the price adjustment factor inside the expected ending value: 809 = 1.1 × 810, 812 = 0.9 ×, 817 = 1.05 ×, 815 = 0.5 × (to the cent of a 3-decimal value; its factor column is empty)", () => {
    const eev = (type: string) => money(OFFERS.find((o) => o.type === type && o.weeks === 13)?.eev as string);
    const base = eev("810");
    const ratios = Object.fromEntries(
      ["809", "811", "812", "813", "814", "815", "816", "817", "818", "819"].map((t) => [
        t,
        eev(t).div(base).toDecimalPlaces(2, 4).toString(),
      ]),
    );
    expect({ ratios, factors: [...new Set(OFFERS.map((o) => o.paf))] }).toEqual({
      ratios: {
        "809": "1.1",
        "811": "1",
        "812": "0.9",
        "813": "1",
        "814": "0.9",
        "815": "0.5",
        "816": "0.5",
        "817": "1.05",
        "818": "1",
        "819": "0.5",
      },
      factors: [""],
    });
  });

  const types = [...new Set(OFFERS.map((o) => `${o.commodity}/${o.type}`))];
  it("has the 14 types of feeder cattle, fed cattle and swine", () => {
    expect(types).toEqual([
      "0801/809",
      "0801/810",
      "0801/811",
      "0801/812",
      "0801/813",
      "0801/814",
      "0801/815",
      "0801/816",
      "0801/817",
      "0801/818",
      "0801/819",
      "0802/820",
      "0815/821",
      "0815/997",
    ]);
  });

  it.each(types)(
    "prices every %s offer exactly as its row implies (coverage price × cwt × rate, no factor again)",
    (key) => {
      const rows = OFFERS.filter((o) => `${o.commodity}/${o.type}` === key);
      const wrong = rows
        .map((o) => {
          const cwt = o.low;
          const q = quoteOf(o, cwt);
          return { o, got: q.totalPremium, want: impliedPremium(o, cwt).toNumber() };
        })
        .filter((r) => r.got !== r.want);
      expect(wrong.map((r) => `${r.o.weeks}w ${r.o.level}: ${r.got} ≠ ${r.want}`)).toEqual([]);
    },
  );

  it("publishes Cost Per Cwt Amount as Livestock Rate × Coverage Price to its 3 decimals, on every offer", () => {
    const off = OFFERS.filter(
      (o) => !money(o.rate).times(o.price).toDecimalPlaces(3, 4).eq(money(o.cost)),
    ).length;
    expect(off).toBe(0);
  });

  it("quotes a level that is not offered on the nearest offered level at or below it, and says so", () => {
    const q = quoteLrp(
      {
        commodity: "0801",
        type: "810",
        endorsementLengthWeeks: 13,
        coverageLevel: 0.95,
        head: HEAD,
        targetWeightCwt: 8,
        farmerClassification: "Neither",
        cropYear: 2024,
        salesDate: "2023-12-14",
      },
      snapshot,
    );
    const offered = OFFERS.filter((o) => o.type === "810" && o.weeks === 13)
      .map((o) => Number(o.level))
      .filter((l) => l <= 0.95)
      .sort((a, b) => b - a)[0];
    expect(q.levelChoice).toEqual({
      requested: 0.95,
      offered,
      rule: "nearest offered level at or below the requested level",
    });
  });
});

describe("the daily-zip feed with RMA's real zip", () => {
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    const server = createServer((req, res) => {
      if (req.url === "/adm_livestock/2024/2024_ADMLivestockLrp_Daily_20231214.zip")
        res.writeHead(200, { "content-length": ZIP.length }).end(ZIP);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/adm_livestock/{ry}/{ry}_ADMLivestockLrp_Daily_{yyyymmdd}.zip`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("publishes the day's 1,152 offers from the A00630 member, also when A00620 points at the same zip (it has no such member)", async () => {
    const day = await fetchMarketDay({
      urls: { lrpRate: url, lrpActualEndingValue: url },
      date: "2023-12-14",
      timeoutMs: 10_000,
      fetchedAt: "2023-12-14T21:40:00Z",
    });
    expect([day.lrpRates.length, day.lrpActualEndingValues.length, day.sources?.map((s) => s.name)]).toEqual([
      1152,
      0,
      ["RMA A00630_LrpRate"],
    ]);
  });
});
