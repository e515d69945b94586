import { readFileSync } from "node:fs";
import { main } from "../cli/main";
import { importMarketFiles } from "../shared/market/importers/snapshot-builder";
import type { LrpRateRow } from "../shared/market/snapshot";
import { money, roundCents, roundDollars } from "../shared/pricing/money";
import { readZip } from "../sync-server/market/zip";
import { fullDayLgm, fullDayLrp, STATES } from "../tests/integration/market/full-day";

// `npm run bench:import`: RMA's real daily LRP zip of 2023-12-14 (tests/fixtures/rma/, 57,600 rows)
// unzipped and imported, with its time and the process's peak memory (goal: ≤ 2 s); then every one of
// its 1,152 offers priced through the command line (`rangeline quote lrp --all`, one call per type and
// length) and compared with the premium RMA's row implies: coverage price × head × target weight ×
// rate, insured value to the cent, premium to the whole dollar (half up). Last, a full-size day of
// real-format files (every LRP row for 50 states, 500 LGM draws per state and type; goal ≤ 5 s), with the
// process's CPU time beside the wall clock.

const ZIP = "tests/fixtures/rma/2024_ADMLivestockLrp_Daily_20231214.zip";
const HEAD = 100;

const started = performance.now();
const bytes = readFileSync(ZIP);
const members = readZip(new Uint8Array(bytes), ZIP);
const [name, data] = [...members.entries()][0];
const text = new TextDecoder().decode(data);
const snapshot = importMarketFiles({ lrpRate: { text, file: name } }, { label: "RMA 2023-12-14" });
const importMs = performance.now() - started;
const rows = text.trimEnd().split("\n").length - 1;
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(
  `import: ${rows.toLocaleString("en-US")} rows → ${snapshot.lrpRates.length.toLocaleString("en-US")} offers in ${importMs.toFixed(0)} ms (goal ≤ 2000 ms); peak memory (max RSS) ${peakMb.toFixed(0)} MB`,
);

// The CLI, in memory: the snapshot as the --market file, one input per type and length.
const market = JSON.stringify(snapshot);
const files = new Map<string, string>([["market.json", market]]);
let out = "";
const io = {
  readText: async (path: string) => files.get(path) ?? "",
  readStdin: async () => "",
  writeText: async () => {},
  stdout: (t: string) => {
    out += t;
  },
  stderr: (t: string) => process.stderr.write(t),
  today: () => "2023-12-14",
};
const groups = new Map<string, LrpRateRow[]>();
for (const r of snapshot.lrpRates) {
  const key = `${r.commodityCode}/${r.typeCode}/${r.endorsementLengthWeeks}`;
  groups.set(key, [...(groups.get(key) ?? []), r]);
}
const targetWeight: Record<string, number> = { "0801": 5.5, "0802": 12, "0815": 2.5 };
const pricingStarted = performance.now();
let priced = 0;
let matched = 0;
const misses: string[] = [];
for (const [key, group] of groups) {
  const [commodity, type, weeks] = key.split("/");
  const cwt =
    commodity === "0801" && Number(type) % 2 === 0 && Number(type) < 817 ? 8 : targetWeight[commodity];
  files.set(
    "input.json",
    JSON.stringify({
      commodity,
      type,
      endorsementLengthWeeks: Number(weeks),
      coverageLevel: group[0].coverageLevel,
      head: HEAD,
      targetWeightCwt: cwt,
      cropYear: 2024,
      salesDate: "2023-12-14",
    }),
  );
  out = "";
  const code = await main(["quote", "lrp", "--all", "--input", "input.json", "--market", "market.json"], io);
  if (code !== 0) throw new Error(`rangeline quote lrp for ${key} exited ${code}`);
  const offers = (
    JSON.parse(out).offers as {
      endorsementLengthWeeks: number;
      coverageLevel: number;
      totalPremium: number;
    }[]
  ).filter((o) => o.endorsementLengthWeeks === Number(weeks));
  for (const r of group) {
    const row = offers.find((o) => o.coverageLevel === r.coverageLevel);
    const implied = roundDollars(
      roundCents(money(r.coveragePrice).times(HEAD).times(cwt)).times(r.rate),
    ).toNumber();
    priced++;
    if (row?.totalPremium === implied) matched++;
    else misses.push(`${key} level ${r.coverageLevel}: ${row?.totalPremium} ≠ ${implied}`);
  }
}
console.log(
  `premium: ${matched} of ${priced} offers match RMA's implied premium to the dollar (through \`rangeline quote lrp --all\`, ${groups.size} calls, ${(performance.now() - pricingStarted).toFixed(0)} ms)`,
);
for (const m of misses.slice(0, 10)) console.log(`  differs: ${m}`);
if (matched !== priced || snapshot.lrpRates.length !== 1152) process.exitCode = 1;

const lrpDay = fullDayLrp();
const lgmDay = fullDayLgm();
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dayStarted = performance.now();
const dayCpu = cpuMs();
const day = importMarketFiles(
  {
    lrpRate: { text: lrpDay.text, file: "A00630_LrpRate.txt" },
    lgmGrossMargin: { text: lgmDay.margins, file: "A00600_LgmGrossMargin.txt" },
    lgmDraw: { text: lgmDay.draws, file: "A00610_LgmDraw.txt" },
  },
  { label: "full day", asOf: "2026-11-20" },
);
const dayMs = performance.now() - dayStarted;
const dayBytes = lrpDay.text.length + lgmDay.margins.length + lgmDay.draws.length;
console.log(
  `full day: ${(dayBytes / 1e6).toFixed(1)} MB of files, ${STATES.length} states, ${day.lrpRates.length.toLocaleString("en-US")} LRP offers imported in ${dayMs.toFixed(0)} ms wall, ${(cpuMs() - dayCpu).toFixed(0)} ms CPU (goal ≤ 5000 ms); peak memory (max RSS) ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
if (day.lrpRates.length !== lrpDay.offers) process.exitCode = 1;
