import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { storedBookIndex } from "../../../sync-server/sync/book-index";
import {
  sampleCoverageSummary,
  sampleCustomerSummary,
  sampleEntity,
  sampleLrpCoverage,
  samplePolicy,
} from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "./services";

// Schema versions (SYNC6): a customer document stored at version 1 (open records) is migrated to
// today's version (4: free text as shared text, TEXT1) when the server loads it. Records that fit the strict shapes stay where they are; the rest
// move, unchanged, to `legacy` (version 2), which version 3 keeps in the agents-only internal document
// (docs/agent-book.md; the linked customer reads the customer document); nothing is lost. An organisation
// document stored at version 2 gives its book index to the book document `org/{orgId}/book`.

const agent = demoUser("agent@demo.rangeline.test");
const linkedCustomer = demoUser("customer@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");

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

    it("[SYNC6] a stored version-1 customer document loads at today's version, nothing lost, moved entries gone from their old section", async () => {
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
      expect(doc.getMap("meta").toJSON()).toEqual({ schemaVersion: DOCUMENT_SCHEMA_VERSION });

      for (const [section, keys] of Object.entries(fitting))
        expect(Object.keys(doc.getMap(section).toJSON()).sort()).toEqual(keys);
      expect(doc.getMap("entities").toJSON()["e-fit"]).toMatchObject({
        legalName: "Casey Jones",
        taxIdLast4: "6789",
      });
      // Version 4 (docs/sync-rules.md): free text is shared text, an address a map with its text fields.
      const entity = doc.getMap("entities").get("e-fit") as Y.Map<unknown>;
      expect(entity.get("legalName")).toBeInstanceOf(Y.Text);
      expect(entity.get("address")).toBeInstanceOf(Y.Map);
      expect(doc.getMap("profile").get("name")).toBeInstanceOf(Y.Text);
      expect(doc.getMap("coverages").toJSON()["cv-fit"]).toMatchObject({
        head: 100,
        producerPremium: "3391",
      });

      // What did not fit is in the agents-only internal document, not in the customer document.
      expect(doc.getMap("legacy").toJSON()).toEqual({});
      const internal = connect(server.syncUrl, `${name}/internal`, await server.token(agent));
      clients.push(internal);
      expect(await internal.ready).toBe(true);
      const legacy = internal.doc.getMap("legacy").toJSON();
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
      expect(await server.storage.violations.listViolations({ documentPrefix: name })).toEqual([]);

      // A restart loads the migrated documents as they are: today's version, no second migration.
      for (const c of clients) c.destroy();
      clients.length = 0;
      await server.stop();
      server = await startTestServer({}, { storage: await openStorage(), dataDir });
      const again = connect(server.syncUrl, name, await server.token(agent));
      const againInternal = connect(server.syncUrl, `${name}/internal`, await server.token(agent));
      clients.push(again, againInternal);
      expect(await again.ready).toBe(true);
      expect(await againInternal.ready).toBe(true);
      expect(again.doc.getMap("meta").get("schemaVersion")).toBe(DOCUMENT_SCHEMA_VERSION);
      expect(again.doc.getMap("legacy").toJSON()).toEqual({});
      expect(Object.keys(againInternal.doc.getMap("legacy").toJSON()).sort()).toEqual([...moved].sort());
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
      const internal = connect(server.syncUrl, `${name}/internal`, await server.token(agent));
      clients.push(internal);
      expect(await internal.ready).toBe(true);
      expect(internal.doc.getMap("legacy").get("profile.fields")).toEqual({
        id: "profile.fields",
        section: "profile",
        record: { operation: "stocker" },
      });
      expect(await storage.violations.listViolations({ documentPrefix: name })).toEqual([]);
    });

    it("[SYNC6][ACL4][ACL5] a version-2 customer document's legacy records never reach the linked customer: they move to the internal document", async () => {
      if (!server) throw new Error("the first test starts the server");
      // c-demo is the customer record the demo producer is linked to (ACL4: they read it).
      const name = "org/demo/customer/c-demo";
      const doc = new Y.Doc();
      doc.getMap("meta").set("schemaVersion", 2);
      doc.getMap("profile").set("name", "Demo Producer");
      doc.getMap("legacy").set("profile.fields", {
        id: "profile.fields",
        section: "profile",
        record: { notes: "internal: slow payer", ssn: "219099999" },
      });
      await server.storage.appendUpdate(name, Y.encodeStateAsUpdate(doc), "v2");

      const producer = connect(server.syncUrl, name, await server.token(linkedCustomer));
      clients.push(producer);
      expect(await producer.ready).toBe(true);
      expect(producer.provider.authorizedScope).toBe("readonly");
      expect(producer.doc.getMap("meta").get("schemaVersion")).toBe(DOCUMENT_SCHEMA_VERSION);
      expect(producer.doc.getMap("legacy").toJSON()).toEqual({});
      const seen = JSON.stringify(
        Object.fromEntries([...producer.doc.share.keys()].map((k) => [k, producer.doc.getMap(k).toJSON()])),
      );
      expect(seen).not.toContain("219099999");
      expect(seen).not.toContain("slow payer");
      // The producer cannot open where the records went.
      const peek = connect(server.syncUrl, `${name}/internal`, await server.token(linkedCustomer));
      clients.push(peek);
      expect(await peek.ready).toBe(false);
      expect(peek.authFailure).toBe("forbidden");
      // An agent finds them there, unchanged.
      const internal = connect(server.syncUrl, `${name}/internal`, await server.token(agent));
      clients.push(internal);
      expect(await internal.ready).toBe(true);
      expect(internal.doc.getMap("legacy").get("profile.fields")).toEqual({
        id: "profile.fields",
        section: "profile",
        record: { notes: "internal: slow payer", ssn: "219099999" },
      });
    });

    it("[SYNC6][ACL3b] a version-2 organisation document's book index moves to org/{orgId}/book: nothing lost, the organisation document keeps its settings", async () => {
      if (!server) throw new Error("the first test starts the server");
      const orgName = "org/demo";
      const doc = new Y.Doc();
      doc.getMap("meta").set("schemaVersion", 2);
      doc.getMap("settings").set("name", "Demo Agency");
      doc.getMap("customers").set("c-old", sampleCustomerSummary("c-old"));
      doc.getMap("coverages").set("cv-old", sampleCoverageSummary("cv-old", "c-old"));
      await server.storage.appendUpdate(orgName, Y.encodeStateAsUpdate(doc), "v2");
      // Before the organisation document is next loaded, the partner API's reader sees the summaries.
      expect(Object.keys((await storedBookIndex(server.storage, "demo")).coverages)).toContain("cv-old");

      const org = connect(server.syncUrl, orgName, await server.token(admin));
      clients.push(org);
      expect(await org.ready).toBe(true);
      expect(org.doc.getMap("meta").get("schemaVersion")).toBe(DOCUMENT_SCHEMA_VERSION);
      expect(org.doc.getMap("settings").get("name")).toBe("Demo Agency");
      expect(org.doc.getMap("customers").toJSON()).toEqual({});
      expect(org.doc.getMap("coverages").toJSON()).toEqual({});

      const book = connect(server.syncUrl, "org/demo/book", await server.token(agent));
      clients.push(book);
      expect(await book.ready).toBe(true);
      expect(book.doc.getMap("meta").get("schemaVersion")).toBe(DOCUMENT_SCHEMA_VERSION);
      expect(book.doc.getMap("customers").get("c-old")).toEqual(sampleCustomerSummary("c-old"));
      expect(book.doc.getMap("coverages").get("cv-old")).toEqual(sampleCoverageSummary("cv-old", "c-old"));
      // …and the partner API's reader finds them in the book document now.
      const index = await storedBookIndex(server.storage, "demo");
      expect(index.customers["c-old"]).toEqual(sampleCustomerSummary("c-old"));
      expect(await server.storage.violations.listViolations({ documentPrefix: "org/demo/book" })).toEqual([]);
      // The linked producer never opens the book (the summaries list other producers).
      const producer = connect(server.syncUrl, "org/demo/book", await server.token(linkedCustomer));
      clients.push(producer);
      expect(await producer.ready).toBe(false);
      expect(producer.authFailure).toBe("forbidden");
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
