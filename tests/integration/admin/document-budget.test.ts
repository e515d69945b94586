import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// IMPORT3's setting (docs/administration.md, settings/document-budget.ts): an organisation's admin raises
// its budget of new documents an hour (kept on the server, bounds by the shared schema), and an import the
// server's default refused passes. Real server, SQLite.

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");
const BOUNDS = "enter a whole number of new documents an hour from 1 to 100,000";

describe("an organisation's budget of new documents (server, SQLite)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ORG_DOCUMENTS_CREATED_PER_HOUR: "7" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  const call = async (user: { sub: string }, method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, server.url), {
      method,
      headers: {
        authorization: `Bearer ${await server.token(user)}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const importFour = () => {
    // Four new customers: eight documents (customer and internal).
    const sheet = parseCsv("book.csv", toCsv(BOOK_HEADERS, bookRows(4, 4)));
    return call(agent, "POST", "/api/orgs/demo/book-imports", {
      fileName: "book.csv",
      sheets: [sheet],
      mapping: guessMapping(sheet.headers),
      dryRun: false,
    });
  };
  const BUDGET = "/api/orgs/demo/document-budget";

  it("[IMPORT3] an admin raises the agency's budget; the import it refused then passes", async () => {
    const refused = await importFour();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "too-many-documents", newDocuments: 8, limit: 7 });
    expect((await call(admin, "GET", BUDGET)).body).toEqual({
      newDocumentsPerHour: 7,
      default: 7,
      set: false,
    });
    // Admins of the organisation only.
    for (const [user, method] of [
      [agent, "GET"],
      [agent, "PUT"],
      [otherAgent, "PUT"],
    ] as const) {
      const answer = await call(
        user,
        method,
        BUDGET,
        method === "PUT" ? { newDocumentsPerHour: 500 } : undefined,
      );
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Only admins of demo may see or change its budget of new documents.");
    }
    // Within the schema's bounds, said in a sentence.
    for (const bad of [0, 100_001, 2.5, "ten", null]) {
      const answer = await call(admin, "PUT", BUDGET, { newDocumentsPerHour: bad });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(BOUNDS);
    }
    expect((await call(admin, "GET", BUDGET)).body).toMatchObject({ newDocumentsPerHour: 7, set: false });
    const raised = await call(admin, "PUT", BUDGET, { newDocumentsPerHour: 1000 });
    expect(raised).toEqual({ status: 200, body: { newDocumentsPerHour: 1000, default: 7, set: true } });
    const passed = await importFour();
    expect(passed.status).toBe(200);
    expect(passed.body.written).toMatchObject({ documents: 9 });
    const audit = await call(admin, "GET", "/api/orgs/demo/audit");
    expect(JSON.stringify(audit.body)).toContain("document-budget.set");
  });
});
