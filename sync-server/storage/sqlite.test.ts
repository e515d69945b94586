import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { SqliteStorage } from "./sqlite";

// The SQLite update log's group commit (STORE1): appends requested together share one transaction, and
// each is committed — visible to another connection of the same file — when its promise resolves.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), "rangeline-sqlite-"));
  dirs.push(dir);
  return join(dir, "db.sqlite");
};
const committedSeqs = (file: string, name: string) => {
  const reader = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = reader.prepare("SELECT seq FROM document_updates WHERE name = ? ORDER BY seq").all(name);
    return rows.map((row) => Number(row.seq));
  } finally {
    reader.close();
  }
};

describe("SqliteStorage group commit", () => {
  it("[STORE1] appends of one turn get distinct increasing seqs, in call order, all committed on resolve", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    // Each update a view into a larger buffer, as a socket's message is.
    const socketBuffer = new Uint8Array(4096).map((_, i) => i % 251);
    const appends = Array.from({ length: 25 }, (_, i) =>
      storage.appendUpdate(
        i % 2 ? "user/a/watchlist" : "user/b/watchlist",
        socketBuffer.subarray(i, i + 1),
        "i1",
      ),
    );
    const first = await appends[0];
    // Resolved means committed: another connection reads every append of the batch.
    expect(committedSeqs(file, "user/b/watchlist")).toContain(first);
    const seqs = await Promise.all(appends);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(25);
    expect(committedSeqs(file, "user/a/watchlist")).toEqual(seqs.filter((_, i) => i % 2));
    const stored = await storage.loadDocument("user/a/watchlist");
    expect(stored.updates.map((u) => [...u.update])).toEqual(
      Array.from({ length: 12 }, (_, k) => [2 * k + 1]),
    );
    await storage.close();
  });

  it("[STORE1] an append that fails is refused alone: the others of its batch are committed", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const trigger = new DatabaseSync(file);
    trigger.exec(
      "CREATE TRIGGER refuse BEFORE INSERT ON document_updates WHEN NEW.name = 'user/bad/watchlist' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;",
    );
    trigger.close();
    const good = storage.appendUpdate("user/a/watchlist", new Uint8Array([2]), "i1");
    const bad = storage.appendUpdate("user/bad/watchlist", new Uint8Array([9]), "i1");
    const later = storage.appendUpdate("user/a/watchlist", new Uint8Array([3]), "i1");
    await expect(bad).rejects.toThrow(/refused by the test/);
    await expect(
      storage.appendUpdate("user/a/watchlist", null as unknown as Uint8Array, "i1"),
    ).rejects.toThrow(/user\/a\/watchlist: the update is not a Uint8Array/);
    const seqs = [await good, await later];
    expect(committedSeqs(file, "user/a/watchlist")).toEqual(seqs);
    await storage.close();
  });

  it("[STORE3] close commits appends still queued", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const pending = storage.appendUpdate("user/a/watchlist", new Uint8Array([7]), "i1");
    await storage.close();
    const seq = await pending;
    expect(committedSeqs(file, "user/a/watchlist")).toEqual([seq]);
  });
});

describe("SqliteStorage update log, compaction and checkpoints", () => {
  it("[STORE1] appends, reads and compaction see one log", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const seqs: number[] = [];
    for (let round = 0; round < 5; round++) {
      const batch = Array.from({ length: 40 }, (_, i) =>
        storage.appendUpdate("user/a/watchlist", new Uint8Array([round, i]), "i1"),
      );
      seqs.push(...(await Promise.all(batch)));
    }
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(committedSeqs(file, "user/a/watchlist")).toEqual(seqs);
    const stored = await storage.loadDocument("user/a/watchlist");
    expect(stored.updates.map((u) => u.seq)).toEqual(seqs);
    // Compaction on the event loop's connection while the worker appends.
    const racing = storage.appendUpdate("user/a/watchlist", new Uint8Array([9]), "i1");
    await storage.compactDocument("user/a/watchlist", new Uint8Array([0, 0]), {
      instanceId: "i1",
      throughSeq: seqs.at(-1) as number,
      loadedThroughSeq: 0,
    });
    const kept = await racing;
    expect((await storage.loadDocument("user/a/watchlist")).updates.map((u) => u.seq)).toEqual([kept]);
    await storage.close();
    // A clean close leaves everything in the database file.
    const reopened = new SqliteStorage(file);
    expect((await reopened.loadDocument("user/a/watchlist")).updates.map((u) => u.seq)).toEqual([kept]);
    await reopened.close();
  });

  it("[STORE2] two compactions of one document at once both end up in the stored state", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const stateWith = (key: string) => {
      const doc = new Y.Doc();
      doc.getMap("items").set(key, { id: key });
      return Y.encodeStateAsUpdate(doc);
    };
    const cover = { instanceId: "i1", throughSeq: 0, loadedThroughSeq: 0 };
    await Promise.all([
      storage.compactDocument("user/a/watchlist", stateWith("one"), cover),
      storage.compactDocument("user/a/watchlist", stateWith("two"), cover),
    ]);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await storage.loadDocument("user/a/watchlist")).state as Uint8Array);
    expect([...doc.getMap("items").keys()].sort()).toEqual(["one", "two"]);
    await storage.close();
  });

  it("[STORE1] the checkpoint worker copies committed appends into the database file itself", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const seqs = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        storage.appendUpdate("user/a/watchlist", new Uint8Array([i]), "i1"),
      ),
    );
    // The event loop's connection never checkpoints (wal_autocheckpoint = 0); the worker does, each second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const copy = `${file}.copy`; // the database file alone, without its WAL
    copyFileSync(file, copy);
    expect(committedSeqs(copy, "user/a/watchlist")).toEqual(seqs);
    await storage.close();
  });
});
