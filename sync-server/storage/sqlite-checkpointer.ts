import { Worker } from "node:worker_threads";

// WAL checkpoints off the event loop. node:sqlite is synchronous, and SQLite's automatic checkpoint
// runs inside whichever commit fills the WAL past its limit: it copies the WAL into the database file
// and fsyncs it, which on a busy disk takes tens to hundreds of milliseconds, during which a sync server
// that commits on its event loop would handle no socket at all. So the event loop's connection sets
// `wal_autocheckpoint = 0` and a worker thread with its own connection to the same file checkpoints
// every second. A PASSIVE checkpoint never blocks the writer. The WAL restarts from its beginning only
// when a checkpoint has caught up with it; if steady writes keep it from doing so and it grows past
// ~64 MiB, a TRUNCATE checkpoint (which holds writers back while it runs: a rare, bounded pause)
// resets it.
//
// The worker exchanges no message per update (a message per update to a worker costs the event loop a
// lock the worker may hold while descheduled on a busy machine). It is plain JavaScript evaluated from a
// string (it needs only built-in modules, which it takes from process.getBuiltinModule, so it runs as a
// script or a module alike), so it runs the same under tsx, Vitest and a bundled build.

const WORKER_SOURCE = `
const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
const db = new DatabaseSync(workerData.file);
db.exec("PRAGMA busy_timeout = 5000; PRAGMA wal_autocheckpoint = 0;");
const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const checkpoint = () => {
  try {
    const { log } = passive.get();
    if (log >= workerData.truncateAtFrames) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    parentPort.postMessage({ type: "warning", message: "WAL checkpoint: " + error.message });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message.type !== "close") return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface SqliteCheckpointerOptions {
  /** How often the WAL is copied into the database file, ms. */
  everyMs?: number;
  log?: (message: string) => void;
}

/** Checkpoints the WAL of the SQLite file `file` (in WAL mode) from a worker thread until closed. */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private closing: Promise<void> | null = null;

  constructor(file: string, options: SqliteCheckpointerOptions = {}) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, intervalMs: options.everyMs ?? 1000, truncateAtFrames: 16_384 },
    });
    this.worker.on("message", (reply: { type: string; message: string }) => {
      if (reply.type === "warning") options.log?.(reply.message);
    });
    this.worker.on("error", (error) =>
      options.log?.(`the WAL checkpoint worker failed: ${(error as Error).message}`),
    );
    // It never keeps the process alive on its own.
    this.worker.unref();
  }

  /** Checkpoints once more and stops the worker. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      // Referenced again while it closes: awaiting its exit must keep the process alive till then.
      this.worker.ref();
      this.worker.once("exit", () => resolve());
      this.worker.postMessage({ type: "close" });
      // A worker that does not answer within 5 s is terminated.
      setTimeout(() => void this.worker.terminate(), 5000).unref();
    });
    return this.closing;
  }
}
