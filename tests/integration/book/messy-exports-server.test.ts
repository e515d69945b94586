import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import type { ImportReport } from "../../../shared/book/import/types";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// HOLD1 through the server's import (real server, SQLite): a messy agency export's endorsements without a
// sales date or subsidy are kept as "needs details" in the customers' internal documents (the write guard
// accepts the section), counted apart from refused rows; the same file again holds nothing twice (the
// server reads the held records back, sync-server/book-import/load.ts) and writes nothing.

const agent = demoUser("agent@demo.rangeline.test");
const text = readFileSync(
  new URL("../../fixtures/import/messy/sandhills-agency.csv", import.meta.url),
  "utf8",
);
const sheet = parseCsv("sandhills-agency.csv", text);
const request = (importId: string) => ({
  fileName: "sandhills-agency.csv",
  sheets: [sheet],
  mapping: guessMapping(sheet.headers),
  dryRun: false,
  importId,
});

describe("[HOLD1] a messy export through the server's import", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const importBook = async (body: unknown) => {
    const response = await fetch(new URL("/api/orgs/demo/book-imports", `http://127.0.0.1:${server.port}`), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await server.token(agent)}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("keeps the endorsements as needs details, and the same file again writes nothing", async () => {
    const first = await importBook(request("imp-messy-1"));
    expect(first.status).toBe(200);
    const report = first.body.report as ImportReport;
    expect(report.rows).toMatchObject({ refused: 0, held: 6, skipped: 1 });
    const names = (await server.storage.listDocuments("org/demo/customer/")).filter((n) =>
      n.endsWith("/internal"),
    );
    let held = 0;
    for (const name of names) {
      const internal = connect(server.syncUrl, name, await server.token(agent));
      clients.push(internal);
      expect(await internal.ready).toBe(true);
      held += Object.keys(internal.doc.getMap("heldCoverages").toJSON()).length;
    }
    expect(held).toBe(6);
    const again = await importBook(request("imp-messy-2"));
    expect(again.status).toBe(200);
    expect((again.body.report as ImportReport).rows).toMatchObject({ written: 0, held: 0, refused: 0 });
    expect(again.body.written).toEqual({ documents: 0, records: 0 });
  });
});
