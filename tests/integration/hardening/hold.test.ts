import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type * as Y from "yjs";
import { taxIdKey } from "../../../shared/documents/book";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { sampleEntity, sampleTaxId, writeRecord } from "../sync/book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";
import {
  dropSchema,
  POSTGRES_URL,
  postgresAvailable,
  REDIS_URL,
  redisAvailable,
  uniqueSchema,
} from "../sync/services";

// HIST3 (docs/hardening.md): a write removing most of a document's records is held until its writer
// confirms. With several instances (PostgreSQL + Redis) the confirmation is kept in Redis, so the
// client that reconnects to another instance than the one that held its write is let through; without
// a confirmation it is held there too. The agents-only internal document (full tax ids) is covered:
// an entity's tax ids count as one record, so an ordinary entity edit is never held.

const agent = demoUser("agent@demo.rangeline.test");
const DOC = "org/demo/customer/c-demo";
const INTERNAL = "org/demo/customer/c-demo/internal";
const ENTITIES = ["e-1", "e-2", "e-3", "e-4"];
const DIGITS = "501234987";

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) await server.stop().catch(() => {});
});

const open = async (server: TestServer, name: string, doc?: Y.Doc) => {
  const client = connect(server.syncUrl, name, await server.token(agent), doc);
  clients.push(client);
  expect(await client.ready).toBe(true);
  return client;
};
const keysOf = (client: Client, section: string) => [...client.doc.getMap(section).keys()].sort();
const confirm = async (server: TestServer, document: string) =>
  fetch(`http://127.0.0.1:${server.port}/api/orgs/demo/document-history/confirm-removal`, {
    method: "POST",
    headers: { authorization: `Bearer ${await server.token(agent)}`, "content-type": "application/json" },
    body: JSON.stringify({ document }),
  });
/** Removes every entry of the given sections in one update. */
const removeAll = (client: Client, sections: readonly string[]) =>
  client.doc.transact(() => {
    for (const section of sections) {
      const map = client.doc.getMap(section);
      for (const key of [...map.keys()]) map.delete(key);
    }
  });
const held = (client: Client) =>
  vi.waitFor(() => expect(client.closeReasons).toContain("held-for-confirmation"), { timeout: 10_000 });

describe.runIf(postgresAvailable && redisAvailable)(
  "[HIST3] held writes across instances (PostgreSQL and Redis)",
  () => {
    const schema = uniqueSchema("hold");
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-hold-"));
    const redisPrefix = `rangeline-hold-${randomBytes(4).toString("hex")}`;
    const env = { DATABASE_URL: POSTGRES_URL, REDIS_URL, PUBLIC_URL: "http://rangeline.test/" };
    const start = async () => {
      const server = await startTestServer(env, {
        dataDir,
        redisPrefix,
        storage: await PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
      });
      servers.push(server);
      return server;
    };
    afterAll(async () => {
      await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("held on A, confirmed, applied when the client reconnects to B; held on B without the confirmation", async () => {
      const a = await start();
      const b = await start();
      let writer = await open(a, DOC);
      writer.doc.transact(() => {
        for (const id of ENTITIES) writeRecord(writer.doc, "entities", id, sampleEntity(id));
      });
      await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));

      // The agent removes every entity on A: held there, nothing removed.
      removeAll(writer, ["entities"]);
      await held(writer);
      const held1 = writer.stateless.map((m) => JSON.parse(m)).find((m) => m.type === "rangeline/held");
      expect(held1).toEqual({ type: "rangeline/held", document: DOC, removed: 4, total: 4 });
      writer.destroy();

      // Without a confirmation the same change sent to B is held there too.
      writer = await open(b, DOC, writer.doc);
      await held(writer);
      writer.destroy();
      expect(keysOf(await open(a, DOC), "entities")).toEqual(ENTITIES);
      expect(keysOf(await open(b, DOC), "entities")).toEqual(ENTITIES);

      // Confirmed through A's API; the client's reconnect lands on B, which applies the change.
      const response = await confirm(a, DOC);
      expect(response.status).toBe(200);
      writer = await open(b, DOC, writer.doc);
      await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
      expect(writer.closeReasons).not.toContain("held-for-confirmation");
      await vi.waitFor(async () => {
        const fresh = connect(a.syncUrl, DOC, await a.token(agent));
        clients.push(fresh);
        expect(await fresh.ready).toBe(true);
        expect(keysOf(fresh, "entities")).toEqual([]);
      });
      // The confirmation was used up: the next mass removal (on either instance) is held again.
      writer.doc.transact(() => {
        for (const id of ENTITIES) writeRecord(writer.doc, "entities", id, sampleEntity(id));
      });
      await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
      removeAll(writer, ["entities"]);
      await held(writer);
    }, 60_000);
  },
);

describe("[HIST3] the agents-only internal document (full tax ids)", () => {
  it("an entity edit removing its spouse's and SBIs' ids is applied; removing every tax id is held until confirmed", async () => {
    const server = await startTestServer();
    servers.push(server);
    let writer = await open(server, INTERNAL);
    writer.doc.transact(() => {
      for (const entity of ENTITIES.slice(0, 3)) {
        writeRecord(writer.doc, "taxIds", entity, sampleTaxId(entity, DIGITS));
        writeRecord(
          writer.doc,
          "taxIds",
          taxIdKey.spouse(entity),
          sampleTaxId(taxIdKey.spouse(entity), DIGITS),
        );
        for (const sbi of ["s-1", "s-2"]) {
          const key = taxIdKey.sbi(entity, sbi);
          writeRecord(writer.doc, "taxIds", key, sampleTaxId(key, DIGITS));
        }
      }
    });
    await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));

    // An entity edited as the app does it (use-customer-book.ts removeTaxIds): 3 of 12 ids, one entity's.
    const edit = [taxIdKey.spouse("e-1"), taxIdKey.sbi("e-1", "s-1"), taxIdKey.sbi("e-1", "s-2")];
    writer.doc.transact(() => {
      for (const key of edit) writer.doc.getMap("taxIds").delete(key);
    });
    await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
    expect(writer.closeReasons).toEqual([]);
    expect((await open(server, INTERNAL)).doc.getMap("taxIds").size).toBe(9);

    // Every tax id at once: held, nothing removed on the server.
    removeAll(writer, ["taxIds"]);
    await held(writer);
    const message = writer.stateless.map((m) => JSON.parse(m)).find((m) => m.type === "rangeline/held");
    expect(message).toEqual({ type: "rangeline/held", document: INTERNAL, removed: 3, total: 3 });
    writer.destroy();
    expect((await open(server, INTERNAL)).doc.getMap("taxIds").size).toBe(9);

    // Confirmed: the same change is applied when the client connects again.
    expect((await confirm(server, INTERNAL)).status).toBe(200);
    writer = await open(server, INTERNAL, writer.doc);
    await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
    await vi.waitFor(async () => {
      const fresh = connect(server.syncUrl, INTERNAL, await server.token(agent));
      clients.push(fresh);
      expect(await fresh.ready).toBe(true);
      expect(fresh.doc.getMap("taxIds").size).toBe(0);
    });
  }, 60_000);
});
