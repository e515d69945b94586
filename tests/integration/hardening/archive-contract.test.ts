import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { setUpdateAuthor } from "../../../sync-server/storage/authors";
import { DocumentCipher, encryptedStorage } from "../../../sync-server/storage/encryption";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// The storage contract's part for the document history (docs/hardening.md; HIST1), on SQLite and PostgreSQL:
// compaction moves the log entries it folds into the archive with their author and time; the history up
// to a time is the base and every archived or logged update received by then; pruning folds the oldest
// into the base, so the oldest point kept stays readable; internal documents stay sealed at rest; the
// documents nobody restores (market, watchlists, book index) keep none.

/** An update that sets `key` to `value` on top of `doc` (the doc is changed too). */
function edit(doc: Y.Doc, key: string, value: string | null): Uint8Array {
  let out: Uint8Array | null = null;
  const listen = (u: Uint8Array) => {
    out = u;
  };
  doc.on("update", listen);
  if (value === null) doc.getMap("items").delete(key);
  else doc.getMap("items").set(key, value);
  doc.off("update", listen);
  if (!out) throw new Error("no update");
  return out;
}

const stateOf = (archive: {
  base: { state: Uint8Array | null } | null;
  updates: { update: Uint8Array }[];
}) => {
  const doc = new Y.Doc();
  if (archive.base?.state) Y.applyUpdate(doc, archive.base.state);
  for (const u of archive.updates) Y.applyUpdate(doc, u.update);
  return doc.getMap("items").toJSON();
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function archiveContract(label: string, open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  describe(`[HIST1] document history in storage: ${label}`, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await open();
    });
    afterAll(async () => {
      await storage.close();
      await cleanup();
    });

    it("compaction moves what it folds into the history, with author and time; reads stop at a time", async () => {
      const name = "org/h1/customer/c1";
      const doc = new Y.Doc();
      const first = edit(doc, "a", "1");
      const a = await storage.appendUpdate(name, first, "i1", "user-a");
      await pause(5);
      const between = Date.now();
      await pause(5);
      const second = edit(doc, "b", "2");
      setUpdateAuthor(second, "user-b"); // found by its bytes when no author is passed
      const b = await storage.appendUpdate(name, second, "i1");
      const third = edit(doc, "a", null);
      const c = await storage.appendUpdate(name, third, "i1"); // the server's own

      // Before compaction the history is the log alone.
      const logged = await storage.readArchive(name);
      expect(logged.base).toBeNull();
      expect(logged.updates.map((u) => [u.seq, u.userId])).toEqual([
        [a, "user-a"],
        [b, "user-b"],
        [c, null],
      ]);

      await storage.compactDocument(name, Y.encodeStateAsUpdate(doc), {
        instanceId: "i1",
        throughSeq: b,
        loadedThroughSeq: 0,
      });
      expect((await storage.loadDocument(name)).updates.map((u) => u.seq)).toEqual([c]);
      const all = await storage.readArchive(name);
      // A document never compacted before: its history holds every change (base empty, since 0).
      expect(all.base).toEqual({ state: null, since: 0 });
      expect(all.updates.map((u) => [u.seq, u.userId])).toEqual([
        [a, "user-a"],
        [b, "user-b"],
        [c, null],
      ]);
      expect(all.updates.every((u) => u.at > 0)).toBe(true);
      expect(stateOf(all)).toEqual({ b: "2" });
      const early = await storage.readArchive(name, between);
      expect(early.updates.map((u) => u.seq)).toEqual([a]);
      expect(stateOf(early)).toEqual({ a: "1" });
    });

    it("a document compacted before its history began keeps that state as the base", async () => {
      const name = "org/h1/customer/c2";
      const doc = new Y.Doc();
      const old = edit(doc, "old", "1");
      await storage.compactDocument(name, old, { instanceId: "i1", throughSeq: 0, loadedThroughSeq: 0 });
      // The first compaction of an empty log also starts the history, from the state stored then.
      const seq = await storage.appendUpdate(name, edit(doc, "new", "2"), "i1", "user-a");
      await storage.compactDocument(name, Y.encodeStateAsUpdate(doc), {
        instanceId: "i1",
        throughSeq: seq,
        loadedThroughSeq: 0,
      });
      const archive = await storage.readArchive(name);
      expect(archive.updates.map((u) => u.seq)).toEqual([seq]);
      expect(stateOf(archive)).toEqual({ old: "1", new: "2" });
    });

    it("pruning folds updates older than the cutoff into the base: the oldest point kept still reads", async () => {
      const name = "org/h1/customer/c3";
      const doc = new Y.Doc();
      const s1 = await storage.appendUpdate(name, edit(doc, "x", "1"), "i1", "user-a");
      const s2 = await storage.appendUpdate(name, edit(doc, "y", "2"), "i1", "user-a");
      await pause(5);
      const cutoff = Date.now();
      await pause(5);
      const s3 = await storage.appendUpdate(name, edit(doc, "x", null), "i1", "user-b");
      await storage.compactDocument(name, Y.encodeStateAsUpdate(doc), {
        instanceId: "i1",
        throughSeq: s3,
        loadedThroughSeq: 0,
      });
      const folded = await storage.pruneArchive(cutoff);
      expect(folded).toBeGreaterThanOrEqual(2); // this document's two (and any older of other tests)
      const archive = await storage.readArchive(name);
      expect(archive.base?.since).toBe(cutoff);
      expect(archive.updates.map((u) => u.seq)).toEqual([s3]);
      expect(stateOf({ base: archive.base, updates: [] })).toEqual({ x: "1", y: "2" });
      expect(stateOf(archive)).toEqual({ y: "2" });
      expect([s1, s2].every((s) => s < s3)).toBe(true);
      expect(await storage.pruneArchive(cutoff)).toBe(0);
    });

    it("the market, watchlists and the book index keep no history: compaction only deletes", async () => {
      for (const name of ["market/current", "user/u1/watchlist", "org/h1/book"]) {
        const doc = new Y.Doc();
        const seq = await storage.appendUpdate(name, edit(doc, "k", "v"), "i1", "user-a");
        await storage.compactDocument(name, Y.encodeStateAsUpdate(doc), {
          instanceId: "i1",
          throughSeq: seq,
          loadedThroughSeq: 0,
        });
        expect((await storage.loadDocument(name)).updates, name).toEqual([]);
        expect(await storage.readArchive(name), name).toEqual({ base: null, updates: [] });
      }
    });

    it("through the encryption wrapper, an internal document's history is sealed at rest and read plain", async () => {
      const cipher = new DocumentCipher(randomBytes(32));
      const sealed = encryptedStorage(storage, cipher);
      const name = "org/h1/customer/c4/internal";
      const doc = new Y.Doc();
      const secret = "123-45-6789";
      const s1 = await sealed.appendUpdate(name, edit(doc, "tin", secret), "i1", "user-a");
      await pause(5);
      const cutoff = Date.now();
      await pause(5);
      const s2 = await sealed.appendUpdate(name, edit(doc, "note", "hello"), "i1", "user-b");
      await sealed.compactDocument(name, Y.encodeStateAsUpdate(doc), {
        instanceId: "i1",
        throughSeq: s2,
        loadedThroughSeq: 0,
      });
      const raw = await storage.readArchive(name);
      const rawBytes = [raw.base?.state, ...raw.updates.map((u) => u.update)].filter(Boolean) as Uint8Array[];
      expect(rawBytes.every((b) => !Buffer.from(b).includes(secret))).toBe(true);
      expect(stateOf(await sealed.readArchive(name))).toEqual({ tin: secret, note: "hello" });
      expect((await sealed.readArchive(name)).updates.map((u) => [u.seq, u.userId])).toEqual([
        [s1, "user-a"],
        [s2, "user-b"],
      ]);
      await sealed.pruneArchive(cutoff);
      const pruned = await storage.readArchive(name);
      expect(Buffer.from(pruned.base?.state ?? new Uint8Array()).includes(secret)).toBe(false);
      const plain = await sealed.readArchive(name);
      expect(stateOf({ base: plain.base, updates: [] })).toEqual({ tin: secret });
      expect(stateOf(plain)).toEqual({ tin: secret, note: "hello" });
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "rangeline-archive-"));
archiveContract(
  "SQLite",
  async () => new SqliteStorage(join(dir, "archive.sqlite")),
  async () => rmSync(dir, { recursive: true, force: true }),
);

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("archive");
  archiveContract(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
