import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "./services";

// One contract, two databases (CONVENTIONS.md 6): the same suite runs on SQLite and PostgreSQL.

const update = (key: string, value: string): Uint8Array => {
  const doc = new Y.Doc();
  doc.getMap("items").set(key, value);
  return Y.encodeStateAsUpdate(doc);
};
const read = (state: Uint8Array | null, updates: Uint8Array[]) => {
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  for (const u of updates) Y.applyUpdate(doc, u);
  return doc.getMap("items").toJSON();
};

function storageContract(label: string, open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  describe(`[STORE4] storage contract: ${label}`, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await open();
    });
    afterAll(async () => {
      await storage.close();
      await cleanup();
    });

    it("[STORE1] appends updates in order and loads them back", async () => {
      const a = await storage.appendUpdate("user/u1/watchlist", update("a", "1"), "i1");
      const b = await storage.appendUpdate("user/u1/watchlist", update("b", "2"), "i1");
      expect(b).toBeGreaterThan(a);
      const loaded = await storage.loadDocument("user/u1/watchlist");
      expect(loaded.state).toBeNull();
      expect(loaded.updates.map((u) => u.seq)).toEqual([a, b]);
      expect(
        read(
          loaded.state,
          loaded.updates.map((u) => u.update),
        ),
      ).toEqual({ a: "1", b: "2" });
      expect((await storage.loadDocument("user/nobody/watchlist")).updates).toEqual([]);
    });

    it("[STORE2] compaction keeps the content and drops only this instance's compacted entries", async () => {
      const name = "org/demo/customer/c1";
      const first = await storage.appendUpdate(name, update("x", "1"), "i1");
      const foreign = await storage.appendUpdate(name, update("y", "2"), "i2");
      const doc = new Y.Doc();
      Y.applyUpdate(doc, update("x", "1"));
      await storage.compactDocument(name, Y.encodeStateAsUpdate(doc), {
        instanceId: "i1",
        throughSeq: first,
        loadedThroughSeq: 0,
      });
      const later = await storage.appendUpdate(name, update("z", "3"), "i1");
      const loaded = await storage.loadDocument(name);
      expect(loaded.state).not.toBeNull();
      expect(loaded.updates.map((u) => u.seq)).toEqual([foreign, later]);
      expect(
        read(
          loaded.state,
          loaded.updates.map((u) => u.update),
        ),
      ).toEqual({ x: "1", y: "2", z: "3" });
    });

    it("[STORE2] compaction merges with a state stored by another instance", async () => {
      const name = "org/demo/campaign/k1";
      const none = { throughSeq: 0, loadedThroughSeq: 0 };
      await storage.compactDocument(name, update("from-a", "1"), { instanceId: "a", ...none });
      await storage.compactDocument(name, update("from-b", "2"), { instanceId: "b", ...none });
      const loaded = await storage.loadDocument(name);
      expect(read(loaded.state, [])).toEqual({ "from-a": "1", "from-b": "2" });
      expect(await storage.listDocuments("org/demo/ca")).toEqual([name]);
    });

    it("[STORE2] compaction drops entries that were loaded, whoever wrote them (a crashed instance's)", async () => {
      const name = "org/demo/customer/c-crash";
      const crashed = await storage.appendUpdate(name, update("before", "crash"), "dead-instance");
      const loaded = await storage.loadDocument(name);
      const live = await storage.appendUpdate(name, update("live", "peer"), "live-peer");
      const doc = new Y.Doc();
      for (const u of loaded.updates) Y.applyUpdate(doc, u.update);
      await storage.compactDocument(name, Y.encodeStateAsUpdate(doc), {
        instanceId: "restarted",
        throughSeq: 0,
        loadedThroughSeq: crashed,
      });
      const after = await storage.loadDocument(name);
      expect(after.updates.map((u) => u.seq)).toEqual([live]);
      expect(
        read(
          after.state,
          after.updates.map((u) => u.update),
        ),
      ).toEqual({ before: "crash", live: "peer" });
    });

    it("[ACL11] memberships and customer links round-trip through the tables", async () => {
      await storage.upsertUser({ id: "auth0|u1", email: "u1@example.test", name: "U One" });
      await storage.upsertUser({ id: "auth0|u2", email: null, name: null });
      await storage.addMembership("auth0|u1", "demo", "agent");
      await storage.addMembership("auth0|u1", "demo", "admin");
      await storage.addMembership("auth0|u1", "demo", "admin");
      await storage.addMembership("auth0|u2", "demo", "customer");
      await storage.linkCustomer("auth0|u2", "demo", "c-1");
      expect(await storage.loadSubject("auth0|u1")).toEqual({
        userId: "auth0|u1",
        memberships: [
          { orgId: "demo", role: "admin" },
          { orgId: "demo", role: "agent" },
        ],
        customerLinks: [],
      });
      expect((await storage.loadSubject("auth0|u2")).customerLinks).toEqual([
        { orgId: "demo", customerId: "c-1" },
      ]);
      expect(await storage.loadSubject("auth0|ghost")).toEqual({
        userId: "auth0|ghost",
        memberships: [],
        customerLinks: [],
      });
      expect(await storage.listMembers("demo")).toEqual([
        { id: "auth0|u1", email: "u1@example.test", name: "U One", roles: ["admin", "agent"] },
        { id: "auth0|u2", email: null, name: null, roles: ["customer"] },
      ]);
      await storage.removeMembership("auth0|u1", "demo", "admin");
      expect((await storage.loadSubject("auth0|u1")).memberships).toEqual([{ orgId: "demo", role: "agent" }]);
    });

    it("[ACL7] claim links are set, replaced and cleared", async () => {
      expect(await storage.getClaimCustomer("demo", "cl-1")).toBeNull();
      await storage.setClaimCustomer("demo", "cl-1", "c-1");
      await storage.setClaimCustomer("demo", "cl-1", "c-2");
      expect(await storage.getClaimCustomer("demo", "cl-1")).toBe("c-2");
      await storage.setClaimCustomer("demo", "cl-1", null);
      expect(await storage.getClaimCustomer("demo", "cl-1")).toBeNull();
    });

    it("[SYNC3] violations are recorded and listed newest first", async () => {
      const issues = [{ path: ["settings", "email"], message: "Invalid email address" }];
      const first = await storage.recordViolation({
        documentName: "org/demo",
        userId: "auth0|u1",
        at: 1000,
        issues,
      });
      const second = await storage.recordViolation({
        documentName: "org/other",
        userId: null,
        at: 2000,
        issues: [],
      });
      const all = await storage.listViolations();
      expect(all.map((v) => v.id)).toEqual([second, first]);
      expect(await storage.listViolations({ documentPrefix: "org/demo" })).toEqual([
        { id: first, documentName: "org/demo", userId: "auth0|u1", at: 1000, issues },
      ]);
    });

    it("[SYNC5] a marker is claimed once", async () => {
      expect(await storage.claimMarker("seed:demo")).toBe(true);
      expect(await storage.claimMarker("seed:demo")).toBe(false);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "rangeline-storage-"));
storageContract(
  "SQLite",
  async () => new SqliteStorage(join(dir, "contract.sqlite")),
  async () => rmSync(dir, { recursive: true, force: true }),
);

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("contract");
  storageContract(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
