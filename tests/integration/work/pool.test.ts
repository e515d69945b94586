import { afterEach, describe, expect, it } from "vitest";
import { WorkPool, WorkPoolBusy } from "../../../sync-server/work/pool";
import type { PoolTestTasks } from "./pool-tasks";

// The pool of worker threads (IMPORT1, sync-server/work/pool.ts) with real threads: a thread that dies
// mid-task answers its task with an error and is replaced for the next; past the queue's bound a task is
// refused at once (WorkPoolBusy, which the routes answer 503 server-busy); byte answers come back.

const TASKS = new URL("./pool-tasks.ts", import.meta.url);

describe("work pool", () => {
  const pools: WorkPool<PoolTestTasks>[] = [];
  const pool = (threads: number, queueLimit: number) => {
    const created = new WorkPool<PoolTestTasks>({ threads, queueLimit, tasks: TASKS });
    pools.push(created);
    return created;
  };
  afterEach(async () => {
    for (const p of pools.splice(0)) await p.close();
  });

  it("[IMPORT1] a thread that dies mid-task answers that task with an error and is replaced for the next", async () => {
    const work = pool(1, 4);
    const crashed = work.run("crash", null);
    const queued = work.run("echo", "after the crash");
    await expect(crashed).rejects.toThrow("the work thread stopped (exit code 3) before answering");
    expect(await queued).toBe("after the crash");
    expect(await work.run("echo", "again")).toBe("again");
    expect(work.counts()).toEqual({ waiting: 0, running: 0 });
  });

  it("[IMPORT1] past the queue's bound a task is refused at once with a sentence, and the queue drains", async () => {
    const work = pool(1, 1);
    const gate = new SharedArrayBuffer(4);
    const held = work.run("hold", { gate });
    await expect.poll(() => work.counts().running).toBe(1);
    const waiting = work.run("echo", "waited");
    const refused = work.run("echo", "refused");
    await expect(refused).rejects.toBeInstanceOf(WorkPoolBusy);
    await expect(refused).rejects.toThrow(
      "the server is busy with 1 large request already waiting; try again in a minute",
    );
    expect(work.counts()).toEqual({ waiting: 1, running: 1 });
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    expect(await held).toBe("released");
    expect(await waiting).toBe("waited");
  });

  it("[IMPORT1] bytes a task answers come back whole", async () => {
    const work = pool(1, 1);
    const { json } = await work.run("bytes", '{"rows":100000}');
    expect(new TextDecoder().decode(json)).toBe('{"rows":100000}');
  });
});
