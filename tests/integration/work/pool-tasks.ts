// The work pool's test tasks (pool.test.ts), loaded by the pool's threads as the server's loads
// sync-server/work/tasks.ts.

export const TASKS = {
  echo: (input: string) => input,
  /** Holds its thread until the test stores 1 at `gate[0]` (and notifies): no timer, a signal. */
  hold: (input: { gate: SharedArrayBuffer }) => {
    Atomics.wait(new Int32Array(input.gate), 0, 0);
    return "released";
  },
  /** Ends its thread before answering, as a crash would. */
  crash: (_input: null): never => process.exit(3),
  /** Answers bytes, transferred back (the report of plan-task.ts). */
  bytes: (input: string) => ({ json: new TextEncoder().encode(input) }),
};

export type PoolTestTasks = typeof TASKS;
