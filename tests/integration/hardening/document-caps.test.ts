import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentName } from "../../../shared/documents/names";
import { sampleCustomerSummary, sampleProfile, writeProfile } from "../sync/book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// Caps on documents (docs/hardening.md): the stored size of a document (LIMIT5), the documents a user
// creates (LIMIT6), and nothing stored for a document that never received content (STORE6).

const agent = demoUser("agent@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");
const MAX_BYTES = 64 * 1024;
const CREATED_PER_HOUR = 3;

describe("document caps", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const open = async (name: string, user = agent) => {
    const client = connect(server.syncUrl, name, await server.token(user));
    clients.push(client);
    expect(await client.ready).toBe(true);
    return client;
  };
  const stored = async (name: string) => {
    const document = await server.storage.loadDocument(name);
    return document.state !== null || document.updates.length > 0;
  };

  beforeAll(async () => {
    server = await startTestServer({
      SYNC_MAX_DOCUMENT_BYTES: String(MAX_BYTES),
      SYNC_DOCUMENTS_CREATED_PER_HOUR: String(CREATED_PER_HOUR),
    });
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("[LIMIT5] a write that takes a document over the size cap is refused with document-too-large", async () => {
    const name = documentName.book("demo");
    const client = await open(name, agent2);
    const customers = client.doc.getMap("customers");
    client.doc.transact(() => {
      for (let i = 0; i < 10; i++) customers.set(`small-${i}`, sampleCustomerSummary(`small-${i}`));
    });
    await expect.poll(() => server.hocuspocus.documents.get(name)?.getMap("customers").size).toBe(10);
    client.doc.transact(() => {
      // About 250 KB, four times the cap.
      for (let i = 0; i < 2000; i++)
        customers.set(
          `big-${i}`,
          sampleCustomerSummary(`big-${i}`, { name: `Ranch ${"x".repeat(90)} ${i}` }),
        );
    });
    await expect.poll(() => client.closeReasons).toContain("document-too-large");
    const reader = await open(name);
    expect([...reader.doc.getMap("customers").keys()].filter((k) => k.startsWith("big-"))).toEqual([]);
  });

  it("[LIMIT6] a user's new documents beyond the budget are refused with too-many-documents", async () => {
    const created: Client[] = [];
    for (let i = 0; i <= CREATED_PER_HOUR; i++) {
      const client = await open(`org/demo/customer/c-new-${i}`);
      writeProfile(client.doc, sampleProfile(`c-new-${i}`));
      created.push(client);
    }
    await expect.poll(() => created.at(-1)?.closeReasons).toContain("too-many-documents");
    const storedNow = await Promise.all(created.map((_, i) => stored(`org/demo/customer/c-new-${i}`)));
    expect(storedNow).toEqual([true, true, true, false]);
  });

  it("[STORE6] a document opened and never written leaves nothing stored", async () => {
    const name = "org/demo/customer/c-never-written";
    const client = await open(name);
    client.destroy();
    await expect.poll(() => server.hocuspocus.documents.has(name), { timeout: 10_000 }).toBe(false);
    expect(await stored(name)).toBe(false);
  });
});
