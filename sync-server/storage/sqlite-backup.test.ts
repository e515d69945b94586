import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteJobStore } from "../jobs/tables";
import { SqliteStorage } from "./sqlite";
import { backupSqlite, checkBackup, restoreSqlite } from "./sqlite-backup";

// BACKUP1: an acknowledged update still in the write-ahead file (not yet in the table) is in the
// backup; a restored copy opens as a storage with the same documents.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "rangeline-backup-unit-"));
  dirs.push(dir);
  return dir;
};

describe("SQLite online backup", () => {
  it("[BACKUP1] takes the updates of the write-ahead file too, and restores into a working database", async () => {
    const dir = tempDir();
    const storage = new SqliteStorage(join(dir, "live.sqlite"));
    const first = await storage.appendUpdate("user/a/watchlist", new Uint8Array([1]), "i1", "auth0|a");
    await storage.loadDocument("user/a/watchlist"); // moves the first into the table
    const second = await storage.appendUpdate("user/a/watchlist", new Uint8Array([2]), "i1", "auth0|a");
    // The second is acknowledged and only in the write-ahead file (moved about a second later).
    const result = backupSqlite(join(dir, "live.sqlite"), join(dir, "backup.sqlite"));
    expect(result.pendingUpdates).toBe(1);
    checkBackup(join(dir, "backup.sqlite"));
    await storage.close();

    const target = join(tempDir(), "data", "rangeline.sqlite");
    expect(restoreSqlite(join(dir, "backup.sqlite"), target)).toEqual({ replaced: null, stores: [] });
    const restored = new SqliteStorage(target);
    const loaded = await restored.loadDocument("user/a/watchlist");
    expect(loaded.updates.map((u) => [u.seq, [...u.update]])).toEqual([
      [first, [1]],
      [second, [2]],
    ]);
    expect((await restored.readArchive("user/a/watchlist")).updates.map((u) => u.userId)).toEqual([
      "auth0|a",
      "auth0|a",
    ]);
    // New appends never reuse a sequence of the backup.
    expect(await restored.appendUpdate("user/a/watchlist", new Uint8Array([3]), "i2")).toBeGreaterThan(
      second,
    );
    await restored.close();
  });

  it("[BACKUP1] holds the data folder's other stores (job runs here), restored beside the database", async () => {
    const dir = tempDir();
    const storage = new SqliteStorage(join(dir, "rangeline.sqlite"));
    await storage.appendUpdate("user/a/watchlist", new Uint8Array([1]), "i1");
    const jobs = openSqliteJobStore(join(dir, "jobs.sqlite"));
    expect(await jobs.claimRun("market-import", "2026-11-23", "i1", 1_000, 2_000)).toBe("claimed");
    expect(await jobs.finishRun("market-import", "2026-11-23", "i1", "done", 1_500)).toBe(true);
    // Online: both stores are open while the backup is taken; a store that does not exist is left out.
    const stores = [join(dir, "push.sqlite"), join(dir, "jobs.sqlite")];
    expect(backupSqlite(join(dir, "rangeline.sqlite"), join(dir, "backup.sqlite"), stores).stores).toEqual([
      "jobs.sqlite",
    ]);
    await jobs.close();
    await storage.close();

    const target = join(tempDir(), "rangeline.sqlite");
    const restore = () => restoreSqlite(join(dir, "backup.sqlite"), target, { force: true, now: 0 });
    expect(restore()).toEqual({ replaced: null, stores: ["jobs.sqlite"] });
    const restored = openSqliteJobStore(join(target, "..", "jobs.sqlite"));
    expect(await restored.runStatus("market-import", "2026-11-23")).toBe("done");
    await restored.close();
    // The restored document database does not carry the stores' copies.
    const db = new DatabaseSync(target, { readOnly: true });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'rangeline_backup%'").all()).toEqual(
      [],
    );
    db.close();
    // Again over them (--force): the job store there is kept beside too.
    expect(restore().replaced).toBe(`${target}.before-restore-1970-01-01T00-00-00-000Z`);
    expect(existsSync(join(target, "..", "jobs.sqlite.before-restore-1970-01-01T00-00-00-000Z"))).toBe(true);
    expect(existsSync(join(target, "..", "jobs.sqlite"))).toBe(true);
  });

  it("[BACKUP1] refuses a missing database, an existing target and a file that is not a backup", () => {
    const dir = tempDir();
    expect(() => backupSqlite(join(dir, "none.sqlite"), join(dir, "b.sqlite"))).toThrow(/no database at/);
    expect(() => restoreSqlite(join(dir, "none.sqlite"), join(dir, "x.sqlite"))).toThrow(/no backup at/);
  });
});
