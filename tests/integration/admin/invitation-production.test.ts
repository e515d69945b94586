import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCommand } from "../../../cli/admin";
import { parseArgs } from "../../../cli/args";
import { issueTestToken, TEST_AUDIENCE, TEST_ISSUER } from "../../../sync-server/identity/testing";
import { InvitationLinks } from "../../../sync-server/members/invitation-links";
import { POSTGRES_URL, postgresAvailable } from "../sync/services";
import { type FakeAuth0, startFakeAuth0 } from "./fake-auth0";
import { freePort, type ServerProcess, startServerProcess } from "./server-process";

// The production invitation path (docs/administration.md), end to end: a server process in production mode
// (PostgreSQL, no embedded identity provider) verifying access tokens against an Auth0 tenant's JWKS
// (the fake tenant of fake-auth0.ts; tokens minted by the identity test helpers). The first admin is
// invited with the CLI; the link sends them to sign in and then to /profile?invitation=…, where the
// signed-in user accepts with POST /api/invitations/accept — their e-mail must be the invitation's.

const ORG = "prairie";
const BOSS = { sub: "auth0|prod-boss", email: "boss@prairie.test" };
const STRANGER = { sub: "auth0|prod-stranger", email: "someone.else@prairie.test" };

describe.runIf(postgresAvailable)(
  "[ACL11] production invitations: CLI link → sign-in → profile accepts",
  () => {
    const database = `h13_prod_${randomBytes(4).toString("hex")}`;
    const databaseUrl = `${POSTGRES_URL.replace(/\/[^/]*$/, "")}/${database}`;
    const dataKey = randomBytes(32);
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-production-"));
    let auth0: FakeAuth0;
    let server: ServerProcess;
    let env: Record<string, string>;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    const tokenOf = (user: { sub: string; email: string }) =>
      issueTestToken(
        auth0.keys,
        { ...user, roles: [], orgId: null },
        { issuer: TEST_ISSUER, audience: TEST_AUDIENCE },
      );
    const call = async (path: string, init: { method?: string; token?: string; json?: unknown } = {}) => {
      const response = await fetch(`${server.origin}${path}`, {
        method: init.method ?? "GET",
        redirect: "manual",
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: response.status, location: response.headers.get("location"), body, text };
    };
    const accept = async (user: { sub: string; email: string } | null, token: string) =>
      call("/api/invitations/accept", {
        method: "POST",
        token: user ? await tokenOf(user) : undefined,
        json: { token },
      });

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${database}`);
      auth0 = await startFakeAuth0();
      const port = await freePort();
      env = {
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_ENCRYPTION_KEY: dataKey.toString("base64"),
        UNSUBSCRIBE_SECRET: randomBytes(32).toString("base64"),
        DATA_DIR: dataDir,
        INVITATION_TTL_HOURS: "72",
        ...auth0.env,
      };
      server = await startServerProcess(env, port);
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await auth0?.close();
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("the first admin joins through the link, their own sign-in and the profile's POST", async () => {
      // No embedded identity provider in production.
      expect((await call("/.well-known/openid-configuration")).status).not.toBe(200);
      let printed = "";
      await adminCommand(
        parseArgs(["admin", "invite", "--org", ORG, "--email", "Boss@Prairie.test", "--role", "admin"], []),
        env,
        (t) => {
          printed += t;
        },
      );
      const link = new URL(printed.trim().split("\n").at(-1) as string);
      const token = link.searchParams.get("token") as string;

      // The link sends the browser to sign in, then to the profile screen with the invitation.
      const opened = await call(`${link.pathname}${link.search}`);
      expect(opened.status).toBe(303);
      expect(opened.location).toBe(`/login/?returnTo=${encodeURIComponent(`/profile?invitation=${token}`)}`);

      // Signed out: sign in first. Signed in as someone else: refused, and the invitation stays open.
      expect((await accept(null, token)).status).toBe(401);
      const wrong = await accept(STRANGER, token);
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ reason: "wrong-email", invitedEmail: "boss@prairie.test" });
      expect(String(wrong.body.message)).toContain(
        "This invitation is for boss@prairie.test; you are signed in as someone.else@prairie.test.",
      );
      expect((await call(`/api/orgs/${ORG}/people`, { token: await tokenOf(BOSS) })).status).toBe(403);

      // The invitee, signed in with Auth0 (verified against the tenant's JWKS), accepts.
      const joined = await accept(BOSS, token);
      expect(joined.status).toBe(200);
      expect(joined.body).toEqual({ orgId: ORG, roles: ["admin"] });
      expect(auth0.jwksFetches()).toBeGreaterThan(0);
      const people = await call(`/api/orgs/${ORG}/people`, { token: await tokenOf(BOSS) });
      expect(people.status).toBe(200);
      expect((people.body.members as { id: string; roles: string[] }[]).map((m) => [m.id, m.roles])).toEqual([
        [BOSS.sub, ["admin"]],
      ]);
      const me = await call("/api/me", { token: await tokenOf(BOSS) });
      expect(me.body.organisations).toEqual([{ orgId: ORG, roles: ["admin"] }]);

      // Single use, whoever tries again.
      const again = await accept(BOSS, token);
      expect(again.status).toBe(410);
      expect(again.body).toMatchObject({ reason: "used" });
      expect(String(again.body.message)).toBe(
        "This invitation was already used: sign in instead, or ask for a new one.",
      );
    });

    it("the admin invites an agent: no development link, the e-mail carries the production link", async () => {
      const invited = await call(`/api/orgs/${ORG}/invitations`, {
        method: "POST",
        token: await tokenOf(BOSS),
        json: { email: "agent@prairie.test", roles: ["agent"] },
      });
      expect(invited.status).toBe(201);
      expect(invited.body).not.toHaveProperty("developmentLink");
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const mail = await client.query("SELECT text_body FROM email_outbox WHERE to_address = $1", [
        "agent@prairie.test",
      ]);
      await client.end();
      const link = new URL(String(mail.rows[0]?.text_body).match(/https?:\/\/\S+/)?.[0] as string);
      expect(link.origin).toBe(server.origin);
      const token = link.searchParams.get("token") as string;
      const agent = { sub: "auth0|prod-agent", email: "agent@prairie.test" };
      expect((await accept(agent, token)).body).toEqual({ orgId: ORG, roles: ["agent"] });
    });

    it("expired, forged and incomplete links are refused with what to do", async () => {
      const links = new InvitationLinks(dataKey);
      const expired = await accept(BOSS, links.token(links.newId(), Date.now() - 60_000));
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({
        reason: "expired",
        message: "This invitation has expired: ask your agency's admin for a new one.",
      });
      const forged = await accept(
        BOSS,
        new InvitationLinks(randomBytes(32)).token(links.newId(), Date.now() + 60_000),
      );
      expect(forged.body).toMatchObject({ reason: "forged" });
      const cut = await accept(BOSS, "abc.123");
      expect(cut.body).toMatchObject({ reason: "malformed" });
      const unknown = await accept(BOSS, links.token(links.newId(), Date.now() + 60_000));
      expect(unknown.body).toMatchObject({ reason: "unknown" });
    });
  },
);
