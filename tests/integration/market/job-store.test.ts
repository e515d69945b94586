import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runOnce } from "../../../sync-server/jobs/runner";
import type { JobStore } from "../../../sync-server/jobs/store";
import { openPostgresJobStore, sqliteJobStoreIn } from "../../../sync-server/jobs/tables";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// One suite, both databases: the run lock (once across instances), failures, and market history.

function contract(open: () => Promise<JobStore>) {
  it("gives a run to one owner at a time, to another once the lease has expired, and never after it ended", async () => {
    const store = await open();
    expect(await store.claimRun("fetch", "2026-11-20", "a", 1000, 5000)).toBe("claimed");
    expect(await store.claimRun("fetch", "2026-11-20", "b", 2000, 6000)).toBe("running");
    expect(await store.claimRun("fetch", "2026-11-20", "a", 2000, 7000)).toBe("claimed"); // renewal
    expect(await store.claimRun("fetch", "2026-11-20", "b", 7001, 9000)).toBe("claimed"); // a crashed
    expect(await store.finishRun("fetch", "2026-11-20", "a", "done", 7002)).toBe(false);
    expect(await store.finishRun("fetch", "2026-11-20", "b", "done", 7003)).toBe(true);
    expect(await store.claimRun("fetch", "2026-11-20", "c", 99_999, 100_000)).toBe("done");
    expect(await store.runStatus("fetch", "2026-11-20")).toBe("done");
    expect(await store.runStatus("fetch", "2026-11-21")).toBeNull();
    expect(await store.claimRun("other", "2026-11-20", "c", 1, 2)).toBe("claimed");
    await store.close();
  });

  it("lets exactly one of many simultaneous claimers hold a run", async () => {
    const store = await open();
    const owners = Array.from({ length: 12 }, (_, i) => `owner-${i}`);
    const results = await Promise.all(owners.map((o) => store.claimRun("race", "day", o, 10, 10_000)));
    expect(results.filter((r) => r === "claimed")).toHaveLength(1);
    expect(results.filter((r) => r === "running")).toHaveLength(11);
    await store.close();
  });

  it("runs once: retries with growing waits, records every failure, and a second runner finds it done", async () => {
    const store = await open();
    const waits: number[] = [];
    let clock = 0;
    const outcome = await runOnce({
      store,
      job: "flaky",
      runKey: "k",
      owner: "a",
      deadline: 1_000_000,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      attempt: async (n) => {
        if (n < 7) throw new Error(`attempt ${n} failed`);
      },
    });
    expect(outcome).toEqual({ status: "done", attempts: 7 });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
    const failures = await store.listFailures({ job: "flaky" });
    expect(failures.map((f) => f.message)).toEqual([6, 5, 4, 3, 2, 1].map((n) => `attempt ${n} failed`));
    const again = await runOnce({
      store,
      job: "flaky",
      runKey: "k",
      owner: "b",
      deadline: 2e6,
      attempt: async () => {},
    });
    expect(again).toEqual({ status: "skipped", state: "done" });
    await store.close();
  });

  it("stops at the deadline, records why, and the run stays failed", async () => {
    const store = await open();
    let clock = 0;
    const outcome = await runOnce({
      store,
      job: "down",
      runKey: "k",
      owner: "a",
      deadline: 5000,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      attempt: async () => {
        throw new Error("HTTP 503");
      },
    });
    // Tries at 0, 1 s, 3 s; the next would start at 7 s, after the 5 s deadline.
    expect(outcome).toEqual({ status: "failed", attempts: 3, lastError: "HTTP 503" });
    const [last] = await store.listFailures({ job: "down", limit: 1 });
    expect(last.message).toBe("gave up after 3 attempts: the deadline has passed");
    expect(await store.runStatus("down", "k")).toBe("failed");
    await store.close();
  });

  it("renews its lease before each attempt, and stops when another instance has taken the run over", async () => {
    const store = await open();
    let clock = 0;
    const outcome = await runOnce({
      store,
      job: "slow",
      runKey: "k",
      owner: "a",
      deadline: 1_000_000,
      leaseMs: 500,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms; // 1 s: past a's 500 ms lease; b takes the run over meanwhile
        expect(await store.claimRun("slow", "k", "b", clock, clock + 10_000)).toBe("claimed");
      },
      attempt: async () => {
        throw new Error("timeout");
      },
    });
    expect(outcome).toEqual({ status: "skipped", state: "running" });
    expect(await store.finishRun("slow", "k", "b", "done", clock)).toBe(true);
    await store.close();
  });

  it("keeps every published snapshot by as-of date, the latest and a range", async () => {
    const store = await open();
    const data = (n: number) => new Uint8Array([n, 1, 2, 3]);
    await store.saveSnapshot({ asOf: "2026-11-19", publishedAt: 1, data: data(19) });
    await store.saveSnapshot({ asOf: "2026-11-20", publishedAt: 2, data: data(20) });
    await store.saveSnapshot({ asOf: "2026-11-18", publishedAt: 3, data: data(18) });
    await store.saveSnapshot({ asOf: "2026-11-20", publishedAt: 4, data: data(21) });
    expect(await store.latestSnapshot()).toEqual({ asOf: "2026-11-20", publishedAt: 4, data: data(21) });
    expect(await store.loadSnapshot("2026-11-19")).toEqual({
      asOf: "2026-11-19",
      publishedAt: 1,
      data: data(19),
    });
    expect(await store.loadSnapshot("2026-11-17")).toBeNull();
    expect(await store.listSnapshots("2026-11-19", "2026-11-30")).toEqual([
      { asOf: "2026-11-19", publishedAt: 1 },
      { asOf: "2026-11-20", publishedAt: 4 },
    ]);
    await store.close();
  });

  it("keeps each day's offers and margins and gives one offer's history over a range", async () => {
    const store = await open();
    const offer = (asOf: string, price: number, level = 0.95) => ({
      asOf,
      commodityCode: "0801",
      typeCode: "809",
      endorsementLengthWeeks: 26,
      coverageLevel: level,
      coveragePrice: price,
      expectedEndingValue: 260,
      rate: 0.021234,
      costPerCwt: 5.2448,
      endDate: "2027-05-21",
    });
    const margins = (asOf: string, m: number, stateCode = "") => ({
      asOf,
      commodityCode: "0803",
      typeCode: "808",
      stateCode,
      salesEffectiveDate: asOf,
      marketingMonths: ["2026-12", "2027-01"],
      expectedGrossMargins: [0, m],
    });
    await store.saveOfferHistory(
      "2026-11-19",
      [offer("2026-11-19", 246), offer("2026-11-19", 208, 0.8)],
      [margins("2026-11-19", 150)],
    );
    await store.saveOfferHistory(
      "2026-11-20",
      [offer("2026-11-20", 247)],
      [margins("2026-11-20", 151), margins("2026-11-20", 99, "19")],
    );
    // Republished: replaced; a row above the asked level (RMA's levels are continuous) is not returned.
    await store.saveOfferHistory(
      "2026-11-20",
      [offer("2026-11-20", 248), offer("2026-11-20", 250, 0.9612)],
      [],
    );
    const history = await store.lrpOfferHistory({
      commodityCode: "0801",
      typeCode: "809",
      endorsementLengthWeeks: 26,
      coverageLevel: 0.95000001,
      from: "2026-11-01",
      to: "2026-11-30",
    });
    // Every level at or below the asked one, for the offer history's nearest-at-or-below rule.
    expect(history.map((d) => [d.asOf, d.coveragePrice])).toEqual([
      ["2026-11-19", 208],
      ["2026-11-19", 246],
      ["2026-11-20", 248],
    ]);
    expect(history[1]).toEqual(offer("2026-11-19", 246));
    const lgm = await store.lgmMarginHistory({
      commodityCode: "0803",
      typeCode: "808",
      stateCode: "",
      from: "2026-11-20",
      to: "2026-11-20",
    });
    expect(lgm).toEqual([margins("2026-11-20", 151)]);
    await store.close();
  });
}

describe("job store on SQLite", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  contract(async () => {
    const dir = mkdtempSync(join(tmpdir(), "rangeline-jobs-"));
    dirs.push(dir);
    return sqliteJobStoreIn(dir);
  });
});

describe.runIf(postgresAvailable)("job store on PostgreSQL", () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const s of schemas) await dropSchema(s);
  });
  contract(async () => {
    const schema = uniqueSchema("jobs");
    schemas.push(schema);
    return openPostgresJobStore({ connectionString: POSTGRES_URL, schema });
  });
});
