import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import type { ImportLogEntry } from "../../../shared/documents/import-log";
import { documentName } from "../../../shared/documents/names";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import { sampleProfile, writeProfile } from "../sync/book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// The server's book import within bounds (docs/book-import.md "Off the event loop", docs/hardening.md):
// one running import per organisation, the next answered at once (IMPORT1); an import id names one
// import of the organisation, reuse refused and nothing replaced (IMPORT2); one hourly budget of new
// documents per organisation for the import and the sync socket, an import over it refused before it
// starts with the number (IMPORT3). Real server, SQLite.

const agent = demoUser("agent@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");
const ORG_DOCUMENTS_PER_HOUR = 7;

const sheetOf = (fileName: string, rows: number, customers: number) =>
  parseCsv(fileName, toCsv(BOOK_HEADERS, bookRows(rows, customers)));
const request = (fileName: string, rows: number, customers: number, over: Record<string, unknown> = {}) => {
  const sheet = sheetOf(fileName, rows, customers);
  return { fileName, sheets: [sheet], mapping: guessMapping(sheet.headers), dryRun: true, ...over };
};

describe("book import bounds (server, SQLite)", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const post = async (org: string, user: { sub: string }, body: unknown) => {
    const response = await fetch(new URL(`/api/orgs/${org}/book-imports`, server.url), {
      method: "POST",
      headers: { authorization: `Bearer ${await server.token(user)}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const stored = async (name: string) => {
    const document = await server.storage.loadDocument(name);
    return document.state !== null || document.updates.length > 0;
  };

  beforeAll(async () => {
    server = await startTestServer({ ORG_DOCUMENTS_CREATED_PER_HOUR: String(ORG_DOCUMENTS_PER_HOUR) });
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("[IMPORT1] while an import of the agency runs, the next is answered at once with when it started", async () => {
    // The first import's body arrives in two parts: it runs (holds the agency's slot) until the second.
    const text = Buffer.from(JSON.stringify(request("book.csv", 4, 2)));
    const token = await server.token(agent);
    const firstRequest = httpRequest(new URL("/api/orgs/demo/book-imports", server.url), {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": String(text.length),
      },
    });
    const first = new Promise<number>((resolve, reject) => {
      firstRequest.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      firstRequest.on("error", reject);
    });
    firstRequest.write(text.subarray(0, 100));
    const finish = () => firstRequest.end(text.subarray(100));
    let refused: Record<string, unknown> = {};
    await expect
      .poll(async () => {
        const second = await post("demo", agent, request("book.csv", 2, 1));
        refused = second.body;
        return second.status;
      })
      .toBe(409);
    expect(refused.error).toBe("import-running");
    expect(refused.message).toMatch(
      /^An import is already running for this agency; it started at \d{4}-\d\d-\d\dT[\d:.]+Z\. Try again when it has finished\.$/,
    );
    // Another agency's import is not held back by it.
    expect((await post("other", otherAgent, request("book.csv", 2, 1))).status).toBe(200);
    finish();
    expect(await first).toBe(200);
    // Once it has finished, the agency imports again.
    expect((await post("demo", agent, request("book.csv", 2, 1))).status).toBe(200);
  });

  it("[IMPORT2] an import id used before is refused (409) and its log entry stays the first import's", async () => {
    const first = await post(
      "other",
      otherAgent,
      request("book.csv", 3, 3, { dryRun: false, importId: "imp-one" }),
    );
    expect(first.status).toBe(200);
    // The book as an agent's device reads it.
    const entry = async (): Promise<ImportLogEntry | undefined> => {
      const reader = connect(server.syncUrl, documentName.book("other"), await server.token(otherAgent));
      try {
        expect(await reader.ready).toBe(true);
        return reader.doc.getMap("imports").toJSON()["imp-one"];
      } finally {
        reader.destroy();
      }
    };
    const before = await entry();
    expect(before?.fileName).toBe("book.csv");
    for (const dryRun of [false, true]) {
      const again = await post(
        "other",
        otherAgent,
        request("second.csv", 2, 2, { dryRun, importId: "imp-one" }),
      );
      expect(again.status).toBe(409);
      expect(again.body.error).toBe("import-id-taken");
      expect(again.body.message).toMatch(
        /^The import id imp-one was already used by the import of book\.csv at .+; an id names one import of the agency, so nothing was imported\. Send a new id \(or none\)\.$/,
      );
    }
    expect(await entry()).toEqual(before);
  });

  it("[IMPORT3] an import over the agency's hourly budget of new documents is refused before it starts; sockets spend the same budget", async () => {
    // Four new customers: eight documents (customer and internal), over the budget of 7.
    const over = await post("demo", agent, request("big.csv", 4, 4, { dryRun: false }));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: "too-many-documents", newDocuments: 8, limit: 7 });
    expect(over.body.message).toBe(
      "This import would create 8 new documents, more than the 7 an hour this agency may create; nothing was imported: import the file in parts, or ask an administrator to raise the agency's budget of new documents.",
    );
    expect(await server.storage.listDocuments("org/demo/customer/")).toEqual([]);
    // Three new customers: six documents, within it.
    expect((await post("demo", agent, request("book.csv", 3, 3, { dryRun: false }))).status).toBe(200);
    // A device's new documents spend what is left: one more, then too-many-documents.
    const created: Client[] = [];
    for (const id of ["c-socket-1", "c-socket-2"]) {
      const client = connect(server.syncUrl, documentName.customer("demo", id), await server.token(agent));
      clients.push(client);
      expect(await client.ready).toBe(true);
      writeProfile(client.doc, sampleProfile(id));
      created.push(client);
      if (id === "c-socket-1") await expect.poll(() => stored(documentName.customer("demo", id))).toBe(true);
    }
    await expect.poll(() => created[1]?.closeReasons).toContain("too-many-documents");
    expect(await stored(documentName.customer("demo", "c-socket-2"))).toBe(false);
  });
});
