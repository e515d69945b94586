// `npm run bench:claims`: the server's claim proposals after a publication (docs/claims.md):
// 50 organisations of 200 ended LRP endorsements each (half of them pay at the fixture's A00620 value),
// stored in a real server (SQLite in a temporary data directory). Prints the first run (every proposal
// written) and the median and worst of 5 runs after it (nothing changed: nothing written).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bookSummaries } from "../shared/book/summaries";
import { sampleLrpCoverage } from "../shared/book/test-fixtures";
import { importMarketFiles } from "../shared/market/importers/snapshot-builder";
import { recordClaimProposals } from "../sync-server/claims/proposals";
import { configSchema } from "../sync-server/config";
import { startServer } from "../sync-server/server";
import { writeSections } from "../sync-server/sync/doc-json";

const ORGS = 50;
const PER_ORG = 200;
const fixture = (file: string) => ({
  file,
  text: readFileSync(new URL(`../shared/market/fixtures/${file}`, import.meta.url), "utf8"),
});
const snapshot = importMarketFiles(
  {
    lrpRate: fixture("A00630_LrpRate.txt"),
    futures: fixture("futures.csv"),
    lrpActualEndingValue: fixture("A00620_LrpActualEndingValue.txt"),
  },
  { label: "bench" },
);

const dataDir = mkdtempSync(join(tmpdir(), "rangeline-bench-claims-"));
const server = await startServer(
  configSchema.parse({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir }),
  { log: () => {} },
);
try {
  for (let o = 0; o < ORGS; o++) {
    const coverages: Record<string, unknown> = {};
    for (let i = 0; i < PER_ORG; i++) {
      const c = sampleLrpCoverage({
        id: `cv-${i}`,
        status: "ended",
        commodity: "0801",
        type: "809",
        endDate: "2026-11-13",
        coveragePrice: i % 2 === 0 ? "270.00" : "260.00",
      });
      coverages[c.id] = c;
    }
    const summaries = bookSummaries(`c-${o}`, { coverages } as never).coverages;
    for (const [name, sections] of [
      [`org/bench-${o}/book`, { coverages: summaries }],
      [`org/bench-${o}`, { claims: {} }],
    ] as const) {
      const direct = await server.hocuspocus.openDirectConnection(name, { server: true });
      await direct.transact((doc) => writeSections(doc, sections as Record<string, Record<string, unknown>>));
      await direct.disconnect();
    }
  }
  const run = async () => {
    const t = performance.now();
    const result = await recordClaimProposals(snapshot, {
      storage: server.storage,
      hocuspocus: server.hocuspocus,
      history: null,
      today: () => "2026-11-19",
    });
    return { ms: performance.now() - t, result };
  };
  const first = await run();
  const again: number[] = [];
  for (let i = 0; i < 5; i++) again.push((await run()).ms);
  again.sort((a, b) => a - b);
  console.log(
    `claim proposals, ${first.result.orgs} organisations × ${PER_ORG} ended LRP endorsements (${first.result.lrp} pay):`,
  );
  console.log(`  first run (every proposal written): ${first.ms.toFixed(0)} ms`);
  console.log(
    `  unchanged runs: median ${again[2]?.toFixed(0)} ms, worst ${again[4]?.toFixed(0)} ms (${((again[2] ?? 0) / first.result.orgs).toFixed(1)} ms per organisation)`,
  );
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
