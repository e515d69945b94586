import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "./demo-users";
import { loadOrCreateSigningKeys, type SigningKeys } from "./keys";
import { FORGED_TOKEN_KINDS, forgeTokens, issueTestToken, TEST_AUDIENCE, TEST_ISSUER } from "./testing";
import { createAccessTokenVerifier, TokenRejectedError, type TokenRejectionCode } from "./verify";

let dataDir: string;
let keys: SigningKeys;
let verify: (token: string) => Promise<unknown>;
let forged: Record<(typeof FORGED_TOKEN_KINDS)[number], string>;
const customer = DEMO_USERS.find((user) => user.email === "customer@demo.rangeline.test");
if (!customer) throw new Error("demo customer missing");

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rangeline-verify-"));
  keys = await loadOrCreateSigningKeys(dataDir);
  forged = await forgeTokens(keys, customer);
  verify = createAccessTokenVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    keySet: { keys: [keys.publicJwk] },
  });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("access token verifier", () => {
  it("accepts a valid token and reads roles, organisation and customer from the namespaced claims", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await issueTestToken(keys, customer, { now, expiresIn: 600 });
    await expect(verify(token)).resolves.toEqual({
      sub: "auth0|demo-customer",
      email: "customer@demo.rangeline.test",
      roles: ["customer"],
      orgId: "demo",
      customerId: "c-demo",
      expiresAt: now + 600,
    });
  });

  it("accepts an audience list that contains the API (Auth0 adds /userinfo)", async () => {
    const token = await issueTestToken(keys, customer, {
      audience: [TEST_AUDIENCE, `${TEST_ISSUER}userinfo`],
    });
    await expect(verify(token)).resolves.toMatchObject({ sub: customer.sub });
  });

  it("ignores role names it does not know and treats missing organisation as null", async () => {
    const token = await issueTestToken(keys, {
      sub: "auth0|x",
      extra: { "https://rangeline.app/roles": ["agent", "root", 7] },
    });
    await expect(verify(token)).rejects.toMatchObject({ code: "token-claims" });
    const lenient = await issueTestToken(keys, {
      sub: "auth0|x",
      extra: { "https://rangeline.app/roles": ["agent", "root"] },
    });
    await expect(verify(lenient)).resolves.toMatchObject({ roles: ["agent"], orgId: null, email: null });
  });

  it("allows 60 s of clock skew on exp and nbf", async () => {
    const now = Math.floor(Date.now() / 1000);
    const justExpired = await issueTestToken(keys, customer, { now: now - 630, expiresIn: 600 });
    await expect(verify(justExpired)).resolves.toMatchObject({ sub: customer.sub });
    const almostValid = await issueTestToken(keys, customer, { now, notBefore: now + 30 });
    await expect(verify(almostValid)).resolves.toMatchObject({ sub: customer.sub });
  });

  it("[TOKEN1] rejects a token issued an hour in the future, beyond the 60 s leeway", async () => {
    const now = Math.floor(Date.now() / 1000);
    const future = await issueTestToken(keys, customer, { now: now + 3600, expiresIn: 3600 });
    await expect(verify(future)).rejects.toMatchObject({ code: "token-not-yet-valid" });
  });

  it("[TOKEN1] accepts a token issued 30 s in the future (within the leeway)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const skewed = await issueTestToken(keys, customer, { now: now + 30, expiresIn: 600 });
    await expect(verify(skewed)).resolves.toMatchObject({ sub: customer.sub });
  });

  const expected: Record<(typeof FORGED_TOKEN_KINDS)[number], TokenRejectionCode[]> = {
    "alg-none": ["token-algorithm"],
    "hs256-public-key": ["token-algorithm"],
    "foreign-key": ["token-signature"],
    "wrong-issuer": ["token-issuer"],
    "wrong-audience": ["token-audience"],
    expired: ["token-expired"],
    "not-yet-valid": ["token-not-yet-valid"],
    "no-subject": ["token-subject"],
    "tampered-payload": ["token-signature"],
  };
  for (const kind of FORGED_TOKEN_KINDS) {
    it(`rejects a forged token: ${kind}`, async () => {
      const error = await verify(forged[kind]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TokenRejectedError);
      expect(expected[kind]).toContain((error as TokenRejectedError).code);
    });
  }

  it("rejects a token whose key id is not in the key set", async () => {
    const otherDir = mkdtempSync(join(tmpdir(), "rangeline-other-"));
    const other = await loadOrCreateSigningKeys(otherDir);
    rmSync(otherDir, { recursive: true, force: true });
    const token = await issueTestToken(other, customer);
    await expect(verify(token)).rejects.toMatchObject({ code: "token-key-unknown" });
  });

  it("rejects empty and garbage tokens", async () => {
    await expect(verify("")).rejects.toMatchObject({ code: "token-missing" });
    await expect(verify("not.a.jwt")).rejects.toMatchObject({ code: "token-malformed" });
  });

  it("keeps the key pair across restarts of the same data directory", async () => {
    const again = await loadOrCreateSigningKeys(dataDir);
    expect(again.kid).toBe(keys.kid);
    expect(again.publicJwk).toEqual(keys.publicJwk);
    const token = await issueTestToken(again, customer);
    await expect(verify(token)).resolves.toMatchObject({ sub: customer.sub });
  });

  it("creates one key when two processes start on an empty data directory at once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rangeline-race-"));
    const [a, b] = await Promise.all([loadOrCreateSigningKeys(dir), loadOrCreateSigningKeys(dir)]);
    expect(a.kid).toBe(b.kid);
    rmSync(dir, { recursive: true, force: true });
  });
});
