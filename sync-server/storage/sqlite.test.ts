import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { SqliteStorage } from "./sqlite";
import type { SqliteCheckpointer } from "./sqlite-checkpointer";

// The SQLite update log (STORE1): each append is written to the log file in the turn that asks for it,
// each is on record there when its promise resolves, and the file's records move into the table.

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
/** The files of a live storage as a crash of its process would leave them, copied to a new place. */
const afterCrash = (file: string) => {
  const copy = tempFile();
  for (const suffix of ["", "-wal", "-updates"]) {
    if (existsSync(file + suffix)) copyFileSync(file + suffix, copy + suffix);
  }
  return copy;
};
const loggedSeqs = async (file: string, name: string) => {
  const storage = new SqliteStorage(file);
  try {
    return (await storage.loadDocument(name)).updates.map((u) => u.seq);
  } finally {
    await storage.close();
  }
};

describe("SqliteStorage update log file", () => {
  it("[STORE1] appends of one turn get distinct increasing seqs, in call order, each on record when it resolves", async () => {
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
    // Resolved means on record: the files as a crash would leave them now hold every append of the batch.
    const crashed = afterCrash(file);
    expect(committedSeqs(file, "user/b/watchlist")).toEqual([]); // not yet in the table
    expect(await loggedSeqs(crashed, "user/b/watchlist")).toContain(first);
    const seqs = await Promise.all(appends);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(25);
    expect(await loggedSeqs(crashed, "user/a/watchlist")).toEqual(seqs.filter((_, i) => i % 2));
    const stored = await storage.loadDocument("user/a/watchlist");
    expect(stored.updates.map((u) => [...u.update])).toEqual(
      Array.from({ length: 12 }, (_, k) => [2 * k + 1]),
    );
    expect(committedSeqs(file, "user/a/watchlist")).toEqual(seqs.filter((_, i) => i % 2)); // a read moves them
    await storage.close();
  });

  it("[STORE1] the flush timer moves a record that waited a whole minute; one appended since waits for the next", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const file = tempFile();
      const storage = new SqliteStorage(file);
      const early = await storage.appendUpdate("user/a/watchlist", new Uint8Array([1]), "i1");
      await vi.advanceTimersByTimeAsync(30_000);
      const late = await storage.appendUpdate("user/a/watchlist", new Uint8Array([2]), "i1");
      // The write lock's retry is a timer too: advanced in small steps until the table has the record.
      const inTable = async (seqs: number[]) => {
        for (let i = 0; i < 200 && committedSeqs(file, "user/a/watchlist").length < seqs.length; i++) {
          await vi.advanceTimersByTimeAsync(10);
        }
        return committedSeqs(file, "user/a/watchlist");
      };
      await vi.advanceTimersByTimeAsync(30_000);
      const afterOneMinute = await inTable([early]);
      await vi.advanceTimersByTimeAsync(60_000);
      const afterTwo = await inTable([early, late]);
      await storage.close();
      expect({ afterOneMinute, afterTwo }).toEqual({ afterOneMinute: [early], afterTwo: [early, late] });
    } finally {
      vi.useRealTimers();
    }
  });

  it("[STORE1] an update the table refuses stays in the log file; nothing acknowledged is lost", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const trigger = new DatabaseSync(file);
    trigger.exec(
      "CREATE TRIGGER refuse BEFORE INSERT ON document_updates WHEN NEW.name = 'user/bad/watchlist' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;",
    );
    const good = storage.appendUpdate("user/a/watchlist", new Uint8Array([2]), "i1");
    const bad = storage.appendUpdate("user/bad/watchlist", new Uint8Array([9]), "i1");
    const later = storage.appendUpdate("user/a/watchlist", new Uint8Array([3]), "i1");
    await expect(
      storage.appendUpdate("user/a/watchlist", null as unknown as Uint8Array, "i1"),
    ).rejects.toThrow(/user\/a\/watchlist: the update is not a Uint8Array/);
    const seqs = [await good, await later];
    const badSeq = await bad;
    expect((await storage.loadDocument("user/a/watchlist")).updates.map((u) => u.seq)).toEqual(seqs);
    expect(committedSeqs(file, "user/bad/watchlist")).toEqual([]);
    await storage.close();
    trigger.exec("DROP TRIGGER refuse");
    trigger.close();
    expect(await loggedSeqs(file, "user/bad/watchlist")).toEqual([badSeq]);
    expect(await loggedSeqs(file, "user/a/watchlist")).toEqual(seqs);
  });

  it("[STORE1] a record cut short by a crash is dropped, and whole records before it are kept", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const seqs = await Promise.all(
      [1, 2, 3].map((i) => storage.appendUpdate("user/a/watchlist", new Uint8Array([i]), "i1")),
    );
    const crashed = afterCrash(file);
    await storage.close();
    // The start of a fourth record: its length says more bytes follow than there are.
    appendFileSync(`${crashed}-updates`, Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5]));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await loggedSeqs(crashed, "user/a/watchlist")).toEqual(seqs);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/dropped 9 bytes after 3 whole update/));
    } finally {
      warn.mockRestore();
    }
  });

  it("[STORE1] records in the table and still in the file (a crash between the two) are not doubled", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const seqs = await Promise.all(
      [1, 2].map((i) => storage.appendUpdate("user/a/watchlist", new Uint8Array([i]), "i1")),
    );
    const logBefore = readFileSync(`${file}-updates`);
    await storage.loadDocument("user/a/watchlist"); // moves them into the table and empties the file
    expect(readFileSync(`${file}-updates`).length).toBe(0);
    await storage.close();
    writeFileSync(`${file}-updates`, logBefore);
    expect(await loggedSeqs(file, "user/a/watchlist")).toEqual(seqs);
  });

  it("[STORE3] close moves appends still queued into the table", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const pending = storage.appendUpdate("user/a/watchlist", new Uint8Array([7]), "i1");
    await storage.close();
    const seq = await pending;
    expect(committedSeqs(file, "user/a/watchlist")).toEqual([seq]);
  });

  it("[STORE2] a seq is never used twice, even after compaction removed the newest and a restart", async () => {
    const file = tempFile();
    let storage = new SqliteStorage(file);
    const first = await storage.appendUpdate("user/a/watchlist", new Uint8Array([1]), "i1");
    await storage.compactDocument("user/a/watchlist", new Uint8Array([0, 0]), {
      instanceId: "i1",
      throughSeq: first,
      loadedThroughSeq: 0,
    });
    await storage.close();
    storage = new SqliteStorage(file);
    expect(await storage.appendUpdate("user/a/watchlist", new Uint8Array([2]), "i1")).toBeGreaterThan(first);
    await storage.close();
  });
});

describe("SqliteStorage write lock", () => {
  it("[STORE1] a compaction archives its document's logged updates straight from the file's records; a crash after it doubles nothing", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const name = "org/o1/customer/c1";
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on("update", (update: Uint8Array) => updates.push(update));
    doc.getMap("profile").set("name", "Ada");
    doc.getMap("profile").set("name", "Ada Lovelace");
    const seqs = [];
    for (const update of updates) seqs.push(await storage.appendUpdate(name, update, "i1", "auth0|agent"));
    const other = await storage.appendUpdate("org/o1/customer/c2", new Uint8Array([0, 0]), "i1");
    await storage.compactDocument(name, Y.encodeStateAsUpdate(doc), {
      instanceId: "i1",
      throughSeq: Math.max(...seqs),
      loadedThroughSeq: 0,
    });
    // Never in the log table; in the document's history with their author; the other document's
    // update still waits in the file.
    expect(committedSeqs(file, name)).toEqual([]);
    const archive = await storage.readArchive(name);
    expect(archive.updates.map((u) => [u.seq, u.userId])).toEqual(seqs.map((seq) => [seq, "auth0|agent"]));
    expect(committedSeqs(file, "org/o1/customer/c2")).toEqual([other]);

    // A crash now: the file may still hold the archived records; a restart changes nothing.
    const copy = afterCrash(file);
    await storage.close();
    const restarted = new SqliteStorage(copy);
    try {
      const loaded = await restarted.loadDocument(name);
      const replay = new Y.Doc();
      if (loaded.state) Y.applyUpdate(replay, loaded.state);
      for (const u of loaded.updates) Y.applyUpdate(replay, u.update);
      expect(replay.getMap("profile").toJSON()).toEqual({ name: "Ada Lovelace" });
      expect((await restarted.readArchive(name)).updates.map((u) => u.seq)).toEqual(seqs);
    } finally {
      await restarted.close();
    }
  });

  it("[STORE1] while a checkpoint holds the write lock, reads and compaction wait without blocking the event loop", async () => {
    const file = tempFile();
    const storage = new SqliteStorage(file);
    const checkpointer = (storage as unknown as { checkpointer: SqliteCheckpointer }).checkpointer;
    const seq = await storage.appendUpdate("user/a/watchlist", new Uint8Array([1]), "i1");
    expect(checkpointer.tryLock()).toBe(true); // as the worker's checkpoint holds it
    expect(checkpointer.tryLock()).toBe(false);
    let loaded = false;
    const load = storage.loadDocument("user/a/watchlist").then((stored) => {
      loaded = true;
      return stored;
    });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    clearInterval(ticker);
    expect(loaded).toBe(false);
    // The event loop went on meanwhile (blocked, it would tick once at most; a loaded machine delays
    // 5 ms timers, so ~40 ticks are not guaranteed).
    expect(ticks).toBeGreaterThan(3);
    expect(committedSeqs(file, "user/a/watchlist")).toEqual([]);
    checkpointer.unlock();
    expect((await load).updates.map((u) => u.seq)).toEqual([seq]);
    await storage.close();
  });
});

describe("SqliteStorage lifecycle", () => {
  it("[STORE3] closing keeps the process alive until the checkpoint worker has stopped", () => {
    // A script whose last act is awaiting close(): Node warns of an unsettled top-level await (and
    // skips what follows) when nothing keeps the process alive while close() waits for the worker.
    const file = tempFile();
    const source = fileURLToPath(new URL("./sqlite.ts", import.meta.url));
    const script = `const { SqliteStorage } = await import(${JSON.stringify(source)});
const storage = new SqliteStorage(${JSON.stringify(file)});
await storage.appendUpdate("user/a/watchlist", new Uint8Array([1]), "i1");
await storage.close();
console.log("closed");`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).not.toMatch(/unsettled|failed/);
    expect(run.stdout.trim()).toBe("closed");
    expect(committedSeqs(file, "user/a/watchlist")).toHaveLength(1);
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
    const stored = await storage.loadDocument("user/a/watchlist");
    expect(stored.updates.map((u) => u.seq)).toEqual(seqs);
    expect(committedSeqs(file, "user/a/watchlist")).toEqual(seqs);
    // Compaction while another append is queued.
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
    await storage.listDocuments("user/"); // moves the log file's records into the table
    // The event loop's connection never checkpoints (wal_autocheckpoint = 0); the worker does, each second:
    // the database file alone, copied without its WAL, comes to hold every append.
    const copy = `${file}.copy`;
    const inFileAlone = () => {
      copyFileSync(file, copy);
      try {
        return committedSeqs(copy, "user/a/watchlist");
      } catch {
        return []; // not even the table is in the file yet
      }
    };
    await expect.poll(inFileAlone, { timeout: 20_000, interval: 200 }).toEqual(seqs);
    await storage.close();
  });
});

describe("SqliteStorage record history's index", () => {
  it("[AUDIT1] a database with the index by record is indexed by document and time once opened", async () => {
    const file = tempFile();
    const before = new DatabaseSync(file);
    before.exec(
      "CREATE TABLE record_history (id INTEGER PRIMARY KEY AUTOINCREMENT, document_name TEXT NOT NULL, section TEXT NOT NULL, record_key TEXT NOT NULL, action TEXT NOT NULL, fields TEXT NOT NULL, user_id TEXT NOT NULL, at INTEGER NOT NULL); CREATE INDEX record_history_by_record ON record_history (document_name, record_key, at);",
    );
    before.close();
    await new SqliteStorage(file).close();
    const after = new DatabaseSync(file, { readOnly: true });
    const indexes = after
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'record_history' ORDER BY name",
      )
      .all()
      .map((row) => row.name);
    after.close();
    expect(indexes).toEqual(["record_history_by_document"]);
  });
});
