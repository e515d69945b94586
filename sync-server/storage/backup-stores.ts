import { closeSync, existsSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, join } from "node:path";
import { DatabaseSync } from "node:sqlite";

// The data folder's other SQLite stores (push.sqlite, jobs.sqlite: storage/data-folder.ts) inside the
// one backup file (BACKUP1). Each is copied online as the document database is — `VACUUM INTO` from one
// read transaction, checked — and the copy is kept in the backup's table `rangeline_backup_stores`, in
// parts of CHUNK bytes (memory stays bounded whatever the store's size). Restore writes each back whole
// under a temporary name, checks it, and renames it into place.

const TABLE = "rangeline_backup_stores";
const CHUNK = 4 * 1024 * 1024;

function vacuumInto(source: string, target: string, readOnly: boolean): void {
  rmSync(target, { force: true });
  const db = new DatabaseSync(source, { readOnly });
  try {
    db.exec("PRAGMA busy_timeout = 5000;");
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
}

function checkIntegrity(file: string): void {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const check = db.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (check.integrity_check !== "ok")
      throw new Error(
        `the copy of ${basename(file)} fails SQLite's integrity check: ${check.integrity_check}`,
      );
  } finally {
    db.close();
  }
}

/** Copies each existing store (a path) online into the backup `copy`; returns the names it took. */
export function embedStores(copy: DatabaseSync, stores: readonly string[], scratch: string): string[] {
  copy.exec(
    `CREATE TABLE ${TABLE} (name TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (name, part))`,
  );
  const insert = copy.prepare(`INSERT INTO ${TABLE} (name, part, data) VALUES (?, ?, ?)`);
  const taken: string[] = [];
  for (const store of stores) {
    if (!existsSync(store)) continue;
    const name = basename(store);
    const partial = `${scratch}.${name}.partial`;
    try {
      vacuumInto(store, partial, true);
      checkIntegrity(partial);
      const fd = openSync(partial, "r");
      try {
        const buffer = Buffer.alloc(CHUNK);
        copy.exec("BEGIN");
        for (let part = 0; ; part++) {
          const read = readSync(fd, buffer, 0, CHUNK, null);
          if (read === 0) break;
          insert.run(name, part, buffer.subarray(0, read));
        }
        copy.exec("COMMIT");
      } finally {
        closeSync(fd);
      }
    } finally {
      rmSync(partial, { force: true });
    }
    taken.push(name);
  }
  return taken;
}

/** The stores a backup holds (none for a backup made before they were taken). */
export function storesOf(backup: DatabaseSync): string[] {
  const table = backup.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(TABLE);
  if (!table) return [];
  return (backup.prepare(`SELECT DISTINCT name FROM ${TABLE} ORDER BY name`).all() as { name: string }[]).map(
    (r) => r.name,
  );
}

/** Writes each store of the backup `file` into `dir` (its files there must be gone); returns their names. */
export function extractStores(file: string, dir: string): string[] {
  const backup = new DatabaseSync(file, { readOnly: true });
  try {
    const names = storesOf(backup);
    const parts = backup.prepare(`SELECT data FROM ${TABLE} WHERE name = ? ORDER BY part`);
    for (const name of names) {
      const target = join(dir, name);
      const partial = `${target}.restoring`;
      rmSync(partial, { force: true });
      const fd = openSync(partial, "w");
      try {
        for (const row of parts.iterate(name) as Iterable<{ data: Uint8Array }>) writeSync(fd, row.data);
      } finally {
        closeSync(fd);
      }
      checkIntegrity(partial);
      renameSync(partial, target);
    }
    return names;
  } finally {
    backup.close();
  }
}

/** Drops the stores' table from a restored document database (they were written beside it). */
export function dropStores(dbFile: string): void {
  const db = new DatabaseSync(dbFile);
  try {
    db.exec(`DROP TABLE IF EXISTS ${TABLE}; VACUUM;`);
  } finally {
    db.close();
  }
}
