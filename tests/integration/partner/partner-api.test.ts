import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cropYearOf } from "../../../shared/book/crop-year";
import { hashKey, keyIdOf, keyMatches, newApiKey } from "../../../sync-server/partner/keys";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import { signedInFetch } from "../sync/on-both-databases";

// The partner API (docs/partner-api.md) on a real server: keys (created by a partner, shown once, stored
// hashed, revoked; admins see and revoke the organisation's), every /api/v1 route with a valid key,
// none, a revoked one, another organisation's, one without the scope, malformed JSON and an oversized
// body; problem details; per-key 429 with Retry-After; request ids; the call log. The OpenAPI document
// and the contract of every operation in it: openapi.test.ts.

const partner = demoUser("partner@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const otherPartner = { sub: "auth0|other-partner" };

describe("API keys", () => {
  it("have a recognisable prefix, are checked by hash, and a changed key does not match", () => {
    const k = newApiKey();
    expect(k.key).toMatch(/^rl_live_[a-z2-7]{16}_[A-Za-z0-9_-]{43}$/);
    expect(keyIdOf(k.key)).toBe(k.id);
    expect(k.hash).toBe(hashKey(k.key));
    expect(keyMatches(k.key, k.hash)).toBe(true);
    expect(keyMatches(`${k.key.slice(0, -1)}A`, k.hash)).toBe(k.key.endsWith("A"));
    expect(keyIdOf("rl_live_short")).toBeNull();
  });
});

describe("the partner API over HTTP", () => {
  let server: TestServer;
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;
  const signedIn = (user: { sub: string }, path: string, init: RequestInit = {}) =>
    signedInFetch(server, user, path, init);
  const createKey = async (user: { sub: string }, org: string, scopes: string[], name = "test key") => {
    const r = await signedIn(user, `/api/orgs/${org}/api-keys`, {
      method: "POST",
      body: JSON.stringify({ name, scopes }),
    });
    expect(r.status).toBe(201);
    return (await r.json()) as { id: string; key: string };
  };
  const call = (key: string | null, method: string, path: string, body?: string) =>
    fetch(url(path), {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body,
    });
  let all: { id: string; key: string };
  /** The current snapshot's day: quotes are for that sales date (and its crop year). */
  let day: { salesDate: string; cropYear: number };
  const withDay = (input: Record<string, unknown>) => JSON.stringify({ ...input, ...day });

  beforeAll(async () => {
    server = await startTestServer({
      PARTNER_API_PER_KEY_PER_MINUTE: "600",
      RATE_LIMIT_API_PER_ADDRESS: "100000",
    });
    await server.storage.members.upsertUser({
      id: otherPartner.sub,
      email: "partner@other.rangeline.test",
      name: "Other Partner",
    });
    await server.storage.members.addMembership(otherPartner.sub, "other", "partner");
    all = await createKey(partner, "demo", ["quotes:read", "market:read", "book:read"], "everything");
    const market = (await (await call(all.key, "GET", "/api/v1/market/current")).json()) as { asOf: string };
    day = { salesDate: market.asOf, cropYear: cropYearOf(market.asOf) };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a partner creates a key (secret once), lists it without the secret; the database holds only its hash", async () => {
    const list = await signedIn(partner, "/api/orgs/demo/api-keys");
    const body = (await list.json()) as { keys: Record<string, unknown>[] };
    const mine = body.keys.find((k) => k.id === all.id);
    expect(mine).toMatchObject({
      name: "everything",
      scopes: ["quotes:read", "market:read", "book:read"],
      revokedAt: null,
    });
    expect(JSON.stringify(body)).not.toContain(all.key);
    const stored = await server.storage.partner.getApiKey(all.id);
    expect(stored?.hash).toBe(hashKey(all.key));
    expect(JSON.stringify(stored)).not.toContain(all.key.slice(25));
    // Who may: partners create; an agent neither creates nor lists; an admin lists but does not create.
    expect((await signedIn(agent, "/api/orgs/demo/api-keys")).status).toBe(403);
    const adminCreate = await signedIn(admin, "/api/orgs/demo/api-keys", {
      method: "POST",
      body: JSON.stringify({ name: "x", scopes: ["quotes:read"] }),
    });
    expect(adminCreate.status).toBe(403);
    const bad = await signedIn(partner, "/api/orgs/demo/api-keys", {
      method: "POST",
      body: JSON.stringify({ name: "", scopes: ["root"] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("give the key a name");
    expect((await signedIn(partner, "/api/orgs/other/api-keys")).status).toBe(403);
  });

  it("prices an LRP quote with the command line's keys; the offer table; LGM with its deductible curve; the market date", async () => {
    const lrp = await call(
      all.key,
      "POST",
      "/api/v1/quotes/lrp",
      withDay({
        commodity: "0801",
        type: "809",
        endorsementLengthWeeks: 26,
        coverageLevel: 0.95,
        head: 100,
        targetWeightCwt: 5.5,
      }),
    );
    expect(lrp.status).toBe(200);
    expect(lrp.headers.get("x-request-id")).toMatch(/.+/);
    const quote = (await lrp.json()) as Record<string, unknown>;
    expect(Object.keys(quote)).toEqual(
      expect.arrayContaining([
        "endorsementLengthWeeks",
        "endDate",
        "coverageLevel",
        "expectedValuePerCwt",
        "coveragePricePerCwt",
        "producerPremium",
        "indicative",
      ]),
    );
    const offers = (await (
      await call(
        all.key,
        "POST",
        "/api/v1/quotes/lrp/offers",
        withDay({
          commodity: "0801",
          type: "809",
          endorsementLengthWeeks: 26,
          coverageLevel: 0.95,
          head: 100,
          targetWeightCwt: 5.5,
        }),
      )
    ).json()) as { offers: unknown[] };
    expect(offers.offers.length).toBeGreaterThan(1);
    const lgm = (await (
      await call(
        all.key,
        "POST",
        "/api/v1/quotes/lgm",
        withDay({
          commodity: "0803",
          type: "808",
          targetMarketings: [0, 0, 0, 100, 0, 0, 0, 0, 50, 0, 0],
          deductible: 20,
          seed: 1,
        }),
      )
    ).json()) as { deductibleCurve: unknown[]; months: unknown[] };
    expect(lgm.deductibleCurve.length).toBeGreaterThan(1);
    expect(lgm.months).toHaveLength(11);
    const market = (await (await call(all.key, "GET", "/api/v1/market/current")).json()) as {
      asOf: string;
      label: string;
    };
    expect(market.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(market.label.length).toBeGreaterThan(0);
  });

  it("the spec's messages as problem details (422); malformed JSON and a bad field (400); an oversized body (413)", async () => {
    const spec = await call(
      all.key,
      "POST",
      "/api/v1/quotes/lrp",
      withDay({
        commodity: "0899",
        type: "809",
        endorsementLengthWeeks: 26,
        coverageLevel: 0.95,
        head: 100,
        targetWeightCwt: 5.5,
      }),
    );
    expect(spec.headers.get("content-type")).toContain("application/problem+json");
    const p = (await spec.json()) as { status: number; detail: string; type: string; instance: string };
    expect([400, 422]).toContain(p.status);
    expect(p.detail).toContain("0899");
    expect(p.instance).toMatch(/^urn:request:/);
    const head = await call(
      all.key,
      "POST",
      "/api/v1/quotes/lrp",
      withDay({
        commodity: "0801",
        type: "809",
        endorsementLengthWeeks: 26,
        coverageLevel: 0.95,
        head: 20000,
        targetWeightCwt: 5.5,
      }),
    );
    expect(((await head.json()) as { detail: string }).detail).toContain("Feeder Cattle max limit is 12,000");
    const malformed = await call(all.key, "POST", "/api/v1/quotes/lrp", "{not json");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { type: string }).type).toMatch(/invalid-json$/);
    const big = await call(
      all.key,
      "POST",
      "/api/v1/quotes/lgm",
      JSON.stringify({ pad: "x".repeat(200_000) }),
    );
    expect(big.status).toBe(413);
  });

  it("401 without a key, with a malformed or unknown one, and with a revoked one; 403 without the scope", async () => {
    for (const key of [null, "nope", `rl_live_${"a".repeat(16)}_${"b".repeat(43)}`]) {
      const r = await call(key, "GET", "/api/v1/market/current");
      expect(r.status).toBe(401);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
    }
    const quotesOnly = await createKey(partner, "demo", ["quotes:read"]);
    const forbidden = await call(quotesOnly.key, "GET", "/api/v1/book/customers");
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { detail: string }).detail).toContain("book:read");
    const revoke = await signedIn(partner, `/api/orgs/demo/api-keys/${quotesOnly.id}/revoke`, {
      method: "POST",
    });
    expect(revoke.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100)); // the verified-key cache
    const revoked = await call(quotesOnly.key, "GET", "/api/v1/market/current");
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { detail: string }).detail).toContain("revoked");
  });

  it("book:read gives the key's own organisation only, without tax ids; an admin sees and revokes a partner's key", async () => {
    const other = await createKey(otherPartner, "other", ["book:read"]);
    const theirs = (await (await call(other.key, "GET", "/api/v1/book/customers")).json()) as {
      customers: { id: string }[];
    };
    const ours = (await (await call(all.key, "GET", "/api/v1/book/customers")).json()) as {
      customers: { id: string }[];
    };
    const ourIds = new Set(ours.customers.map((c) => c.id));
    expect(theirs.customers.some((c) => ourIds.has(c.id))).toBe(false);
    const coverages = await call(all.key, "GET", "/api/v1/book/coverages");
    expect(coverages.status).toBe(200);
    expect(await coverages.text()).not.toMatch(/taxId"/);

    const adminList = (await (await signedIn(admin, "/api/orgs/demo/api-keys")).json()) as {
      admin: boolean;
      keys: { id: string; owner: string }[];
    };
    expect(adminList.admin).toBe(true);
    const victim = await createKey(partner, "demo", ["market:read"], "to revoke");
    const seen = (await (await signedIn(admin, "/api/orgs/demo/api-keys")).json()) as {
      keys: { id: string; owner: string }[];
    };
    expect(seen.keys.find((k) => k.id === victim.id)?.owner).toBe(partner.email);
    expect(
      (await signedIn(admin, `/api/orgs/demo/api-keys/${victim.id}/revoke`, { method: "POST" })).status,
    ).toBe(200);
    // The call log, for the admins: key, route, status, time.
    const log = (await (await signedIn(admin, "/api/orgs/demo/api-calls")).json()) as {
      calls: { keyId: string; route: string; status: number }[];
    };
    expect(
      log.calls.some((c) => c.keyId === all.id && c.route === "/api/v1/quotes/lrp" && c.status === 200),
    ).toBe(true);
    expect((await signedIn(partner, "/api/orgs/demo/api-calls")).status).toBe(403);
    const keys = (await (await signedIn(partner, "/api/orgs/demo/api-keys")).json()) as {
      keys: { id: string; lastUsedAt: string | null }[];
    };
    expect(keys.keys.find((k) => k.id === all.id)?.lastUsedAt).toMatch(/^\d{4}-/);
  });

  it("limits each key: 429 with Retry-After once its budget is spent", async () => {
    const limited = await startTestServer({
      PARTNER_API_PER_KEY_PER_MINUTE: "20",
      RATE_LIMIT_API_PER_ADDRESS: "100000",
    });
    try {
      const r = await fetch(`http://127.0.0.1:${limited.port}/api/orgs/demo/api-keys`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await limited.token(partner)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ name: "small", scopes: ["market:read"] }),
      });
      const { key } = (await r.json()) as { key: string };
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 30; i++) {
        const res = await fetch(`http://127.0.0.1:${limited.port}/api/v1/market/current`, {
          headers: { authorization: `Bearer ${key}` },
        });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get("retry-after");
      }
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(statuses).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
