import { describe, expect, it } from "vitest";
import { fetchPublishedSnapshot, type PublishedMarket } from "./published";

// The device fetches a published version once even when several callers ask at the same moment
// (single flight); a failure is not remembered, and a caller with its own abort signal is on its own.

const notice = (version: string): PublishedMarket => ({ asOf: version.slice(0, 10), label: "x", version });

function fakeFetch(answer: (url: string) => Response) {
  const calls: string[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const fetcher = (async (url: string) => {
    calls.push(url);
    await gate;
    return answer(url);
  }) as unknown as typeof fetch;
  return { fetcher, calls, release };
}

describe("fetchPublishedSnapshot", () => {
  it("shares one request among callers asking for the same version at once", async () => {
    const { fetcher, calls, release } = fakeFetch(() => Response.json({ asOf: "2026-11-23" }));
    const a = notice("2026-11-23.0123456789abcdef");
    const b = notice("2026-11-24.0123456789abcdef");
    const asked = [
      fetchPublishedSnapshot(a, { fetch: fetcher }),
      fetchPublishedSnapshot(a, { fetch: fetcher }),
      fetchPublishedSnapshot(a, { fetch: fetcher }),
      fetchPublishedSnapshot(b, { fetch: fetcher }),
    ];
    release();
    const answers = await Promise.all(asked);
    expect(calls).toEqual([
      "/api/market/snapshots/2026-11-23.0123456789abcdef",
      "/api/market/snapshots/2026-11-24.0123456789abcdef",
    ]);
    expect(answers[0]).toEqual({ asOf: "2026-11-23" });
    expect(answers[1]).toBe(answers[0]);
    // once settled, a later ask is a new request (the browser's HTTP cache answers it)
    await fetchPublishedSnapshot(a, { fetch: fetcher });
    expect(calls).toHaveLength(3);
  });

  it("does not remember a failure, and a caller with a signal gets its own request", async () => {
    let status = 503;
    const { fetcher, calls, release } = fakeFetch(() => new Response("{}", { status }));
    release();
    const a = notice("2026-11-23.fedcba9876543210");
    const failures = await Promise.allSettled([
      fetchPublishedSnapshot(a, { fetch: fetcher }),
      fetchPublishedSnapshot(a, { fetch: fetcher }),
    ]);
    expect(failures.map((f) => f.status)).toEqual(["rejected", "rejected"]);
    expect((failures[0] as PromiseRejectedResult).reason.message).toBe(
      "/api/market/snapshots/2026-11-23.fedcba9876543210 answered 503",
    );
    expect(calls).toHaveLength(1);
    status = 200;
    await expect(fetchPublishedSnapshot(a, { fetch: fetcher })).resolves.toEqual({});
    const signal = new AbortController().signal;
    await Promise.all([
      fetchPublishedSnapshot(a, { fetch: fetcher, signal }),
      fetchPublishedSnapshot(a, { fetch: fetcher, signal }),
    ]);
    expect(calls).toHaveLength(4);
  });
});
