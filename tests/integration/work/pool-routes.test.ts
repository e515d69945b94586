import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import type { WorkPool } from "../../../sync-server/work/pool";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import { filesFor } from "../market/fixture-server";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import type { ServerTestTasks } from "./server-tasks";

// The routes whose work grows with their input go through the work pool (IMPORT1): with its one thread
// held, the RMA upload waits in the pool's queue (and is read once the thread is free), and a book
// import past the queue's bound is answered 503 server-busy at once with a sentence. Real server.

const superAdmin = demoUser("superadmin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");

describe("routes through the work pool", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { WORK_THREADS: "1", WORK_QUEUE_LIMIT: "1" },
      { workTasks: new URL("./server-tasks.ts", import.meta.url) },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  const post = async (user: { sub: string }, path: string, body: unknown) =>
    fetch(new URL(path, server.url), {
      method: "POST",
      headers: { authorization: `Bearer ${await server.token(user)}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("[IMPORT1] the RMA upload waits for a work thread; a book import past the queue's bound is 503 server-busy", async () => {
    const work = server.work as unknown as WorkPool<ServerTestTasks>;
    const gate = new SharedArrayBuffer(4);
    const held = work.run("hold", { gate });
    await expect.poll(() => work.counts().running).toBe(1);
    const files = { lrpRate: { name: "A00630_LrpRate.txt", text: filesFor("2026-11-20").lrpRate } };
    const upload = post(superAdmin, "/api/platform/market/upload", { files, publish: false });
    await expect.poll(() => work.counts().waiting, { timeout: 15_000 }).toBe(1);
    const sheet = parseCsv("book.csv", toCsv(BOOK_HEADERS, bookRows(2, 1)));
    const busy = await post(agent, "/api/orgs/demo/book-imports", {
      fileName: "book.csv",
      sheets: [sheet],
      mapping: guessMapping(sheet.headers),
      dryRun: true,
    });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("60");
    expect(await busy.json()).toEqual({
      error: "server-busy",
      message:
        "The import was not started: the server is busy with 1 large request already waiting; try again in a minute.",
    });
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    expect(await held).toBe("released");
    const read = await upload;
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ published: false, asOf: "2026-11-20" });
  });
});
