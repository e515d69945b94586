import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { DocumentCipher, encryptedStorage } from "../../../sync-server/storage/encryption";
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
      await storage.members.upsertUser({ id: "auth0|u1", email: "u1@example.test", name: "U One" });
      await storage.members.upsertUser({ id: "auth0|u2", email: null, name: null });
      await storage.members.addMembership("auth0|u1", "demo", "agent");
      await storage.members.addMembership("auth0|u1", "demo", "admin");
      await storage.members.addMembership("auth0|u1", "demo", "admin");
      await storage.members.addMembership("auth0|u2", "demo", "customer");
      await storage.members.linkCustomer("auth0|u2", "demo", "c-1");
      expect(await storage.members.loadSubject("auth0|u1")).toEqual({
        userId: "auth0|u1",
        memberships: [
          { orgId: "demo", role: "admin" },
          { orgId: "demo", role: "agent" },
        ],
        customerLinks: [],
      });
      expect((await storage.members.loadSubject("auth0|u2")).customerLinks).toEqual([
        { orgId: "demo", customerId: "c-1" },
      ]);
      expect(await storage.members.loadSubject("auth0|ghost")).toEqual({
        userId: "auth0|ghost",
        memberships: [],
        customerLinks: [],
      });
      expect(await storage.members.listMembers("demo")).toEqual([
        { id: "auth0|u1", email: "u1@example.test", name: "U One", roles: ["admin", "agent"] },
        { id: "auth0|u2", email: null, name: null, roles: ["customer"] },
      ]);
      await storage.members.removeMembership("auth0|u1", "demo", "admin");
      expect((await storage.members.loadSubject("auth0|u1")).memberships).toEqual([
        { orgId: "demo", role: "agent" },
      ]);
    });

    it("[ACL7] claim links are set, replaced and cleared", async () => {
      expect(await storage.claims.getClaimCustomer("demo", "cl-1")).toBeNull();
      await storage.claims.setClaimCustomer("demo", "cl-1", "c-1");
      await storage.claims.setClaimCustomer("demo", "cl-1", "c-2");
      expect(await storage.claims.getClaimCustomer("demo", "cl-1")).toBe("c-2");
      await storage.claims.setClaimCustomer("demo", "cl-1", null);
      expect(await storage.claims.getClaimCustomer("demo", "cl-1")).toBeNull();
    });

    it("[SYNC3] violations are recorded and listed newest first", async () => {
      const issues = [{ path: ["settings", "email"], message: "Invalid email address" }];
      const first = await storage.violations.recordViolation({
        documentName: "org/demo",
        userId: "auth0|u1",
        at: 1000,
        issues,
      });
      const second = await storage.violations.recordViolation({
        documentName: "org/other",
        userId: null,
        at: 2000,
        issues: [],
      });
      const all = await storage.violations.listViolations();
      expect(all.map((v) => v.id)).toEqual([second, first]);
      expect(await storage.violations.listViolations({ documentPrefix: "org/demo" })).toEqual([
        { id: first, documentName: "org/demo", userId: "auth0|u1", at: 1000, lastAt: 1000, count: 1, issues },
      ]);
    });

    // --- Refused writes aggregated (docs/hardening.md; rule VIOL1) ---
    const refusal = (
      documentName: string,
      userId: string | null,
      at: number,
      path: string[],
      message: string,
    ) => storage.violations.recordViolation({ documentName, userId, at, issues: [{ path, message }] });

    it("[VIOL1] 300 refusals of one kind by one user within a second are one row counting 300, first and last time", async () => {
      const name = "org/flood/customer/c-1";
      const start = 1_800_000_000_000; // a window boundary (a multiple of a minute)
      const ids = new Set<number>();
      for (let i = 0; i < 300; i++) {
        // A flood that varies the record key and the value is still one kind.
        ids.add(
          await refusal(name, "auth0|flooder", start + i * 3, ["coverages", `cov-${i}`, "head"], "Too big"),
        );
      }
      expect(ids.size).toBe(1);
      expect(await storage.violations.listViolations({ documentPrefix: name })).toEqual([
        {
          id: [...ids][0],
          documentName: name,
          userId: "auth0|flooder",
          at: start,
          lastAt: start + 897,
          count: 300,
          issues: [{ path: ["coverages", "cov-0", "head"], message: "Too big" }],
        },
      ]);
    });

    it("[VIOL1] other users, other kinds and the next window get rows of their own, latest first", async () => {
      const name = "org/flood2/customer/c-1";
      const start = 1_800_000_000_000;
      await refusal(name, "auth0|a", start, ["profile", "email"], "Invalid email");
      await refusal(name, "auth0|a", start + 10, ["profile", "email"], "Invalid email");
      await refusal(name, "auth0|b", start + 20, ["profile", "email"], "Invalid email");
      await refusal(name, "auth0|a", start + 30, ["settings"], "Not allowed");
      await refusal(name, null, start + 40, ["profile", "email"], "Invalid email");
      await refusal(name, null, start + 50, ["profile", "email"], "Invalid email");
      await refusal(name, "auth0|a", start + 60_000, ["profile", "email"], "Invalid email");
      const listed = await storage.violations.listViolations({ documentPrefix: name });
      expect(listed.map((v) => [v.userId, v.issues[0]?.path[0], v.count, v.at, v.lastAt])).toEqual([
        ["auth0|a", "profile", 1, start + 60_000, start + 60_000],
        [null, "profile", 2, start + 40, start + 50],
        ["auth0|a", "settings", 1, start + 30, start + 30],
        ["auth0|b", "profile", 1, start + 20, start + 20],
        ["auth0|a", "profile", 2, start, start + 10],
      ]);
    });

    it("[VIOL1] beyond 20 kinds per document, user and window, further kinds share one row", async () => {
      const name = "org/flood3/customer/c-1";
      const start = 1_800_000_000_000;
      for (let i = 0; i < 50; i++) await refusal(name, "auth0|a", start + i, [`section-${i}`], "Not allowed");
      const listed = await storage.violations.listViolations({ documentPrefix: name, limit: 500 });
      expect(listed.map((v) => v.count)).toEqual([30, ...Array.from({ length: 20 }, () => 1)]);
    });
    // --- end of refused writes aggregated ---

    it("[ATTACH2] an organisation's attachment bytes are the sum of its files' sizes, counted once per id", async () => {
      const attachment = (orgId: string, claimId: string, id: string, size: number) =>
        storage.claims.putAttachment(
          {
            orgId,
            claimId,
            id,
            name: `${id}.pdf`,
            contentType: "application/pdf",
            size,
            sha256: "c".repeat(64),
            uploadedBy: "auth0|agent",
            uploadedAt: 1_700_000_000_000,
          },
          new Uint8Array(size),
        );
      expect(await storage.claims.orgAttachmentBytes("quota")).toBe(0);
      await attachment("quota", "cl-1", "a", 1000);
      await attachment("quota", "cl-2", "b", 234);
      await attachment("quota", "cl-1", "a", 1000); // the same id again: stored once
      await attachment("quota-other", "cl-1", "c", 5000);
      expect(await storage.claims.orgAttachmentBytes("quota")).toBe(1234);
    });

    it("[SYNC5] a marker is claimed once", async () => {
      expect(await storage.settings.claimMarker("seed:demo")).toBe(true);
      expect(await storage.settings.claimMarker("seed:demo")).toBe(false);
    });

    // --- Record history and settings (docs/agent-book.md) ---

    it("[AUDIT1] history rows are appended in a batch and listed newest first, with the writer's name, by record", async () => {
      await storage.members.upsertUser({ id: "auth0|hist", email: "hist@example.test", name: "Hist Agent" });
      const doc = "org/demo/customer/c-hist";
      const internal = `${doc}/internal`;
      const row = (at: number, section: string, recordKey: string, fields: string[], documentName = doc) => ({
        documentName,
        section,
        recordKey,
        action: "changed" as const,
        fields,
        userId: "auth0|hist",
        at,
      });
      await storage.history.appendHistory([]);
      await storage.history.appendHistory([
        row(1000, "coverages", "cv-1", ["head"]),
        row(2000, "coverages", "cv-2", ["status"]),
        row(3000, "entities", "e-1", ["legalName", "address.city"]),
        row(4000, "taxIds", "e-1.spouse", ["taxId"], internal),
        row(5000, "taxIds", "e-10", ["taxId"], internal),
        row(6000, "coverages", "cv-1", ["share"], "org/demo/customer/c-other"),
      ]);
      await storage.history.appendHistory([
        { ...row(7000, "coverages", "cv-1", []), action: "removed", userId: "auth0|ghost" },
      ]);
      const all = await storage.history.listHistory({ documentNames: [doc, internal] });
      expect(all.map((h) => h.at)).toEqual([7000, 5000, 4000, 3000, 2000, 1000]);
      expect(all[3]).toEqual({
        id: expect.any(Number),
        documentName: doc,
        section: "entities",
        recordKey: "e-1",
        action: "changed",
        fields: ["legalName", "address.city"],
        userId: "auth0|hist",
        userEmail: "hist@example.test",
        userName: "Hist Agent",
        at: 3000,
      });
      expect(all[0]).toMatchObject({
        action: "removed",
        userId: "auth0|ghost",
        userEmail: null,
        userName: null,
      });
      const cv1 = await storage.history.listHistory({ documentNames: [doc, internal], recordKey: "cv-1" });
      expect(cv1.map((h) => [h.at, h.fields])).toEqual([
        [7000, []],
        [1000, ["head"]],
      ]);
      // An entity's history includes its tax ids' rows (`e-1.spouse`), not another entity's (`e-10`).
      const e1 = await storage.history.listHistory({ documentNames: [doc, internal], recordKey: "e-1" });
      expect(e1.map((h) => [h.section, h.recordKey])).toEqual([
        ["taxIds", "e-1.spouse"],
        ["entities", "e-1"],
      ]);
      expect(await storage.history.listHistory({ documentNames: [doc], limit: 2 })).toHaveLength(2);
      expect(await storage.history.listHistory({ documentNames: [] })).toEqual([]);
    });

    it("[STORE5] a setting is set once: later claims read the first value", async () => {
      expect(await storage.settings.claimSetting("key-check", "first")).toBe("first");
      expect(await storage.settings.claimSetting("key-check", "second")).toBe("first");
    });

    it("[STORE2] compaction combines the stored state with the new one through the merge hook when given", async () => {
      const name = "org/demo/customer/c-merge";
      const none = { instanceId: "i", throughSeq: 0, loadedThroughSeq: 0 };
      await storage.compactDocument(name, update("a", "1"), none);
      const seen: (Uint8Array | null)[] = [];
      await storage.compactDocument(name, update("b", "2"), none, (stored) => {
        seen.push(stored);
        return update("only", "this");
      });
      expect(seen).toHaveLength(1);
      expect(read(seen[0] ?? null, [])).toEqual({ a: "1" });
      expect(read((await storage.loadDocument(name)).state, [])).toEqual({ only: "this" });
    });

    it("[STORE5] through the encryption wrapper, internal documents are sealed in storage and read back plain", async () => {
      const cipher = new DocumentCipher(randomBytes(32));
      const sealed = encryptedStorage(storage, cipher);
      const name = "org/demo/customer/c-secret/internal";
      const secret = (value: string) => {
        const doc = new Y.Doc();
        doc.getMap("items").set("taxId", value);
        return Y.encodeStateAsUpdate(doc);
      };
      await sealed.appendUpdate(name, secret("501234987"), "i1");
      const raw = await storage.loadDocument(name);
      expect(Buffer.from(raw.updates[0]?.update ?? []).includes("501234987")).toBe(false);
      expect(
        read(
          null,
          (await sealed.loadDocument(name)).updates.map((u) => u.update),
        ),
      ).toEqual({
        taxId: "501234987",
      });
      const loaded = await sealed.loadDocument(name);
      await sealed.compactDocument(name, secret("501234987"), {
        instanceId: "i1",
        throughSeq: loaded.updates.at(-1)?.seq ?? 0,
        loadedThroughSeq: 0,
      });
      await sealed.compactDocument(name, update("note", "kept"), {
        instanceId: "i2",
        throughSeq: 0,
        loadedThroughSeq: 0,
      });
      const compacted = await storage.loadDocument(name);
      expect(compacted.updates).toEqual([]);
      expect(Buffer.from(compacted.state ?? []).includes("501234987")).toBe(false);
      expect(read((await sealed.loadDocument(name)).state, [])).toEqual({ taxId: "501234987", note: "kept" });
      // Another key cannot open it: a clear error naming the document, not its content.
      const wrong = encryptedStorage(storage, new DocumentCipher(randomBytes(32)));
      await expect(wrong.loadDocument(name)).rejects.toThrow(
        /Cannot decrypt the stored document org\/demo\/customer\/c-secret\/internal: DATA_ENCRYPTION_KEY/,
      );
      // Other documents pass through as they are.
      await sealed.appendUpdate("org/demo/customer/c-secret", update("plain", "yes"), "i1");
      const plain = await storage.loadDocument("org/demo/customer/c-secret");
      expect(
        read(
          null,
          plain.updates.map((u) => u.update),
        ),
      ).toEqual({ plain: "yes" });
    });

    // --- end of record history and settings ---

    // --- Session revocation (docs/hardening.md) ---
    it("[SESSION1] revocations are kept, a user's cutoff only moves later, and expired ones are left out", async () => {
      const at = 1_800_000_000_000;
      await storage.sessions.revokeSessions({
        kind: "token",
        key: "hash-a",
        userId: "u1",
        at,
        expiresAt: at + 1000,
      });
      await storage.sessions.revokeSessions({
        kind: "user",
        key: "u1",
        userId: "u1",
        at,
        expiresAt: at + 5000,
      });
      await storage.sessions.revokeSessions({
        kind: "user",
        key: "u1",
        userId: "u1",
        at: at - 10,
        expiresAt: at + 10,
      });
      await storage.sessions.revokeSessions({
        kind: "session",
        key: "sid-1",
        userId: "u2",
        at,
        expiresAt: at + 50,
      });
      const live = await storage.sessions.listRevocations(at);
      expect(live).toEqual([
        { kind: "session", key: "sid-1", userId: "u2", at, expiresAt: at + 50 },
        { kind: "token", key: "hash-a", userId: "u1", at, expiresAt: at + 1000 },
        { kind: "user", key: "u1", userId: "u1", at, expiresAt: at + 5000 },
      ]);
      await storage.sessions.revokeSessions({
        kind: "user",
        key: "u1",
        userId: "u1",
        at: at + 20,
        expiresAt: at + 6000,
      });
      expect((await storage.sessions.listRevocations(at)).find((r) => r.kind === "user")?.at).toBe(at + 20);
      expect((await storage.sessions.listRevocations(at + 1000)).map((r) => r.key)).toEqual(["u1"]);
    });
    // --- end of session revocation ---
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
