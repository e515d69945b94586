// `npm run bench:alerts`: one user's 100 watch items with targets evaluated against a snapshot with the
// shared engine (docs/alerts.md; ≤ 50 ms). 90 LRP items over every sample offer of the day (lengths and
// levels of feeder cattle, fed cattle and swine) and 10 LGM items (cattle and swine, default weights).
// Prints the median and the worst of 20 runs after 3 warm-ups, and how many targets were met.
// (Publishing to 200 connected clients is `npm run bench:publish`, bench/market-publish.bench.ts.)
import { getLrpType } from "../shared/catalogue/lrp-types";
import { generateSampleSnapshot } from "../shared/market/sample/generate";
import { evaluateWatchlist } from "../sync-server/alerts/evaluate";

const ASOF = "2026-11-20";
const snapshot = generateSampleSnapshot(ASOF);
const offers = snapshot.lrpRates.filter((r) => r.salesEffectiveDate === ASOF);
const items: Record<string, unknown> = {};
for (let i = 0; i < 90; i++) {
  const o = offers[(i * 7) % offers.length];
  items[`lrp-${i}`] = {
    id: `lrp-${i}`,
    name: `LRP ${i}`,
    plan: "lrp",
    commodity: o.commodityCode,
    type: o.typeCode,
    endorsementLengthWeeks: o.endorsementLengthWeeks,
    coverageLevel: o.coverageLevel,
    head: 100,
    targetWeightCwt: Number(getLrpType(o.commodityCode, o.typeCode).targetWeightCwt.max),
    target:
      i % 2 === 0 ? { kind: "netFloorPerCwt", value: "150.00" } : { kind: "premiumPerHead", value: "40.00" },
  };
}
for (let i = 0; i < 10; i++) {
  const swine = i % 2 === 1;
  items[`lgm-${i}`] = {
    id: `lgm-${i}`,
    name: `LGM ${i}`,
    plan: "lgm",
    commodity: swine ? "0815" : "0803",
    type: swine ? "804" : "808",
    targetMarketings: swine
      ? [0, 500, 500, 500, 500, 500]
      : [0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
    deductible: 0,
    target: { kind: "lgmGuarantee", value: "100000.00" },
  };
}

const times: number[] = [];
let result = evaluateWatchlist(items, snapshot);
for (let run = 0; run < 23; run++) {
  const t0 = performance.now();
  result = evaluateWatchlist(items, snapshot);
  if (run >= 3) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const worst = times[times.length - 1];
console.log(`alerts: 100 watch items (90 LRP, 10 LGM) of one user evaluated with the shared engine`);
console.log(
  `  median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms of ${times.length} runs (target ≤ 50 ms)`,
);
console.log(`  targets met: ${result.hits.length}; items not priced: ${result.misses.length}`);
if (result.misses.length > 0)
  console.log(`  first not priced: ${result.misses[0].itemId}: ${result.misses[0].reason}`);
console.log(median <= 50 ? "  PASS" : "  FAIL: over 50 ms");
