import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// The platform (docs/administration.md): superAdmin only; organisations created, renamed, given a parent, and
// disabled — a disabled organisation's members lose its documents at once (live connections closed)
// and its APIs; enabling it gives them back.

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const superAdmin = demoUser("superadmin@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");

describe("platform API", () => {
  let server: TestServer;
  const call = async (user: { sub: string } | null, method: string, path: string, json?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: {
        ...(user ? { authorization: `Bearer ${await server.token(user as typeof admin)}` } : {}),
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("[ACL11] every platform route is the superAdmin's only", async () => {
    for (const user of [admin, agent, customer, otherAgent]) {
      for (const path of [
        "/api/platform/orgs",
        "/api/platform/status",
        "/api/platform/sync-violations",
        "/api/platform/outbox",
      ]) {
        expect((await call(user, "GET", path)).status, `${user.email} ${path}`).toBe(403);
      }
      expect(
        (await call(user, "POST", "/api/platform/orgs", { id: "x", name: "X", organizationType: "agency" }))
          .status,
      ).toBe(403);
      expect((await call(user, "PATCH", "/api/platform/orgs/demo", { disabled: true })).status).toBe(403);
    }
    expect((await call(null, "GET", "/api/platform/orgs")).status).toBe(401);
    const status = await call(superAdmin, "GET", "/api/platform/status");
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ storage: "sqlite" });
  });

  it("lists every organisation the server knows, also those only its members make known", async () => {
    // The seeded organisations exist only through memberships and customer links: listed, not registered.
    const listed = await call(superAdmin, "GET", "/api/platform/orgs");
    const orgs = listed.body.organisations as { id: string; registered: boolean; members: number }[];
    expect(orgs.map((o) => [o.id, o.registered])).toEqual([
      ["demo", false],
      ["other", false],
    ]);
    expect(orgs[0]?.members).toBeGreaterThan(3);
    const status = await call(superAdmin, "GET", "/api/platform/status");
    expect(status.body.organisations).toBe(2);
    // A member of an organisation nobody created (the CLI's bootstrap) makes it known too.
    await server.storage.members.upsertUser({
      id: "auth0|first-admin",
      email: "first@acme.test",
      name: null,
    });
    await server.storage.members.addMembership("auth0|first-admin", "acme", "admin");
    const after = (await call(superAdmin, "GET", "/api/platform/orgs")).body.organisations as {
      id: string;
    }[];
    expect(after.map((o) => o.id)).toEqual(["acme", "demo", "other"]);
    await server.storage.members.removeMembership("auth0|first-admin", "acme", "admin");
  });

  it("creates, renames and nests organisations; refuses a cycle and a duplicate", async () => {
    // Its first change registers a known organisation (name, type) in the platform's table.
    const registered = await call(superAdmin, "PATCH", "/api/platform/orgs/demo", { name: "Demo Agency" });
    expect(registered.status).toBe(200);
    expect(
      (registered.body.organisations as { id: string; name: string; registered: boolean }[]).find(
        (o) => o.id === "demo",
      ),
    ).toMatchObject({ name: "Demo Agency", registered: true });
    expect((await server.storage.platform.getOrganisation("demo"))?.name).toBe("Demo Agency");
    const sub = await call(superAdmin, "POST", "/api/platform/orgs", {
      id: "demo-west",
      name: "Demo West",
      organizationType: "sub-agency",
      parentOrgId: "demo",
    });
    expect(sub.status).toBe(201);
    const dup = await call(superAdmin, "POST", "/api/platform/orgs", {
      id: "demo",
      name: "Again",
      organizationType: "agency",
    });
    expect(dup.status).toBe(400);
    const cycle = await call(superAdmin, "PATCH", "/api/platform/orgs/demo", { parentOrgId: "demo-west" });
    expect(cycle.status).toBe(400);
    expect(String(cycle.body.message)).toContain("demo-west is a sub-agency of demo");
    expect(
      (
        await call(superAdmin, "POST", "/api/platform/orgs", {
          id: "x",
          name: "X",
          organizationType: "agency",
          parentOrgId: "nope",
        })
      ).status,
    ).toBe(400);
    const renamed = await call(superAdmin, "PATCH", "/api/platform/orgs/demo-west", {
      name: "Demo West Plains",
    });
    const orgs = renamed.body.organisations as {
      id: string;
      name: string;
      parentOrgId: string | null;
      members: number;
    }[];
    expect(orgs.find((o) => o.id === "demo-west")).toMatchObject({
      name: "Demo West Plains",
      parentOrgId: "demo",
    });
    expect(orgs.find((o) => o.id === "demo")?.members).toBeGreaterThan(3);
    expect((await call(superAdmin, "PATCH", "/api/platform/orgs/none", { name: "N" })).status).toBe(404);
  });

  it("disabling an organisation closes its members' connections and refuses its documents and APIs", async () => {
    const live = connect(server.syncUrl, "org/demo", await server.token(agent));
    expect(await live.ready).toBe(true);
    expect((await call(admin, "GET", "/api/orgs/demo/people")).status).toBe(200);

    expect((await call(superAdmin, "PATCH", "/api/platform/orgs/demo", { disabled: true })).status).toBe(200);
    await vi.waitFor(() => expect(live.closeReasons.length).toBeGreaterThan(0), { timeout: 5000 });
    const again = connect(server.syncUrl, "org/demo", await server.token(agent));
    expect(await again.ready).toBe(false);
    // The reason says the organisation was disabled (the app tells its user why).
    expect(live.closeReasons).toContain("org-disabled");
    expect(again.authFailure).toBe("org-disabled");
    expect((await call(admin, "GET", "/api/orgs/demo/people")).status).toBe(403);
    // Another organisation is untouched.
    const other = connect(server.syncUrl, "org/other", await server.token(otherAgent));
    expect(await other.ready).toBe(true);

    expect((await call(superAdmin, "PATCH", "/api/platform/orgs/demo", { disabled: false })).status).toBe(
      200,
    );
    const back = connect(server.syncUrl, "org/demo", await server.token(agent));
    expect(await back.ready).toBe(true);
    // Losing access for another reason is still the generic refusal.
    const foreign = connect(server.syncUrl, "org/other", await server.token(agent));
    expect(await foreign.ready).toBe(false);
    expect(foreign.authFailure).toBe("forbidden");
    foreign.destroy();
    for (const c of [live, again, other, back]) c.destroy();
    const audit = await server.storage.settings.listAdminAudit("demo", 10);
    expect(audit.map((a) => a.action).slice(0, 2)).toEqual(["org.enabled", "org.disabled"]);
  });
});
