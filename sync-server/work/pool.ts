import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Tasks } from "./tasks";

// Work that grows with a request's input runs off the event loop (docs/book-import.md "Off the event
// loop", IMPORT1): a small pool of worker threads, each loading the task table (tasks.ts) through tsx as
// the server itself runs, taking one task at a time from one queue. The event loop only hands the input
// over (a request body is transferred, not copied) and gets the answer back. The queue is bounded:
// past WORK_QUEUE_LIMIT waiting tasks the pool refuses at once (WorkPoolBusy), so a flood of large
// requests costs the server memory for a few bodies, never for all of them.
//
// node:worker_threads rather than piscina: the pool needs one queue, a bound on it, a thread that
// crashes replaced, and shutdown — about a hundred lines — while every worker must first register tsx
// to load the TypeScript task table, which piscina's worker file would need too; no dependency added.

export class WorkPoolBusy extends Error {
  constructor(readonly waiting: number) {
    super(
      `the server is busy with ${waiting} large request${waiting === 1 ? "" : "s"} already waiting; try again in a minute`,
    );
  }
}

type Job = {
  name: string;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Thread = { worker: Worker; job: Job | null };

// Plain JavaScript evaluated from a string, as the WAL checkpointer's worker (storage/sqlite-checkpointer.ts).
// The thread lowers its own scheduling priority (nice 10; on Linux a thread's own): with fewer cores
// than busy threads, the event loop's short requests are scheduled before a large task's next slice.
// An answer's byte arrays (a report serialised in the thread: Uint8Arrays that own their whole buffer,
// to depth 3) are transferred back, not copied: a task answers only arrays it made for the answer.
const WORKER_SOURCE = `
const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
try { process.getBuiltinModule("node:os").setPriority(0, 10); } catch {}
const ready = import(workerData.tsx).then((tsx) => {
  tsx.register();
  return import(workerData.tasks);
});
const buffersOf = (value, depth = 0, found = new Set()) => {
  if (value instanceof Uint8Array) {
    if (value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) found.add(value.buffer);
  }
  else if (value && typeof value === "object" && depth < 3)
    for (const v of Object.values(value)) buffersOf(v, depth + 1, found);
  return [...found];
};
parentPort.on("message", async ({ name, input }) => {
  try {
    const { TASKS } = await ready;
    const value = await TASKS[name](input);
    parentPort.postMessage({ ok: true, value }, buffersOf(value));
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
const TASKS_MODULE = new URL("./tasks.ts", import.meta.url);

// biome-ignore lint/suspicious/noExplicitAny: a task table maps names to functions of any one input.
type TaskTable = Record<string, (input: any) => unknown>;

/** `T`: the task table the threads load (tasks.ts; a test's own table with `tasks`). */
export class WorkPool<T extends TaskTable = Tasks> {
  readonly #threads: Thread[] = [];
  readonly #queue: Job[] = [];
  #closed = false;

  constructor(
    private readonly options: {
      threads: number;
      queueLimit: number;
      log?: (message: string) => void;
      /** The task table's module (tasks.ts; a test gives its own with the same names' shapes). */
      tasks?: URL;
    },
  ) {}

  /**
   * Runs `name` on `input` in a worker thread; `transfer`: buffers of the input moved, not copied (the
   * caller must not use them after). Rejects with WorkPoolBusy when the queue is full.
   */
  run<N extends keyof T & string>(
    name: N,
    input: Parameters<T[N]>[0],
    transfer: ArrayBuffer[] = [],
  ): Promise<Awaited<ReturnType<T[N]>>> {
    if (this.#closed) return Promise.reject(new Error("the server is shutting down"));
    return new Promise((resolve, reject) => {
      const job: Job = { name, input, transfer, resolve: resolve as (value: unknown) => void, reject };
      this.#queue.push(job);
      this.#dispatch();
      // No thread took it and WORK_QUEUE_LIMIT tasks wait already: refused at once.
      if (this.#queue.length > this.options.queueLimit) {
        this.#queue.splice(this.#queue.indexOf(job), 1);
        reject(new WorkPoolBusy(this.#queue.length));
      }
    });
  }

  /** Tasks waiting and running, for tests and the benchmark. */
  counts(): { waiting: number; running: number } {
    return { waiting: this.#queue.length, running: this.#threads.filter((t) => t.job).length };
  }

  #dispatch(): void {
    for (;;) {
      if (this.#queue.length === 0) return;
      const thread = this.#threads.find((t) => !t.job) ?? this.#spawn();
      if (!thread) return;
      const job = this.#queue.shift() as Job;
      thread.job = job;
      thread.worker.ref();
      thread.worker.postMessage({ name: job.name, input: job.input }, job.transfer);
    }
  }

  /** A new thread while fewer than `threads` run; null when all of them are busy. */
  #spawn(): Thread | null {
    if (this.#threads.length >= this.options.threads) return null;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { tsx: tsxApi, tasks: (this.options.tasks ?? TASKS_MODULE).href },
    });
    const thread: Thread = { worker, job: null };
    const settle = (settled: (job: Job) => void) => {
      const job = thread.job;
      thread.job = null;
      // An idle thread never keeps the process alive.
      worker.unref();
      if (job) settled(job);
      this.#dispatch();
    };
    worker.on("message", (reply: { ok: true; value: unknown } | { ok: false; message: string }) =>
      settle((job) => (reply.ok ? job.resolve(reply.value) : job.reject(new Error(reply.message)))),
    );
    // A thread that fails (out of memory, a crash) is replaced by a new one for the next task.
    worker.on("error", (error: Error) => this.options.log?.(`a work thread failed: ${error.message}`));
    worker.on("exit", (code) => {
      this.#threads.splice(this.#threads.indexOf(thread), 1);
      settle((job) => job.reject(new Error(`the work thread stopped (exit code ${code}) before answering`)));
    });
    worker.unref();
    this.#threads.push(thread);
    return thread;
  }

  /** Refuses what waits and stops every thread. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error("the server is shutting down"));
    await Promise.all(this.#threads.map((t) => t.worker.terminate()));
  }
}
