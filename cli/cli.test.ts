import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../shared/market";
import { readZip } from "../sync-server/market/zip";
import { createPricingApi } from "../worker/api";

// Spawns the real `rangeline` command (bin/rangeline.mjs under this Node) and compares its JSON with
// what the worker API answers for the same input and the same market snapshot.

const bin = fileURLToPath(new URL("../bin/rangeline.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "rangeline-cli-"));
const snapshot = generateSampleSnapshot("2026-11-20");
const marketFile = join(dir, "market.json");
writeFileSync(marketFile, JSON.stringify(snapshot));

function run(
  args: string[],
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? "");
  });
}

const lrpInput = {
  commodity: "0801",
  type: "809",
  endorsementLengthWeeks: 34,
  coverageLevel: snapshot.lrpRates.find((r) => r.typeCode === "809" && r.endorsementLengthWeeks === 34)
    ?.coverageLevel,
  head: 150,
  targetWeightCwt: 5.25,
  share: 0.5,
  farmerClassification: "Veteran Farmer/Rancher",
  cropYear: 2026,
  salesDate: "2026-11-20",
};
const lgmInput = {
  commodity: "0815",
  type: "804",
  salesDate: "2026-11-20",
  targetMarketings: [0, 300, 300, 300, 300, 300],
  deductible: 6,
  farmerClassification: "Neither",
  cropYear: 2026,
  seed: 11,
};

describe.concurrent("rangeline CLI", { timeout: 90_000 }, () => {
  it("quotes LRP with the whole offer table, the same as the worker", async () => {
    const file = join(dir, "lrp.json");
    writeFileSync(file, JSON.stringify(lrpInput));
    const out = await run(["quote", "lrp", "--input", file, "--all", "--market", marketFile]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const expected = await createPricingApi(snapshot).quoteLrp(lrpInput, { all: true });
    expect(expected.ok).toBe(true);
    expect(JSON.parse(out.stdout)).toEqual(expected.ok && expected.value);
  });

  it("without --market prices on the sample market of the input's sales date, not of today", async () => {
    const out = await run(["quote", "lrp", "--input", "-"], JSON.stringify(lrpInput));
    const expected = await createPricingApi(snapshot).quoteLrp(lrpInput);
    expect(JSON.parse(out.stdout)).toEqual(expected.ok && expected.value);
  });

  it("quotes LGM from standard input, the same as the worker", async () => {
    const out = await run(["quote", "lgm", "--input", "-", "--market", marketFile], JSON.stringify(lgmInput));
    expect(out.code).toBe(0);
    const expected = await createPricingApi(snapshot).quoteLgm(lgmInput);
    expect(JSON.parse(out.stdout)).toEqual(expected.ok && expected.value);
  });

  it("works out an LRP claim, the same as the worker", async () => {
    const actual = snapshot.lrpActualEndingValues[0];
    if (!actual) throw new Error("the sample snapshot has no actual ending values");
    const claim = {
      commodity: actual.commodityCode,
      type: actual.typeCode,
      endDate: actual.endDate,
      coveragePrice: actual.actualEndingValue + 4,
      head: 120,
      targetWeightCwt: 8,
      producerPremium: 900,
      asOf: "2026-11-20",
    };
    const out = await run(["claim", "lrp", "--input", "-", "--market", marketFile], JSON.stringify(claim));
    expect(out.stderr).toBe("");
    const expected = await createPricingApi(snapshot).lrpClaim(claim);
    expect(expected.ok && expected.value.kind).toBe("final");
    expect(JSON.parse(out.stdout)).toEqual(expected.ok && expected.value);
  });

  it("works out an LGM claim, and says which input is wrong", async () => {
    const claim = {
      commodity: "0815",
      type: "804",
      salesDate: "2026-11-20",
      cropYear: 2027,
      targetMarketings: [0, 300, 300, 300, 300, 300],
      actualMarketings: [0, 100, 100, 100, 100, 100],
      grossMarginGuarantee: 120000,
      actualGrossMargins: [0, 70, 70, 70, 70, 70],
    };
    const out = await run(["claim", "lgm", "--input", "-"], JSON.stringify(claim));
    const expected = await createPricingApi(snapshot).lgmClaim(claim);
    expect(JSON.parse(out.stdout)).toEqual(expected.ok && expected.value);
    // 120,000 − 1,500 × 70 = 15,000, prorated by 500 / 1,500 (below 75 %): 0.333 → 4,995
    expect(JSON.parse(out.stdout)).toMatchObject({ indemnity: 4995, prorated: true });
    const bad = await run(
      ["claim", "lgm", "--input", "-"],
      JSON.stringify({ ...claim, targetMarketings: [1] }),
    );
    expect(bad).toEqual({
      code: 1,
      stdout: "",
      stderr: "targetMarketings: expected 6 values, one per month of the insurance period\n",
    });
  });

  it("prints the spec's message on standard error and exits 1 for invalid input", async () => {
    const out = await run(
      ["quote", "lrp", "--input", "-", "--market", marketFile],
      JSON.stringify({ ...lrpInput, commodity: "0803" }),
    );
    expect(out).toEqual({ code: 1, stdout: "", stderr: "Invalid commodity code: 0803\n" });
  });

  it("imports RMA and futures files into a snapshot, and stops at a bad file with its line and column", async () => {
    const fixtures = fileURLToPath(new URL("../shared/market/fixtures/", import.meta.url));
    const files = [
      ["--futures", "futures.csv"],
      ["--lrp-rate", "A00630_LrpRate.txt"],
      ["--lrp-actual-ending-value", "A00620_LrpActualEndingValue.txt"],
      ["--lgm-gross-margin", "A00600_LgmGrossMargin.txt"],
      ["--lgm-draw", "A00610_LgmDraw.txt"],
    ].flatMap(([option, name]) => [option, join(fixtures, name)]);
    const out = await run(["market", "import", ...files, "--label", "fixture"]);
    expect(out.code).toBe(0);
    const snapshot = JSON.parse(out.stdout);
    expect([snapshot.asOf, snapshot.source, snapshot.lrpRates.length, snapshot.lgm[0].draws.length]).toEqual([
      "2026-11-20",
      "rma",
      7, // the 7 offers of the fixture (its second state repeats them; a deleted row is left out)
      4,
    ]);
    const bad = join(dir, "bad.csv");
    writeFileSync(bad, "Trade Date,Root,Contract Month,Settle\n2026-11-20,LE,2026-12,abc\n");
    const failed = await run(["market", "import", "--futures", bad]);
    expect(failed).toEqual({
      code: 1,
      stdout: "",
      stderr: `${bad}: line 2, column 4 (Settle): expected a number, found "abc"\n`,
    });
  });

  it("imports RMA's real daily file (tests/fixtures/rma/) and quotes its offers on their sales date, a level not offered on the nearest below it", async () => {
    const zip = readFileSync(
      new URL("../tests/fixtures/rma/2024_ADMLivestockLrp_Daily_20231214.zip", import.meta.url),
    );
    const real = join(dir, "2024_A00630_LrpRate_Daily_20231214.txt");
    writeFileSync(real, [...readZip(new Uint8Array(zip)).values()][0]);
    const market = join(dir, "real.json");
    const imported = await run(["market", "import", "--lrp-rate", real, "--out", market]);
    expect(imported).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(JSON.parse(readFileSync(market, "utf8")).lrpRates).toHaveLength(1152);
    const input = {
      commodity: "0801",
      type: "809",
      endorsementLengthWeeks: 13,
      coverageLevel: 0.95,
      head: 100,
      targetWeightCwt: 5,
      cropYear: 2024,
      salesDate: "2023-12-14",
    };
    const out = await run(["quote", "lrp", "--input", "-", "--market", market], JSON.stringify(input));
    const quote = JSON.parse(out.stdout);
    expect(quote.levelChoice).toMatchObject({
      requested: 0.95,
      rule: "nearest offered level at or below the requested level",
    });
    expect(quote.levelChoice.offered).toBeLessThanOrEqual(0.95);
    const otherDay = await run(
      ["quote", "lrp", "--input", "-", "--market", market],
      JSON.stringify({ ...input, salesDate: "2023-12-13" }),
    );
    expect(otherDay.code).toBe(1);
    expect(otherDay.stderr).toContain(
      "No prices of the sales date 2023-12-13 in the market snapshot of 2023-12-14",
    );
  });

  it("exits 2 with usage for a malformed command line", async () => {
    const out = await run(["quote", "drp"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('unknown quote kind "drp"');
  });
});
