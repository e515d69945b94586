import { Worker } from "node:worker_threads";
import type { CompactionCover } from "./types";

// The SQLite update log's writes, off the event loop. node:sqlite is synchronous, and a commit stalls
// whoever makes it for as long as the disk takes: usually tens of microseconds, but a WAL checkpoint
// (fsync) or kernel write-back can take hundreds of milliseconds, during which a sync server that
// committed on its event loop would handle no socket at all. So the log is appended — and compaction's
// write done — by a worker thread with its own connection to the same file, and WAL checkpoints run in
// a second one; the event loop only posts the bytes and waits for the reply.
//
// Durability is unchanged (STORE1): an append's promise resolves only after the worker has committed
// it. Appends are group-committed: while one batch is being committed, new appends queue up and go
// together as the next batch, in one transaction.
//
// The workers are plain JavaScript evaluated from a string (they need only node:sqlite), so they run the
// same under tsx, Vitest and a bundled build.

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.file);
db.exec("PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0;");
const close = () => {
  if (db.isOpen) db.close();
  parentPort.postMessage({ type: "closed" });
  parentPort.close();
};
if (workerData.role === "checkpoint") {
  // PASSIVE never blocks the appender. The WAL restarts from its beginning only when a checkpoint has
  // caught up with it; if steady appends keep it from doing so and it grows past ~16 MiB, a TRUNCATE
  // checkpoint (which holds the appender back for its duration, never the event loop) resets it.
  const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  const checkpoint = () => {
    try {
      const { log } = passive.get();
      if (log >= 4096) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (error) {
      parentPort.postMessage({ type: "warning", message: "WAL checkpoint: " + error.message });
    }
  };
  const timer = setInterval(checkpoint, workerData.intervalMs);
  parentPort.on("message", (message) => {
    if (message.type !== "close") return;
    clearInterval(timer);
    checkpoint();
    close();
  });
} else {
  const insert = db.prepare(
    "INSERT INTO document_updates (name, instance_id, update_data, received_at) VALUES (?, ?, ?, ?)",
  );
  const selectState = db.prepare("SELECT state FROM documents WHERE name = ?");
  const upsertState = db.prepare(
    "INSERT INTO documents (name, state, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
  );
  const deleteCovered = db.prepare(
    "DELETE FROM document_updates WHERE name = ? AND ((instance_id = ? AND seq <= ?) OR seq <= ?)",
  );
  const same = (a, b) => (a === null || b === null ? a === b : Buffer.from(a).equals(Buffer.from(b)));
  // Compaction: the merged state replaces the stored one it was merged with (else "conflict": the
  // caller merges again), and the log entries it contains are deleted, in one transaction.
  const compact = ({ id, name, previous, state, cover, at }) => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const row = selectState.get(name);
      if (!same(row ? row.state : null, previous)) {
        db.exec("ROLLBACK");
        return { type: "compacted", id, conflict: true };
      }
      upsertState.run(name, state, at);
      deleteCovered.run(name, cover.instanceId, cover.throughSeq, cover.loadedThroughSeq);
      db.exec("COMMIT");
      return { type: "compacted", id };
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      return { type: "compacted", id, error: error.message };
    }
  };
  parentPort.on("message", (message) => {
    if (message.type === "close") return close();
    if (message.type === "compact") return parentPort.postMessage(compact(message));
    const { names, instanceIds, at, ends, data } = message;
    const rows = names.map((name, i) => ({
      name,
      instanceId: instanceIds[i],
      update: data.subarray(i === 0 ? 0 : ends[i - 1], ends[i]),
    }));
    const run = (row) => Number(insert.run(row.name, row.instanceId, row.update, at).lastInsertRowid);
    let results = null;
    db.exec("BEGIN IMMEDIATE");
    try {
      results = rows.map((row) => ({ seq: run(row) }));
      db.exec("COMMIT");
    } catch {
      db.exec("ROLLBACK");
      results = null;
    }
    if (!results) {
      // Rolled back: each append on its own, so one failing append does not refuse the others.
      results = rows.map((row) => {
        try {
          return { seq: run(row) };
        } catch (error) {
          return { error: error.message };
        }
      });
    }
    parentPort.postMessage({ type: "appended", results });
  });
}
`;

interface PendingAppend {
  name: string;
  update: Uint8Array;
  instanceId: string;
  at: number;
  resolve: (seq: number) => void;
  reject: (error: Error) => void;
}

type AppendResult = { seq: number } | { error: string };

type WorkerReply =
  | { type: "appended"; results: AppendResult[] }
  | { type: "compacted"; id: number; conflict?: true; error?: string }
  | { type: "warning"; message: string }
  | { type: "closed" };

export interface SqliteLogWriterOptions {
  /** How often the checkpoint worker copies the WAL into the database file, ms. */
  checkpointEveryMs?: number;
  log?: (message: string) => void;
}

/**
 * Appends to `document_updates` of the SQLite file `file` (its schema already created, in WAL mode)
 * from a worker thread, group-committed; checkpoints the WAL from another. The opener's own connection
 * should set `wal_autocheckpoint = 0`, so that no commit on the event loop runs a checkpoint.
 */
export class SqliteLogWriter {
  private readonly appender: Worker;
  private readonly checkpointer: Worker;
  private queue: PendingAppend[] = [];
  private inFlight: PendingAppend[] | null = null;
  private scheduled = false;
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  /** Settles once every append requested so far has settled. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(file: string, options: SqliteLogWriterOptions = {}) {
    const start = (role: "append" | "checkpoint") => {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { file, role, intervalMs: options.checkpointEveryMs ?? 1000 },
      });
      worker.on("message", (reply: WorkerReply) => {
        if (reply.type === "warning") options.log?.(reply.message);
        if (reply.type === "appended") this.settle(reply.results);
        if (reply.type === "compacted") this.compacted(reply);
      });
      worker.on("error", (error) =>
        this.fail(new Error(`the update log ${role} worker failed: ${(error as Error).message}`)),
      );
      worker.on("exit", () => {
        if (!this.closing) this.fail(new Error(`the update log ${role} worker stopped`));
      });
      return worker;
    };
    this.appender = start("append");
    this.checkpointer = start("checkpoint");
    // Neither keeps the process alive on its own; the appender does while a batch is being committed.
    this.appender.unref();
    this.checkpointer.unref();
  }

  /** Appends one update; resolves with its sequence number once it is committed. */
  append(name: string, update: Uint8Array, instanceId: string, at: number): Promise<number> {
    const appended = new Promise<number>((resolve, reject) => {
      if (!(update instanceof Uint8Array)) {
        reject(new TypeError(`appending to the update log of ${name}: the update is not a Uint8Array`));
        return;
      }
      if (this.failure || this.closing) {
        reject(this.failure ?? new Error("the update log is closed"));
        return;
      }
      this.queue.push({ name, update, instanceId, at, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // Wait for the rest of this turn's appends (other sockets' messages read in the same poll phase).
        setImmediate(() => {
          this.scheduled = false;
          this.send();
        });
      }
    });
    this.last = appended.catch(() => {});
    return appended;
  }

  private readonly compactions = new Map<
    number,
    { resolve: (done: boolean) => void; reject: (e: Error) => void }
  >();
  private nextCompaction = 1;

  /**
   * Compaction's write, in the worker: replaces the stored state `previous` (null: none yet) of `name`
   * with `state` and deletes the log entries `cover` names, in one transaction. Resolves false, writing
   * nothing, when the stored state is no longer `previous` (the caller merges again).
   */
  compact(
    name: string,
    previous: Uint8Array | null,
    state: Uint8Array,
    cover: CompactionCover,
    at: number,
  ): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.failure || this.closing) {
        reject(this.failure ?? new Error("the update log is closed"));
        return;
      }
      const id = this.nextCompaction++;
      this.compactions.set(id, { resolve, reject });
      this.appender.ref();
      this.appender.postMessage({ type: "compact", id, name, previous, state, cover, at });
    });
  }

  private compacted(reply: { id: number; conflict?: true; error?: string }): void {
    const pending = this.compactions.get(reply.id);
    this.compactions.delete(reply.id);
    if (!this.inFlight && this.compactions.size === 0) this.appender.unref();
    if (reply.error) pending?.reject(new Error(`compacting failed: ${reply.error}`));
    else pending?.resolve(!reply.conflict);
  }

  /** Resolves once every append requested before this call has been committed or refused. */
  settled(): Promise<void> {
    return this.last.then(() => {});
  }

  private send(): void {
    if (this.inFlight || this.queue.length === 0 || this.failure) return;
    this.inFlight = this.queue;
    this.queue = [];
    this.appender.ref();
    // One buffer for the whole batch, transferred, not cloned: an update is often a view into a much
    // larger socket buffer, which a structured clone would copy whole.
    const batch = this.inFlight;
    const ends: number[] = [];
    let length = 0;
    for (const append of batch) {
      length += append.update.byteLength;
      ends.push(length);
    }
    const data = new Uint8Array(length);
    for (const [i, append] of batch.entries()) data.set(append.update, i === 0 ? 0 : ends[i - 1]);
    this.appender.postMessage(
      {
        type: "append",
        names: batch.map((append) => append.name),
        instanceIds: batch.map((append) => append.instanceId),
        at: batch[0]?.at ?? Date.now(),
        ends,
        data,
      },
      [data.buffer],
    );
  }

  private settle(results: AppendResult[]): void {
    const batch = this.inFlight ?? [];
    this.inFlight = null;
    if (this.compactions.size === 0) this.appender.unref();
    for (const [i, append] of batch.entries()) {
      const result = results[i];
      if (result && "seq" in result) append.resolve(result.seq);
      else append.reject(new Error(`appending to the update log failed: ${result?.error ?? "no reply"}`));
    }
    this.send();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const append of [...(this.inFlight ?? []), ...this.queue]) append.reject(error);
    for (const compaction of this.compactions.values()) compaction.reject(error);
    this.inFlight = null;
    this.queue = [];
    this.compactions.clear();
  }

  /** Commits what is queued, then stops both workers (the checkpointer checkpoints once more). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      while ((this.queue.length > 0 || this.inFlight) && !this.failure) {
        this.send();
        await this.settled();
      }
      while (this.compactions.size > 0 && !this.failure)
        await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.all([this.appender, this.checkpointer].map((worker) => stop(worker)));
    })();
    return this.closing;
  }
}

/** Asks a worker to close its connection and waits until it has exited. */
function stop(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    worker.once("exit", () => resolve());
    worker.postMessage({ type: "close" });
    // A worker that does not answer within 5 s is terminated.
    setTimeout(() => void worker.terminate(), 5000).unref();
  });
}
