import { dirname, join } from "node:path";
import { DomainError } from "../shared/errors";
import { configSchema } from "../sync-server/config";
import { SQLITE_FILE } from "../sync-server/storage";
import { DATA_FOLDER_STORES, missingSecrets, secretsList } from "../sync-server/storage/data-folder";
import { backupSqlite, restoreSqlite } from "../sync-server/storage/sqlite-backup";
import type { ParsedArgs } from "./args";
import { UsageError } from "./args";

// `rangeline backup --out FILE [--data-dir DIR]`: an online backup of every SQLite store of the data
// folder (rangeline.sqlite, push.sqlite, jobs.sqlite) in one file, taken while the server runs
// (docs/hardening.md BACKUP1; sync-server/storage/sqlite-backup.ts), and the secret files it leaves out.
// `rangeline restore --from FILE [--data-dir DIR] [--force]`: puts a backup in place, server stopped,
// and names each secret file the data folder still lacks (storage/data-folder.ts).
// DIR defaults to the server's DATA_DIR. PostgreSQL (DATABASE_URL) is backed up with its own tools:
// docs/hardening.md "Backups".

const POSTGRES_NOTE =
  "DATABASE_URL is set: the server uses PostgreSQL, whose own tools back it up (pg_dump / pg_restore, or continuous archiving for point-in-time recovery): see docs/hardening.md";

function databaseFile(args: ParsedArgs, env: Record<string, string | undefined>): string {
  const dataDir = args.options.get("data-dir");
  if (!dataDir && env.DATABASE_URL) throw new UsageError(POSTGRES_NOTE);
  const parsed = configSchema.safeParse({ ...env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  if (!parsed.success)
    throw new UsageError(
      `the server's configuration is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return join(parsed.data.DATA_DIR, SQLITE_FILE);
}

export async function backupCommand(
  command: "backup" | "restore",
  args: ParsedArgs,
  env: Record<string, string | undefined>,
  out: (text: string) => void,
): Promise<number> {
  const dbFile = databaseFile(args, env);
  if (command === "backup") {
    const target = args.options.get("out");
    if (!target) throw new UsageError("--out FILE is required (a new file)");
    const dir = dirname(dbFile);
    const stores = DATA_FOLDER_STORES.map((name) => join(dir, name));
    const result = refusedPlainly(() => backupSqlite(dbFile, target, stores));
    out(
      `Backed up ${[SQLITE_FILE, ...result.stores].join(", ")} of ${dir} to ${result.file} (${result.bytes} bytes; ${result.pendingUpdates} acknowledged update(s) from the write-ahead file).\n` +
        `The backup holds no secrets. A restore on a new machine needs these files of ${dir} (or the settings named), kept safe apart from the backup: encrypted documents stay sealed without DATA_ENCRYPTION_KEY, and push subscriptions are dead without the VAPID keys:\n${secretsList()}\n`,
    );
    return 0;
  }
  const source = args.options.get("from");
  if (!source) throw new UsageError("--from FILE is required (a backup made by rangeline backup)");
  const { replaced, stores } = refusedPlainly(() =>
    restoreSqlite(source, dbFile, { force: args.flags.has("force") }),
  );
  const dir = dirname(dbFile);
  const missing = missingSecrets(dir, env);
  out(
    `Restored ${[SQLITE_FILE, ...stores].join(", ")} from ${source} into ${dir}${replaced ? `; the previous database is kept as ${replaced}` : ""}.\n` +
      (missing.length
        ? missing.join("\n")
        : "Every secret file a restore needs is there (or set); start the server with them.") +
      "\n",
  );
  return 0;
}

/** A refusal (missing file, existing target, not a backup) is one line on standard error, exit 1. */
function refusedPlainly<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new DomainError("invalid-input", (error as Error).message);
  }
}
