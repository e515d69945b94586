import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import { planHeldCompletion } from "../../../shared/book/import/plan-held";
import type { ExistingCustomer, ImportReport } from "../../../shared/book/import/types";
import type { LrpCoverage } from "../../../shared/documents/book";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { newRecordId } from "../../../src/components/book/record-ids";
import { heldMarket } from "../../../src/features/book-import/held-market";
import { applyTransaction, DocumentTransaction } from "../../../src/lib/sync/typed/typed-document";
import { loadBook } from "../../../sync-server/book-import/load";
import { nameOf } from "../../../sync-server/book-import/write";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import { AGENT as agent, BookServer } from "./book-server";

// HOLD1 through a real server (SQLite) with a market history: an agency's list without sales dates or SCE
// figures goes in with its endorsements held as "needs details" in the customers' internal documents;
// the import's undo removes those held records with the rest; imported again, the held endorsements are
// completed with the sales date and priced from that day's snapshot in the server's market history (the
// Needs details panel's path: heldMarket, planHeldCompletion, the device's typed writes), which the
// write guard accepts (SCE1: the day's offer to the cent).

const SALES_DAY = "2026-11-02";
/** The day's snapshot (published in the test) and its 13-week Steers Weight 1 offer the rows take. */
const snapshot = generateSampleSnapshot(SALES_DAY);
const offer = snapshot.lrpRates.find(
  (r) =>
    r.commodityCode === "0801" &&
    r.typeCode === "809" &&
    r.endorsementLengthWeeks === 13 &&
    r.salesEffectiveDate === SALES_DAY &&
    Math.abs(r.coverageLevel - 0.95) < 0.01,
);
const WITHOUT = new Set<string>(["Sales Date", "Coverage Price", "Rate", "Total Premium", "Subsidy"]);
const keep = BOOK_HEADERS.map((h) => !WITHOUT.has(h));
const level = BOOK_HEADERS.indexOf("Coverage Level");
const sheet = parseCsv(
  "agency-list.csv",
  toCsv(
    BOOK_HEADERS.filter((_, i) => keep[i]),
    bookRows(2, 2).map((row) =>
      row.map((cell, i) => (i === level ? String(offer?.coverageLevel) : cell)).filter((_, i) => keep[i]),
    ),
  ),
);
/** RMA's addresses, never fetched: the feed is ticked by hand (only published snapshots are in the history). */
const FEED = Object.fromEntries(
  ["A00630", "A00620", "A00600", "A00610"].map((file) => [
    `MARKET_${file}_URL`,
    `http://127.0.0.1:9/${file}/{yyyymmdd}.zip`,
  ]),
);

describe("[HOLD1] held endorsements through the server: undone with their import, completed from the day's snapshot", () => {
  const session = new BookServer();
  const base = () => `http://127.0.0.1:${session.server.port}`;
  const importBook = async (importId: string) => {
    const { status, body } = await session.post("/api/orgs/demo/book-imports", agent, {
      fileName: "agency-list.csv",
      sheets: [sheet],
      mapping: guessMapping(sheet.headers),
      dryRun: false,
      importId,
    });
    expect(status).toBe(200);
    return body.report as ImportReport;
  };
  const book = async (): Promise<ExistingCustomer[]> => {
    const { hocuspocus, storage } = session.server;
    return JSON.parse(new TextDecoder().decode(await loadBook(hocuspocus, storage, "demo")));
  };
  const heldOf = (customers: ExistingCustomer[]) =>
    customers.flatMap((c) =>
      Object.values(c.held ?? {}).map((h) => ({ customerId: c.customerId, heldId: h.id, held: h })),
    );

  beforeAll(async () => {
    await session.start(
      { ...FEED, MARKET_FUTURES_URL: "http://127.0.0.1:9/futures/{yyyymmdd}.csv" },
      { marketFeed: { manual: true } },
    );
  }, 60_000);
  afterAll(async () => {
    await session.stop();
  });

  it("the undo of an import removes the endorsements it held", async () => {
    const report = await importBook("imp-held-1");
    expect(report.rows).toMatchObject({ held: 2, refused: 0 });
    expect(heldOf(await book()).map((h) => h.held.missing)).toEqual([
      ["salesDate", "coveragePrice", "subsidy"],
      ["salesDate", "coveragePrice", "subsidy"],
    ]);
    const undone = await session.post("/api/orgs/demo/book-imports/imp-held-1/undo", agent, {});
    expect(undone.status).toBe(200);
    const after = await book();
    expect(heldOf(after)).toEqual([]);
    expect(after.filter((c) => c.profile)).toEqual([]);
  });

  it("completes held endorsements from the sales day's snapshot in the market history; the write guard takes them", async () => {
    await importBook("imp-held-2");
    const held = heldOf(await book());
    expect(held).toHaveLength(2);
    // A day the server does not hold prices nothing: the endorsements keep waiting for their figures.
    const get = (path: string) => fetch(new URL(path, base()));
    const given = { values: { salesDate: "11/02/2026" } };
    const ids = held.map(({ customerId, heldId }) => ({ customerId, heldId }));
    const context = (market: Awaited<ReturnType<typeof heldMarket>>) => ({
      importId: newRecordId(),
      fileName: "Needs details",
      userId: agent.sub,
      now: new Date(),
      newId: newRecordId,
      market,
    });
    const unheld = planHeldCompletion({
      book: await book(),
      completion: { held: ids, ...given },
      context: context(await heldMarket([SALES_DAY], get)),
    });
    expect(unheld.report.held.map((h) => h.missing)).toEqual([
      ["coveragePrice", "subsidy"],
      ["coveragePrice", "subsidy"],
    ]);
    // The day's snapshot published and kept in the history: the endorsements are priced from its offer.
    await session.server.market.feed?.publishSnapshot(snapshot);
    expect((await get(`/api/market/history/${SALES_DAY}`)).status).toBe(200);
    const plan = planHeldCompletion({
      book: await book(),
      completion: { held: ids, ...given },
      context: context(await heldMarket([SALES_DAY], get)),
    });
    expect(plan.report.refused).toEqual([]);
    expect(plan.report.rows).toMatchObject({ written: 2, held: 0 });
    expect(offer).toBeDefined();
    // Written as the device writes them (the typed transaction), through the real write guard.
    for (const writes of plan.writes) {
      const client = await session.open(nameOf("demo", writes));
      const tx = new DocumentTransaction(writes.kind);
      for (const { section, key, value } of writes.entries)
        if (writes.kind === "book") tx.setWhole(section as never, [key], value);
        else tx.set(section as never, [key], value);
      applyTransaction(client.doc, tx, "import");
      await session.synced(client);
    }
    const after = await book();
    const coverages = after.flatMap((c) => Object.values(c.coverages ?? {}) as LrpCoverage[]);
    expect(coverages).toHaveLength(2);
    for (const coverage of coverages)
      expect(coverage).toMatchObject({ salesDate: SALES_DAY, coveragePrice: String(offer?.coveragePrice) });
    expect(heldOf(after).map((h) => [h.held.status, h.held.coverageId])).toEqual(
      coverages.map(() => ["completed", expect.any(String)]),
    );
  });
});
