import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Y from "yjs";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import type { ImportReport } from "../../../shared/book/import/types";
import { sampleSceRecord } from "../../../shared/book/sce-samples";
import type { LrpCoverage } from "../../../shared/documents/book";
import { BOOK_HEADERS, bookRows, sceFigures, toCsv } from "../../fixtures/import/book-rows";
import { sampleProfile, writeProfile, writeRecord } from "../sync/book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// Rule SCE1 (docs/book-import.md "SCE1: every write of priced figures, one rule"), the issue's two probes
// through a real server: the book import (POST /api/orgs/{org}/book-imports) judges the SCE figures of
// every row against the market of its sales day before anything is planned or written, and the sync
// guard refuses an update that deletes `figuresFrom` and stores made-up figures in the same write.

const agent = demoUser("agent@demo.rangeline.test");
const DOC = "org/demo/customer/c-probe";
const col = (name: (typeof BOOK_HEADERS)[number]) => BOOK_HEADERS.indexOf(name);

/** Two good rows and, third, the probe's row: $3,000/cwt at a 0.1 % rate, figures that agree. */
function probeFile() {
  const rows = bookRows(3, 3);
  const row = rows[2] as string[];
  const figures = sceFigures({
    salesDate: row[col("Sales Date")] as string,
    head: Number(row[col("Head")]),
    weight: row[col("Target Wt")] as string,
    price: "3000.00",
    level: "0.95",
    rate: "0.001",
  });
  row[col("Coverage Price")] = "3000.00";
  row[col("Rate")] = "0.001";
  row[col("Total Premium")] = figures.totalPremium;
  row[col("Subsidy")] = figures.subsidy;
  return parseCsv("probe.csv", toCsv(BOOK_HEADERS, rows));
}

describe("[SCE1] the probes through a running server", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const sheet = probeFile();
  const importBook = async (dryRun: boolean) => {
    const response = await fetch(new URL("/api/orgs/demo/book-imports", `http://127.0.0.1:${server.port}`), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await server.token(agent)}` },
      body: JSON.stringify({
        fileName: "probe.csv",
        sheets: [sheet],
        mapping: guessMapping(sheet.headers),
        dryRun,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** The coverage prices stored in the organisation's customer documents, read through devices. */
  const storedPrices = async () => {
    const names = (await server.storage.listDocuments("org/demo/customer/")).filter(
      (n) => !n.endsWith("/internal"),
    );
    const prices: string[] = [];
    for (const name of names) {
      const client = connect(server.syncUrl, name, await server.token(agent));
      clients.push(client);
      expect(await client.ready).toBe(true);
      for (const c of Object.values(client.doc.getMap("coverages").toJSON()))
        prices.push((c as { coveragePrice: string }).coveragePrice);
    }
    return prices;
  };

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  const expectProbeRefused = (report: ImportReport) => {
    expect(report.rows).toMatchObject({ total: 3, written: 2, refused: 1 });
    expect(report.refused).toHaveLength(1);
    const [refused] = report.refused;
    expect(refused).toMatchObject({ line: 4, column: "Coverage Price", field: "coveragePrice" });
    expect(refused?.message).toMatch(
      /^row 4, Coverage Price: \$3000\.00 per cwt is outside RMA's bounds for that type and day: \$\d+\.\d\d to \$\d+\.\d\d per cwt at coverage level 0\.95 \(RMA's offers of \d{4}-\d\d-\d\d for Steers <600 lbs, 13 weeks, widened for the \d+ days from 2026-11-\d\d\)$/,
    );
  };

  it("import probe: the dry run refuses the $3,000/cwt row at a 0.1 % rate at its coverage price, naming the bound", async () => {
    const { status, body } = await importBook(true);
    expect(status).toBe(200);
    expectProbeRefused(body.report as ImportReport);
  });

  it("import probe: the import writes the rows that pass and never the probe's row", async () => {
    const { status, body } = await importBook(false);
    expect(status).toBe(200);
    expectProbeRefused(body.report as ImportReport);
    const prices = await storedPrices();
    expect(prices).toHaveLength(2);
    expect(prices.map(Number)).not.toContain(3000);
  });

  it("sync probe: an update deleting figuresFrom and storing coveragePrice 99999, totalPremium 1, subsidy 0 is refused, nothing stored", async () => {
    const record = sampleSceRecord("lrp", "cv-probe") as LrpCoverage;
    const first = connect(server.syncUrl, DOC, await server.token(agent));
    clients.push(first);
    expect(await first.ready).toBe(true);
    writeProfile(first.doc, sampleProfile("c-probe"));
    writeRecord(first.doc, "coverages", "cv-probe", record);
    await vi.waitFor(() => expect(first.provider.unsyncedChanges).toBe(0));
    expect(first.closeReasons).toEqual([]);

    const writer = connect(server.syncUrl, DOC, await server.token(agent));
    clients.push(writer);
    expect(await writer.ready).toBe(true);
    writer.doc.transact(() => {
      const map = writer.doc.getMap("coverages").get("cv-probe") as Y.Map<unknown>;
      map.delete("figuresFrom");
      map.set("coveragePrice", "99999");
      map.set("totalPremium", "1");
      map.set("subsidy", "0");
    });
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    const issues = JSON.parse(writer.stateless.at(-1) ?? "{}").issues as {
      path: string[];
      message: string;
    }[];
    expect(issues[0]?.path.slice(0, 2)).toEqual(["coverages", "cv-probe"]);
    expect(issues[0]?.message).toMatch(/^priced figures: /);
    const served = server.hocuspocus.documents
      .get(DOC)
      ?.getMap("coverages")
      .get("cv-probe") as Y.Map<unknown>;
    expect(served.get("figuresFrom")).toBe("sce");
    expect(served.get("coveragePrice")).toBe(record.coveragePrice);
    expect(served.get("totalPremium")).toBe(record.totalPremium);
    expect(served.get("subsidy")).toBe(record.subsidy);
  });
});
