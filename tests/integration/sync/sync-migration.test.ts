import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { sampleEntity, sampleLrpCoverage, samplePolicy } from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "./services";

// Schema versions (SYNC6): a customer document stored at version 1 (open records) is migrated to
// version 2 when the server loads it. Records that fit the strict shapes stay where they are; the rest
// move, unchanged, to `legacy` and are gone from their old section; nothing is lost.

const agent = demoUser("agent@demo.rangeline.test");

/** What a version-1 server stored: open records, some of which fit today's shapes. */
function versionOneDocument(): { update: Uint8Array; fitting: Record<string, string[]>; moved: string[] } {
  const doc = new Y.Doc();
  doc.getMap("meta").set("schemaVersion", 1);
  const profile = doc.getMap("profile");
  profile.set("name", "Old Ranch");
  profile.set("email", "old@ranch.example");
  profile.set("operation", "cow-calf"); // no place in the v2 profile: moves to legacy
  const { createdAt, updatedAt, updatedBy, ...entity } = sampleEntity("e-fit");
  doc.getMap("entities").set("e-fit", entity); // fits once stamped
  doc.getMap("entities").set("e-open", { id: "e-open", kind: "I", label: "Jones" });
  doc.getMap("policies").set("p-fit", samplePolicy("p-fit", "e-fit"));
  doc.getMap("coverages").set("cv-fit", sampleLrpCoverage("cv-fit", "p-fit"));
  doc.getMap("coverages").set("cv-open", { id: "cv-open", label: "Fall calves" });
  return {
    update: Y.encodeStateAsUpdate(doc),
    fitting: { entities: ["e-fit"], policies: ["p-fit"], coverages: ["cv-fit"] },
    moved: ["entities.e-open", "coverages.cv-open", "profile.fields"],
  };
}

function migrationSuite(label: string, openStorage: () => Promise<Storage>, cleanup: () => Promise<void>) {
  describe(`migration on load: ${label}`, () => {
    // One data directory for both starts: it holds the generated data encryption key.
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-migrate-data-"));
    let server: TestServer | undefined;
    const clients: Client[] = [];
    afterAll(async () => {
      for (const client of clients) client.destroy();
      await server?.stop();
      await cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("[SYNC6] a stored version-1 customer document loads as version 2, nothing lost, moved entries gone from their old section", async () => {
      const name = "org/demo/customer/c-v1";
      const { update, fitting, moved } = versionOneDocument();
      const storage = await openStorage();
      // Straight into storage, as a version-1 server left it: compacted state plus a logged update.
      await storage.compactDocument(name, update, { instanceId: "v1", throughSeq: 0, loadedThroughSeq: 0 });
      const extra = new Y.Doc();
      Y.applyUpdate(extra, update);
      const before = Y.encodeStateVector(extra);
      extra.getMap("policies").set("p-open", { id: "p-open", carrier: "somebody" });
      await storage.appendUpdate(name, Y.encodeStateAsUpdate(extra, before), "v1");
      moved.push("policies.p-open");

      server = await startTestServer({}, { storage, dataDir });
      const client = connect(server.syncUrl, name, await server.token(agent));
      clients.push(client);
      expect(await client.ready).toBe(true);
      const doc = client.doc;
      expect(doc.getMap("meta").toJSON()).toEqual({ schemaVersion: 2 });

      for (const [section, keys] of Object.entries(fitting))
        expect(Object.keys(doc.getMap(section).toJSON()).sort()).toEqual(keys);
      expect(doc.getMap("entities").get("e-fit")).toMatchObject({
        legalName: "Casey Jones",
        taxIdLast4: "6789",
      });
      expect(doc.getMap("coverages").get("cv-fit")).toMatchObject({ head: 100, producerPremium: "2601.45" });

      const legacy = doc.getMap("legacy").toJSON();
      expect(Object.keys(legacy).sort()).toEqual([...moved].sort());
      expect(legacy["entities.e-open"]).toEqual({
        id: "entities.e-open",
        section: "entities",
        record: { id: "e-open", kind: "I", label: "Jones" },
      });
      expect(legacy["coverages.cv-open"]?.record).toEqual({ id: "cv-open", label: "Fall calves" });
      expect(legacy["policies.p-open"]?.record).toEqual({ id: "p-open", carrier: "somebody" });
      expect(legacy["profile.fields"]?.record).toEqual({ operation: "cow-calf" });

      const profile = doc.getMap("profile").toJSON();
      expect(profile).toMatchObject({ id: "c-v1", name: "Old Ranch", email: "old@ranch.example" });
      expect(profile).not.toHaveProperty("operation");

      // The server's copy agrees, the document is valid, and no violation was recorded on load.
      const served = server.hocuspocus.documents.get(name);
      expect(served?.getMap("entities").has("e-open")).toBe(false);
      expect(served?.getMap("coverages").has("cv-open")).toBe(false);
      expect(await server.storage.listViolations({ documentPrefix: name })).toEqual([]);

      // A restart loads the migrated document as it is: version 2, no second migration.
      client.destroy();
      clients.length = 0;
      await server.stop();
      server = await startTestServer({}, { storage: await openStorage(), dataDir });
      const again = connect(server.syncUrl, name, await server.token(agent));
      clients.push(again);
      expect(await again.ready).toBe(true);
      expect(again.doc.getMap("meta").get("schemaVersion")).toBe(2);
      expect(Object.keys(again.doc.getMap("legacy").toJSON()).sort()).toEqual([...moved].sort());
      expect(Object.keys(again.doc.getMap("coverages").toJSON())).toEqual(["cv-fit"]);
    });

    it("[SYNC6] a stored version-1 profile that does not fit moves whole to legacy, and the section is emptied", async () => {
      const name = "org/demo/customer/c-v1-profile";
      const doc = new Y.Doc();
      doc.getMap("meta").set("schemaVersion", 1);
      doc.getMap("profile").set("operation", "stocker"); // no name: no v2 profile can be made
      if (!server) throw new Error("the first test starts the server");
      const storage = server.storage;
      await storage.appendUpdate(name, Y.encodeStateAsUpdate(doc), "v1");
      const client = connect(server.syncUrl, name, await server.token(agent));
      clients.push(client);
      expect(await client.ready).toBe(true);
      expect(client.doc.getMap("profile").toJSON()).toEqual({});
      expect(client.doc.getMap("legacy").get("profile.fields")).toEqual({
        id: "profile.fields",
        section: "profile",
        record: { operation: "stocker" },
      });
      expect(await storage.listViolations({ documentPrefix: name })).toEqual([]);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "rangeline-migrate-"));
migrationSuite(
  "SQLite",
  async () => new SqliteStorage(join(dir, "migrate.sqlite")),
  async () => rmSync(dir, { recursive: true, force: true }),
);

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("migrate");
  migrationSuite(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
