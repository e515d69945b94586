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
// A commit on the event loop while the worker's checkpoint syncs the WAL and the database file waits on
// the disk (seen: 0.1 to 2 s on this machine's virtual disk), so the two share a write lock in shared
// memory: the worker waits for it; the event loop only tries it and, when a checkpoint holds it, comes
// back a few milliseconds later (its writes are all deferrable: client updates are on record in the
// update log file already).
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
const lock = new Int32Array(workerData.lock);
const checkpoint = () => {
  // The write lock: the event loop never writes the database while a checkpoint syncs it.
  while (Atomics.compareExchange(lock, 0, 0, 1) !== 0) Atomics.wait(lock, 0, 1, 50);
  try {
    const { log } = passive.get();
    if (log >= workerData.truncateAtFrames) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    parentPort.postMessage({ type: "warning", message: "WAL checkpoint: " + error.message });
  } finally {
    Atomics.store(lock, 0, 0);
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
  /** 0: free; 1: held by the worker's checkpoint or by the event loop's write. */
  private readonly lock = new Int32Array(new SharedArrayBuffer(4));

  constructor(file: string, options: SqliteCheckpointerOptions = {}) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file,
        intervalMs: options.everyMs ?? 1000,
        truncateAtFrames: 16_384,
        lock: this.lock.buffer,
      },
    });
    this.worker.on("message", (reply: { type: string; message: string }) => {
      if (reply.type === "warning") options.log?.(reply.message);
    });
    this.worker.on("error", (error) =>
      options.log?.(`the WAL checkpoint worker failed: ${(error as Error).message}`),
    );
    // A worker that ends (or is terminated) holding the lock must not hold back the event loop's writes.
    this.worker.on("exit", () => this.unlock());
    // It never keeps the process alive on its own.
    this.worker.unref();
  }

  /**
   * Takes the write lock if no checkpoint holds it (the event loop never waits for it); release it with
   * `unlock`. A commit while a checkpoint syncs the files can wait on the disk for a long time.
   */
  tryLock(): boolean {
    return Atomics.compareExchange(this.lock, 0, 0, 1) === 0;
  }

  unlock(): void {
    Atomics.store(this.lock, 0, 0);
    Atomics.notify(this.lock, 0);
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
