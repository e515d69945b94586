import { expect, it } from "vitest";
import type { ApiKeyRecord } from "../../../sync-server/partner/tables";
import { onBothDatabases } from "../sync/on-both-databases";

// The API key and call-log tables (docs/partner-api.md) on both databases: one implementation, one contract.

onBothDatabases("partner tables", "partner", (opened) => {
  const key = (id: string, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
    id,
    orgId: "demo",
    userId: "auth0|p",
    name: `key ${id}`,
    scopes: ["quotes:read"],
    hash: "h".repeat(64),
    createdAt: 1_700_000_000_000,
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    ...over,
  });
  it("stores keys, lists by organisation and owner newest first, revokes once, records calls and last use", async () => {
    const storage = opened();
    await storage.partner.createApiKey(key("k1"));
    await storage.partner.createApiKey(
      key("k2", { createdAt: 1_800_000_000_000, userId: "auth0|q", scopes: ["book:read", "market:read"] }),
    );
    await storage.partner.createApiKey(key("k3", { orgId: "other" }));
    expect(await storage.partner.getApiKey("k1")).toEqual(key("k1"));
    expect((await storage.partner.listApiKeys("demo", null)).map((k) => k.id)).toEqual(["k2", "k1"]);
    expect((await storage.partner.listApiKeys("demo", "auth0|p")).map((k) => k.id)).toEqual(["k1"]);
    expect(await storage.partner.revokeApiKey("k1", 5, "auth0|admin")).toBe(true);
    expect(await storage.partner.revokeApiKey("k1", 6, "auth0|admin")).toBe(false);
    expect(await storage.partner.getApiKey("k1")).toMatchObject({ revokedAt: 5, revokedBy: "auth0|admin" });
    const call = {
      keyId: "k2",
      orgId: "demo",
      method: "POST",
      route: "/api/v1/quotes/lrp",
      status: 200,
      durationMs: 3,
      requestId: "r1",
    };
    await storage.partner.recordApiCalls([
      { ...call, at: 10 },
      { ...call, at: 20, status: 429, requestId: "r2" },
    ]);
    await storage.partner.recordApiCalls([{ ...call, at: 15, requestId: "r3" }]);
    expect(
      (await storage.partner.listApiCalls("demo", 10)).map((c) => [c.requestId, c.status, c.at]),
    ).toEqual([
      ["r2", 429, 20],
      ["r3", 200, 15],
      ["r1", 200, 10],
    ]);
    expect(await storage.partner.listApiCalls("other", 10)).toEqual([]);
    // Last use only moves forward.
    expect((await storage.partner.getApiKey("k2"))?.lastUsedAt).toBe(20);
  });

  it("records a busy second's calls (more than one INSERT's worth) completely and in order", async () => {
    const storage = opened();
    await storage.partner.createApiKey(key("busy", { orgId: "busy" }));
    const calls = Array.from({ length: 450 }, (_, i) => ({
      keyId: "busy",
      orgId: "busy",
      method: "POST",
      route: "/api/v1/quotes/lrp",
      status: i % 50 === 0 ? 422 : 200,
      at: 1_000 + i,
      durationMs: i % 7,
      requestId: `busy-${i}`,
    }));
    await storage.partner.recordApiCalls(calls);
    const stored = await storage.partner.listApiCalls("busy", 1000);
    expect(stored).toHaveLength(450);
    expect(stored[0]).toMatchObject({ requestId: "busy-449", status: 200, at: 1_449, durationMs: 449 % 7 });
    expect(stored.at(-1)).toMatchObject({ requestId: "busy-0", status: 422, at: 1_000 });
    expect(stored.filter((c) => c.status === 422)).toHaveLength(9);
    expect((await storage.partner.getApiKey("busy"))?.lastUsedAt).toBe(1_449);
  });
});
