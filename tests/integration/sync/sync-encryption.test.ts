import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { SQLITE_FILE } from "../../../sync-server/storage";
import { DocumentCipher, encryptedStorage } from "../../../sync-server/storage/encryption";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { sampleTaxId } from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "./services";

// Tax ids encrypted at rest (rule STORE5): the agents-only internal document holds the full tax ids;
// every byte of it the server stores — compacted state, update log rows, SQLite's write-ahead file
// records — is sealed with AES-256-GCM under DATA_ENCRYPTION_KEY. After a real client writes a tax id,
// the raw database holds neither the tax id nor its digits; a restart decrypts it; a wrong key stops
// the server at start with a clear error and nothing written, and a document sealed under another key
// fails loudly when loaded.

const agent = demoUser("agent@demo.rangeline.test");
const DIGITS = "501234987";
const FORMATTED = "501-23-4987";
const NAME = "org/demo/customer/c-secret/internal";

/** Whether any of `buffers` holds the tax id, as digits or formatted (UTF-8, as Yjs stores strings). */
const leaks = (buffers: Buffer[]) => buffers.some((b) => b.includes(DIGITS) || b.includes(FORMATTED));

interface Target {
  label: string;
  /** The storage the server runs on (a fresh connection each time; the server closes it). */
  open(): Promise<Storage>;
  /** Every byte the database holds, raw. */
  rawBytes(): Promise<Buffer[]>;
  cleanup(): Promise<void>;
}

function encryptionSuite(target: Target) {
  describe(`tax ids at rest: ${target.label}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-crypt-"));
    const logs: string[] = [];
    const clients: Client[] = [];
    let server: TestServer | undefined;
    /** The storage under the server's encryption wrapper. */
    let raw: Storage | undefined;
    const start = async (env: Record<string, string> = {}) => {
      raw = await target.open();
      return startTestServer(env, { dataDir, storage: raw, log: (m) => logs.push(m) });
    };
    afterAll(async () => {
      for (const client of clients) client.destroy();
      await server?.stop().catch(() => {});
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("[STORE5] a tax id written by a real client is stored sealed: neither the tax id nor its digits in the raw database, before and after compaction", async () => {
      server = await start();
      const writer = connect(server.syncUrl, NAME, await server.token(agent));
      clients.push(writer);
      expect(await writer.ready).toBe(true);
      writer.doc.getMap("taxIds").set("e-1", sampleTaxId("e-1", DIGITS));
      writer.doc.getMap("notes").set("n-1", { id: "n-1", text: `SSN on file ${FORMATTED}` });
      await expect.poll(() => writer.provider.unsyncedChanges).toBe(0);
      // In the update log (the write-ahead file, then the table): sealed.
      expect(leaks(await target.rawBytes())).toBe(false);
      writer.destroy();
      await server.stop(); // compacts into the stored state
      server = undefined;
      expect(leaks(await target.rawBytes())).toBe(false);
      expect(logs.join("\n")).not.toContain(DIGITS);
    });

    it("[STORE5] a restart decrypts it for an agent", async () => {
      server = await start();
      const reader = connect(server.syncUrl, NAME, await server.token(agent));
      clients.push(reader);
      expect(await reader.ready).toBe(true);
      expect(reader.doc.getMap("taxIds").get("e-1")).toMatchObject({ taxId: DIGITS, taxIdType: 1 });
      expect(reader.doc.getMap("notes").get("n-1")).toMatchObject({ text: `SSN on file ${FORMATTED}` });
      reader.destroy();
      await server.stop();
      server = undefined;
    });

    it("[STORE5] a wrong key stops the server at start with a clear error, and nothing is written", async () => {
      const before = await target.rawBytes();
      const wrongKey = randomBytes(32).toString("base64");
      await expect(start({ DATA_ENCRYPTION_KEY: wrongKey })).rejects.toThrow(
        /^DATA_ENCRYPTION_KEY \(fingerprint [0-9a-f]{16}\) is not the key this database's encrypted documents were written with \(fingerprint [0-9a-f]{16}\)\. Start the server with that key; nothing was read or written\.$/,
      );
      expect(Buffer.concat(await target.rawBytes()).equals(Buffer.concat(before))).toBe(true);
    });

    it("[STORE5] a document sealed under another key fails loudly when loaded; the server writes nothing to it and keeps serving", async () => {
      server = await start();
      const name = "org/demo/customer/c-foreign/internal";
      const foreign = new Y.Doc();
      foreign.getMap("meta").set("schemaVersion", 2);
      foreign.getMap("taxIds").set("e-9", sampleTaxId("e-9", DIGITS));
      // Written straight into the database under a key the server does not have.
      if (!raw) throw new Error("started above");
      const other = encryptedStorage(raw, new DocumentCipher(randomBytes(32)));
      await other.appendUpdate(name, Y.encodeStateAsUpdate(foreign), "elsewhere");
      const sealedBefore = await raw.loadDocument(name);

      const client = connect(server.syncUrl, name, await server.token(agent));
      clients.push(client);
      expect(await client.ready).toBe(false);
      expect(logs.join("\n")).toMatch(
        /cannot load org\/demo\/customer\/c-foreign\/internal: Cannot decrypt the stored document org\/demo\/customer\/c-foreign\/internal: DATA_ENCRYPTION_KEY \(fingerprint [0-9a-f]{16}\) is not the key it was written with\./,
      );
      // Its stored rows are as they were: no migration, no seeding, no compaction was written.
      expect(await raw.loadDocument(name)).toEqual(sealedBefore);
      expect(sealedBefore.updates).toHaveLength(1);
      // Everyone else is still served, and its own tax id still opens.
      const reader = connect(server.syncUrl, NAME, await server.token(agent));
      clients.push(reader);
      expect(await reader.ready).toBe(true);
      expect(reader.doc.getMap("taxIds").get("e-1")).toMatchObject({ taxId: DIGITS });
      expect(logs.join("\n")).not.toContain(DIGITS);
    });
  });
}

{
  const dir = mkdtempSync(join(tmpdir(), "rangeline-crypt-sqlite-"));
  const file = join(dir, SQLITE_FILE);
  encryptionSuite({
    label: "SQLite",
    open: async () => new SqliteStorage(file),
    // The database, its WAL and the update write-ahead file.
    rawBytes: async () =>
      readdirSync(dir)
        .filter((f) => f.startsWith(SQLITE_FILE))
        .sort()
        .map((f) => readFileSync(join(dir, f))),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  });
}

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("crypt");
  encryptionSuite({
    label: "PostgreSQL",
    open: () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    // Every row of every table of the schema, as PostgreSQL's text form (bytea as hex and as escape).
    rawBytes: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        const tables = await client.query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
          [schema],
        );
        const out: Buffer[] = [];
        for (const { table_name } of tables.rows) {
          const rows = await client.query(`SELECT * FROM ${schema}.${table_name} ORDER BY 1`);
          for (const row of rows.rows)
            for (const value of Object.values(row))
              out.push(Buffer.isBuffer(value) ? value : Buffer.from(String(value)));
        }
        return out;
      } finally {
        await client.end();
      }
    },
    cleanup: () => dropSchema(schema),
  });
});
