import { describe, expect, it } from "vitest";
import { readViolations } from "../web/csp-report";
import { addressKey, clientAddress } from "./client-address";
import { gcra, MemoryRateStore, perMinute, RedisRateStore } from "./rate-limit";

describe("[LIMIT1] the rate limit's arithmetic (GCRA)", () => {
  it("lets a burst through at once, then one per interval, and says when the next one may come", () => {
    let now = 1_000_000;
    const store = new MemoryRateStore(() => now);
    const rule = { limit: 60, periodMs: 60_000, burst: 3 };
    expect([1, 2, 3].map(() => store.takeNow("k", rule).allowed)).toEqual([true, true, true]);
    const refused = store.takeNow("k", rule);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 1000 });
    now += 999;
    expect(store.takeNow("k", rule).allowed).toBe(false);
    now += 1;
    expect(store.takeNow("k", rule).allowed).toBe(true);
    expect(store.takeNow("k", rule).allowed).toBe(false);
    // Another key has its own budget.
    expect(store.takeNow("other", rule).allowed).toBe(true);
    // After a quiet minute the whole burst is back.
    now += 60_000;
    expect([1, 2, 3, 4].map(() => store.takeNow("k", rule).allowed)).toEqual([true, true, true, false]);
  });

  it("a refusal spends nothing, and the burst defaults to the limit", () => {
    const rule = { limit: 2, periodMs: 1000 };
    let tat: number | undefined;
    for (const expected of [true, true, false, false]) {
      const step = gcra(tat, 0, rule);
      expect(step.decision.allowed).toBe(expected);
      if (step.tat !== null) tat = step.tat;
    }
    expect(tat).toBe(1000);
  });

  it("per-minute rules: a tenth of the budget at once, at least 10, at most the budget", () => {
    expect(perMinute(1200, 0.1)).toEqual({ limit: 1200, periodMs: 60_000, burst: 120 });
    expect(perMinute(60, 0.1).burst).toBe(10);
    expect(perMinute(5, 0.1).burst).toBe(5);
    expect(perMinute(600, 0.5).burst).toBe(300);
  });

  it("without Redis the shared store decides alone at once instead of refusing or waiting", async () => {
    const logged: string[] = [];
    const store = new RedisRateStore("redis://127.0.0.1:1", "t", (m) => logged.push(m));
    const started = performance.now();
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await store.take("k", { limit: 2, periodMs: 60_000 }));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(logged.join("\n")).toContain("Redis unavailable");
    await store.close();
  });
});

describe("[LIMIT1] the address a limit counts", () => {
  it("is the socket's peer unless proxies are trusted; then the entry the outermost one appended", () => {
    expect(clientAddress("10.0.0.9", "1.2.3.4", 0)).toBe("10.0.0.9");
    expect(clientAddress("10.0.0.9", "1.2.3.4, 5.6.7.8", 1)).toBe("5.6.7.8");
    expect(clientAddress("10.0.0.9", "1.2.3.4, 5.6.7.8", 2)).toBe("1.2.3.4");
    expect(clientAddress("10.0.0.9", "5.6.7.8", 3)).toBe("5.6.7.8");
    expect(clientAddress("10.0.0.9", undefined, 1)).toBe("10.0.0.9");
  });

  it("IPv4-mapped addresses count as IPv4; IPv6 by its /64", () => {
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(addressKey("2001:db8:abcd:12::99")).toBe("2001:db8:abcd:12::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("[HARD1] CSP reports", () => {
  it("reads both report formats and keeps no query string", () => {
    const at = 5;
    expect(
      readViolations(
        {
          "csp-report": {
            "document-uri": "https://portal.rangeline.app/agent/customers?customer=c-1&code=secret",
            "effective-directive": "script-src-elem",
            "blocked-uri": "inline",
          },
        },
        at,
      ),
    ).toEqual([
      {
        directive: "script-src-elem",
        documentPath: "https://portal.rangeline.app/agent/customers",
        blocked: "inline",
        sample: "",
        at,
      },
    ]);
    expect(
      readViolations(
        [
          {
            type: "csp-violation",
            body: {
              documentURL: "https://portal.rangeline.app/",
              effectiveDirective: "connect-src",
              blockedURL: "https://evil.example/x?token=abc",
            },
          },
        ],
        at,
      ),
    ).toEqual([
      {
        directive: "connect-src",
        documentPath: "https://portal.rangeline.app/",
        blocked: "https://evil.example/x",
        sample: "",
        at,
      },
    ]);
    expect(readViolations(null, at)).toEqual([]);
    expect(readViolations({ other: 1 }, at)).toEqual([]);
  });
});
