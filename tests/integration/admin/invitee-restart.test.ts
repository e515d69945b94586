import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt } from "jose";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../../sync-server/identity/demo-users";
import { loadOrCreateSigningKeys } from "../../../sync-server/identity/keys";
import { issueTestToken } from "../../../sync-server/identity/testing";
import { POSTGRES_URL, postgresAvailable } from "../sync/services";
import { freePort, type ServerProcess, startServerProcess } from "./server-process";

// docs/administration.md: someone who accepted an invitation is a user of the embedded identity provider
// (development and test). They are kept in the server's storage (identity_users), so after the server
// process restarts on the same data they still sign in — through /authorize and /oauth/token, as the
// app does — with the invited roles. Run on SQLite (DATA_DIR) and on PostgreSQL (DATABASE_URL).

const admin = DEMO_USERS.find((u) => u.email === "admin@demo.rangeline.test") as (typeof DEMO_USERS)[number];

async function signIn(origin: string, email: string) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = `${origin}/auth-callback`;
  const authorize = new URL(`${origin}/authorize`);
  for (const [k, v] of Object.entries({
    client_id: "rangeline-dev",
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    scope: "openid profile email",
    audience: "rangeline-api",
    login_hint: email,
  }))
    authorize.searchParams.set(k, v);
  const answer = await fetch(authorize, { redirect: "manual" });
  if (answer.status !== 302) return { status: answer.status, text: await answer.text() };
  const code = new URL(answer.headers.get("location") as string).searchParams.get("code") as string;
  const tokens = await fetch(`${origin}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "authorization_code",
      client_id: "rangeline-dev",
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }),
  });
  const body = (await tokens.json()) as { access_token: string };
  return { status: tokens.status, claims: decodeJwt(body.access_token), accessToken: body.access_token };
}

const stores = [
  { label: "SQLite", ok: true, database: null as string | null },
  {
    label: "PostgreSQL",
    ok: postgresAvailable,
    database: `h13_restart_${randomBytes(4).toString("hex")}`,
  },
];

for (const store of stores) {
  describe.runIf(store.ok)(`invited users survive a restart (${store.label})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-invitee-restart-"));
    let server: ServerProcess | undefined;
    const databaseUrl = store.database ? `${POSTGRES_URL.replace(/\/[^/]*$/, "")}/${store.database}` : null;
    const pgAdmin = async (sql: string) => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    afterAll(async () => {
      await server?.stop();
      if (store.database) await pgAdmin(`DROP DATABASE IF EXISTS ${store.database} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("an invited agent signs in with the agent role after the server process restarts", async () => {
      if (store.database) await pgAdmin(`CREATE DATABASE ${store.database}`);
      const port = await freePort();
      const env = {
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      };
      server = await startServerProcess(env, port);
      const keys = await loadOrCreateSigningKeys(dataDir);
      const adminToken = await issueTestToken(keys, admin, { issuer: `http://localhost:${port}/` });
      const invited = await fetch(`${server.origin}/api/orgs/demo/invitations`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ email: "new.hand@example.test", roles: ["agent"] }),
      });
      expect(invited.status).toBe(201);
      const link = new URL(((await invited.json()) as { developmentLink: string }).developmentLink);
      const accepted = await fetch(`${server.origin}${link.pathname}${link.search}`, { redirect: "manual" });
      expect(accepted.status).toBe(303);
      const before = await signIn(server.origin, "new.hand@example.test");
      expect(before.status).toBe(200);

      await server.stop();
      server = await startServerProcess(env, port);

      const after = await signIn(server.origin, "new.hand@example.test");
      expect(after.status, "text" in after ? after.text : "").toBe(200);
      expect(after.claims).toMatchObject({ sub: before.claims?.sub, email: "new.hand@example.test" });
      expect(JSON.stringify(after.claims)).toContain('"agent"');
      // The token works: the agent opens the organisation's people list.
      const people = await fetch(`${server.origin}/api/orgs/demo/people`, {
        headers: { authorization: `Bearer ${after.accessToken}` },
      });
      expect(people.status).toBe(200);
      // Someone never invited still cannot sign in.
      expect((await signIn(server.origin, "nobody@example.test")).status).toBe(400);
    }, 120_000);
  });
}
