import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import type { ImportReport } from "../../../shared/book/import/types";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// docs/book-import.md, the book import on the server (sync-server/book-import): a dry run writes nothing and
// reports every refused row; the import writes the customers' documents (one key per field, names as
// shared text, every record marked with the import's id), the tax ids in the internal documents only,
// the book's summaries and the import's entry; the same file again creates nothing; the import's undo
// (HI2's route) takes it back. Agents only; bad input says where. Real server, SQLite.

const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");

const rows = bookRows(6, 3);
// Row 5 of the file (the 4th row) asks for 13,000 head: over the per-endorsement limit.
(rows[3] as string[])[BOOK_HEADERS.indexOf("Head")] = "13000";
const sheet = parseCsv("book.csv", toCsv(BOOK_HEADERS, rows));
const request = (over: Record<string, unknown> = {}) => ({
  fileName: "book.csv",
  sheets: [sheet],
  mapping: guessMapping(sheet.headers),
  dryRun: true,
  ...over,
});

describe("book import API (server, SQLite)", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const post = async (path: string, user: { sub: string } | null, body: unknown) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (user) headers.authorization = `Bearer ${await server.token(user)}`;
    const response = await fetch(new URL(path, `http://127.0.0.1:${server.port}`), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const importBook = (body: unknown, user: { sub: string } | null = agent) =>
    post("/api/orgs/demo/book-imports", user, body);
  const customerDocs = async () =>
    (await server.storage.listDocuments("org/demo/customer/")).filter((n) => !n.endsWith("/internal"));

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("agents of the organisation only; bad input says where", async () => {
    expect((await importBook(request(), null)).status).toBe(401);
    const forbidden = await importBook(request(), customer);
    expect(forbidden).toMatchObject({ status: 403, body: { error: "forbidden" } });
    const bad = await importBook(request({ mapping: { version: 1, columns: { Head: "heads" } } }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The request body is invalid: mapping\.columns\.Head: /);
  });

  it("a dry run reports what the import would do, every refused row with line, column and sentence, and writes nothing", async () => {
    const before = await customerDocs();
    const { status, body } = await importBook(request());
    expect(status).toBe(200);
    const report = body.report as ImportReport;
    expect(report.rows).toMatchObject({ total: 6, written: 5, refused: 1 });
    expect(report.counts.customer.create).toBe(3);
    expect(report.counts.coverage.create).toBe(5);
    expect(report.refused).toEqual([
      {
        sheet: "book.csv",
        line: 5,
        column: "Head",
        field: "head",
        message:
          "row 5, Head: 13,000 is over the 12,000 per endorsement limit (Feeder Cattle max limit is 12,000)",
        value: "13000",
      },
    ]);
    // No tax id of the file comes back, in any form (a pattern over the whole body would also match the
    // random record ids now and then).
    const json = JSON.stringify(body);
    for (const cells of rows) {
      const digits = String(cells[BOOK_HEADERS.indexOf("SSN/EIN")]).replace(/\D/g, "");
      expect(digits).toHaveLength(9);
      expect(json).not.toContain(digits);
      expect(json).not.toContain(`${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`);
      expect(json).not.toContain(`${digits.slice(0, 2)}-${digits.slice(2)}`);
    }
    expect(await customerDocs()).toEqual(before);
  });

  it("an import writes the records, marked with its id; the same file again creates nothing; its undo takes it back", async () => {
    const done = await importBook(request({ dryRun: false, importId: "imp-api-1" }));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ dryRun: false, written: { documents: 7 } });
    const names = await customerDocs();
    expect(names).toHaveLength(3);
    // A customer's document as a device sees it: a name is shared text, records one key per field.
    const client = connect(server.syncUrl, names[0] as string, await server.token(agent));
    clients.push(client);
    expect(await client.ready).toBe(true);
    const profile = client.doc.getMap("profile");
    expect(profile.get("name")).toBeInstanceOf(Y.Text);
    expect(profile.get("importId")).toBe("imp-api-1");
    // Made with its texts, as a form makes a record (TEXT1): the file gave no second address line.
    expect((profile.get("address") as Y.Map<unknown>).get("line2")).toBeInstanceOf(Y.Text);
    const coverages = [...client.doc.getMap("coverages").values()] as Y.Map<unknown>[];
    expect(coverages[0]).toBeInstanceOf(Y.Map);
    expect(coverages[0]?.get("importId")).toBe("imp-api-1");
    expect(JSON.stringify(client.doc.toJSON())).not.toMatch(/"taxId"/);
    const internal = connect(server.syncUrl, `${names[0]}/internal`, await server.token(agent));
    clients.push(internal);
    expect(await internal.ready).toBe(true);
    expect(Object.values(internal.doc.getMap("taxIds").toJSON())[0]).toMatchObject({
      taxIdType: 1,
      importId: "imp-api-1",
    });
    const book = connect(server.syncUrl, "org/demo/book", await server.token(agent));
    clients.push(book);
    expect(await book.ready).toBe(true);
    expect(book.doc.getMap("imports").get("imp-api-1")).toMatchObject({
      fileName: "book.csv",
      by: agent.sub,
      created: 14,
      refused: 1,
    });
    expect(Object.keys(book.doc.getMap("coverages").toJSON())).toHaveLength(5);

    const again = await importBook(request({ dryRun: false, importId: "imp-api-2" }));
    expect(again.status).toBe(200);
    const report = again.body.report as ImportReport;
    expect(report.rows).toMatchObject({ written: 0, unchanged: 5, refused: 1 });
    expect(again.body.written).toEqual({ documents: 0, records: 0 });
    expect(await customerDocs()).toHaveLength(3);

    const undo = await post("/api/orgs/demo/book-imports/imp-api-1/undo", agent, {});
    expect(undo.status).toBe(200);
    await vi.waitFor(() => expect(client.doc.getMap("coverages").size).toBe(0));
  });
});
