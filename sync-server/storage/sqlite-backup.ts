import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { nowMs } from "../clock";
import { dropStores, embedStores, extractStores, storesOf } from "./backup-stores";
import { UpdateLogFile } from "./update-log-file";

// Online backup of the embedded SQLite database (docs/hardening.md "Backups"), taken
// while the server runs: SQLite's `VACUUM INTO` writes a consistent copy from one read transaction
// (in WAL mode a reader never blocks the server's writes). Client updates the server acknowledged but
// has not moved into its table yet are in the write-ahead file beside the database (`-updates`,
// update-log-file.ts): that file is read BEFORE the copy is taken, and its records are added to the
// copy's log (no-ops for those the table already had). So the backup holds every edit acknowledged
// before the command started. The copy is one self-contained SQLite file that also holds the data
// folder's other stores (push subscriptions, job runs and market history: backup-stores.ts), each
// copied the same way; encrypted documents stay sealed under the server's DATA_ENCRYPTION_KEY, which
// the backup never contains (the secret files a restore needs: data-folder.ts).

export interface BackupResult {
  file: string;
  bytes: number;
  /** Records of the write-ahead file added to the copy's log. */
  pendingUpdates: number;
  /** The other stores the backup holds (file names). */
  stores: string[];
}

/**
 * Writes an online backup of the database `dbFile` to `outFile` (which must not exist), with the
 * other stores named (paths; those that do not exist are left out).
 */
export function backupSqlite(dbFile: string, outFile: string, stores: readonly string[] = []): BackupResult {
  if (!existsSync(dbFile)) throw new Error(`no database at ${dbFile} (is DATA_DIR right?)`);
  if (existsSync(outFile)) throw new Error(`${outFile} exists: name a new file for the backup`);
  const logPath = `${dbFile}-updates`;
  // First the acknowledged updates not yet in the table (a record cut short at the end is not one).
  const pending = existsSync(logPath) ? readLog(logPath) : [];
  const partial = `${outFile}.partial`;
  rmSync(partial, { force: true });
  const source = new DatabaseSync(dbFile, { readOnly: true });
  try {
    source.exec("PRAGMA busy_timeout = 5000;");
    source.prepare("VACUUM INTO ?").run(partial);
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(partial);
  let taken: string[];
  try {
    const columns = copy.prepare("PRAGMA table_info(document_updates)").all() as { name: string }[];
    const withAuthor = columns.some((c) => c.name === "user_id");
    const insert = copy.prepare(
      withAuthor
        ? "INSERT INTO document_updates (seq, name, instance_id, user_id, update_data, received_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING"
        : "INSERT INTO document_updates (seq, name, instance_id, update_data, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING",
    );
    copy.exec("BEGIN");
    for (const r of pending) {
      if (withAuthor) insert.run(r.seq, r.name, r.instanceId, r.author ?? null, r.update, r.receivedAt);
      else insert.run(r.seq, r.name, r.instanceId, r.update, r.receivedAt);
    }
    copy.exec("COMMIT");
    taken = embedStores(copy, stores, outFile);
    const check = copy.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (check.integrity_check !== "ok")
      throw new Error(`the copy fails SQLite's integrity check: ${check.integrity_check}`);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, outFile);
  return { file: outFile, bytes: statSync(outFile).size, pendingUpdates: pending.length, stores: taken };
}

function readLog(path: string) {
  const log = new UpdateLogFile(path);
  try {
    return log.read().records;
  } finally {
    log.close();
  }
}

/** Checks that `file` is a backup of a Rangeline database: a sound SQLite file with its tables. */
export function checkBackup(file: string): void {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new Error(`${file} is not a SQLite database: ${(error as Error).message}`);
  }
  try {
    const check = db.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (check.integrity_check !== "ok") throw new Error(`${file} fails SQLite's integrity check`);
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    for (const table of ["documents", "document_updates", "users", "org_memberships"]) {
      if (!tables.has(table)) throw new Error(`${file} is not a Rangeline backup: it has no ${table} table`);
    }
  } catch (error) {
    if ((error as Error).message.startsWith(file)) throw error;
    throw new Error(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/** The files of a database: the file, SQLite's WAL and shared memory, and the updates file. */
const databaseFiles = (dbFile: string) => [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, `${dbFile}-updates`];

/**
 * Puts the backup `file` in place as the database `dbFile`, and the other stores it holds beside it,
 * with the server stopped. A database already there is refused unless `force`, and then kept beside
 * it as `<file>.before-restore-<time>` (each store likewise).
 */
export function restoreSqlite(
  file: string,
  dbFile: string,
  options: { force?: boolean; now?: number } = {},
): { replaced: string | null; stores: string[] } {
  checkBackup(file);
  const held = new DatabaseSync(file, { readOnly: true });
  const storeFiles = (() => {
    try {
      return storesOf(held).map((name) => join(dirname(dbFile), name));
    } finally {
      held.close();
    }
  })();
  let replaced: string | null = null;
  const present = [dbFile, ...storeFiles].filter((base) => databaseFiles(base).some((f) => existsSync(f)));
  if (present.length > 0) {
    if (!options.force) {
      throw new Error(
        `${present.join(" and ")} ${present.length > 1 ? "exist" : "exists"}: stop the server and restore with --force (the current database is kept beside it)`,
      );
    }
    const stamp = new Date(options.now ?? nowMs()).toISOString().replace(/[:.]/g, "-");
    for (const base of present) {
      const aside = `${base}.before-restore-${stamp}`;
      if (base === dbFile) replaced = aside;
      for (const f of databaseFiles(base)) {
        if (existsSync(f)) renameSync(f, f.replace(base, aside));
      }
    }
  }
  // Through VACUUM INTO again: the copy is written whole, then renamed into place.
  mkdirSync(dirname(dbFile), { recursive: true });
  const partial = `${dbFile}.restoring`;
  rmSync(partial, { force: true });
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    source.prepare("VACUUM INTO ?").run(partial);
  } finally {
    source.close();
  }
  dropStores(partial);
  const stores = extractStores(file, dirname(dbFile));
  renameSync(partial, dbFile);
  return { replaced, stores };
}
