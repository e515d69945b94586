import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_ADMIN_MESSAGE } from "../../../shared/admin/members";
import { InvitationLinks } from "../../../sync-server/members/invitation-links";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// Users and invitations (docs/administration.md): admins invite with roles, agents invite customers only, the
// link is signed, expiring and single-use and signs the invitee in; the last admin stays; every
// change is audited; other roles and organisations are refused.

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const partner = demoUser("partner@demo.rangeline.test");
const superAdmin = demoUser("superadmin@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");

describe("users and invitations API", () => {
  let server: TestServer;
  const call = async (user: { sub: string } | null, method: string, path: string, json?: unknown) => {
    const headers: Record<string, string> = {};
    if (user) headers.authorization = `Bearer ${await server.token(user as typeof admin)}`;
    if (json !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: "manual",
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = { text };
    }
    return { status: response.status, body, location: response.headers.get("location") };
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an admin invites an agent: the e-mail goes to the outbox, the link signs the new user in once", async () => {
    const sent = await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "New.Agent@Example.test",
      roles: ["agent"],
    });
    expect(sent.status).toBe(201);
    const link = String(sent.body.developmentLink);
    expect(link).toMatch(/\/api\/invitations\/accept\?token=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]+$/);
    const [mail] = await server.storage.platform.listOutbox(1);
    expect(mail?.to).toBe("new.agent@example.test");
    expect(mail?.text).toContain(link);
    const people = await call(admin, "GET", "/api/orgs/demo/people");
    expect((people.body.invitations as { email: string }[]).map((i) => i.email)).toContain(
      "new.agent@example.test",
    );

    const path = new URL(link).pathname + new URL(link).search;
    const accepted = await call(null, "GET", path);
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe("/login/?login_hint=new.agent%40example.test&returnTo=%2F");
    const members = await server.storage.members.listMembers("demo");
    const joined = members.find((m) => m.email === "new.agent@example.test");
    expect(joined?.roles).toEqual(["agent"]);
    // The embedded provider now signs them in with the agent role.
    const authorize = await fetch(
      `http://127.0.0.1:${server.port}/authorize?response_type=code&client_id=rangeline-dev&redirect_uri=${encodeURIComponent(`http://127.0.0.1:${server.port}/auth/callback`)}&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256&login_hint=new.agent%40example.test`,
      { redirect: "manual" },
    );
    expect(authorize.status, await authorize.clone().text()).toBe(302);
    expect(new URL(authorize.headers.get("location") ?? "").searchParams.get("code")).toBeTruthy();
    // Single use.
    const again = await call(null, "GET", path);
    expect(again.status).toBe(409);
    expect(String(again.body.text)).toContain("already used");
    // Forged: another signature.
    const forged = await call(null, "GET", `${path.slice(0, -3)}abc`);
    expect(forged.status).toBe(410);
    expect(String(forged.body.text)).toContain("not valid");
    const audit = await call(admin, "GET", "/api/orgs/demo/audit");
    const actions = (audit.body.audit as { action: string; target: string }[]).map(
      (a) => `${a.action} ${a.target}`,
    );
    expect(actions).toContain("invitation.created new.agent@example.test");
    expect(actions).toContain("invitation.accepted new.agent@example.test");
  });

  it("links expire and cannot be altered", () => {
    const links = new InvitationLinks(Buffer.alloc(32, 7));
    const id = links.newId();
    const token = links.token(id, 10_000);
    expect(links.read(token, 5_000)).toEqual({ id });
    expect(links.read(token, 10_000)).toEqual({ problem: "expired" });
    const [i, , s] = token.split(".");
    expect(links.read(`${i}.99999999.${s}`, 5_000)).toEqual({ problem: "forged" });
    expect(links.read("nonsense", 5_000)).toEqual({ problem: "malformed" });
    expect(new InvitationLinks(Buffer.alloc(32, 8)).read(token, 5_000)).toEqual({ problem: "forged" });
  });

  it("agents invite customers linked to a customer record, never staff", async () => {
    const staff = await call(agent, "POST", "/api/orgs/demo/invitations", {
      email: "x@example.test",
      roles: ["agent"],
    });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toContain("Agents manage customers' portal accounts only");
    const unlinked = await call(agent, "POST", "/api/orgs/demo/invitations", {
      email: "c@example.test",
      roles: ["customer"],
    });
    expect(unlinked.status).toBe(400);
    expect((unlinked.body.issues as { path: string[] }[])[0]?.path).toEqual(["customerId"]);
    const ok = await call(agent, "POST", "/api/orgs/demo/invitations", {
      email: "rancher@example.test",
      roles: ["customer"],
      customerId: "c-77",
    });
    expect(ok.status).toBe(201);
    const link = new URL(String(ok.body.developmentLink));
    expect((await call(null, "GET", link.pathname + link.search)).status).toBe(303);
    const joined = (await server.storage.members.listMembers("demo")).find(
      (m) => m.email === "rancher@example.test",
    );
    expect(joined?.roles).toEqual(["customer"]);
    expect((await server.storage.members.loadSubject(joined?.id as string)).customerLinks).toEqual([
      { orgId: "demo", customerId: "c-77" },
    ]);
    // An agent cannot change a staff member's roles, nor make a customer an agent.
    expect(
      (
        await call(agent, "PUT", `/api/orgs/demo/members/${encodeURIComponent(admin.sub)}/roles`, {
          roles: [],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(agent, "PUT", `/api/orgs/demo/members/${encodeURIComponent(joined?.id as string)}/roles`, {
          roles: ["agent"],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(admin, "POST", "/api/orgs/demo/invitations", {
          email: "s@example.test",
          roles: ["superAdmin"],
        })
      ).status,
    ).toBe(403);
  });

  it("the last admin cannot lose the admin role or leave; with a second admin they can", async () => {
    const self = `/api/orgs/demo/members/${encodeURIComponent(admin.sub)}`;
    const demote = await call(admin, "PUT", `${self}/roles`, { roles: ["agent"] });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(LAST_ADMIN_MESSAGE);
    expect((await call(admin, "DELETE", self)).status).toBe(409);
    // The older single-role route keeps the same rule.
    const single = await call(admin, "DELETE", `${self}/roles/admin`);
    expect(single.status).toBe(409);
    expect(single.body.message).toBe(LAST_ADMIN_MESSAGE);
    expect((await server.storage.members.loadSubject(admin.sub)).memberships.map((m) => m.role)).toContain(
      "admin",
    );
    // Make agent2 an admin too: now the first admin may step down to agent.
    const agent2 = demoUser("agent2@demo.rangeline.test");
    const promote = await call(
      admin,
      "PUT",
      `/api/orgs/demo/members/${encodeURIComponent(agent2.sub)}/roles`,
      {
        roles: ["agent", "admin"],
      },
    );
    expect(promote.status).toBe(200);
    expect((await call(admin, "PUT", `${self}/roles`, { roles: ["admin", "agent"] })).status).toBe(200);
    // Undo: agent2 back to agent only (admin stays the last admin).
    expect(
      (
        await call(admin, "PUT", `/api/orgs/demo/members/${encodeURIComponent(agent2.sub)}/roles`, {
          roles: ["agent"],
        })
      ).status,
    ).toBe(200);
    expect((await call(admin, "PUT", `${self}/roles`, { roles: ["admin"] })).status).toBe(200);
  });

  it("[ACL11] every route is refused to the wrong role and to another organisation", async () => {
    for (const user of [customer, partner, superAdmin, otherAgent]) {
      expect((await call(user, "GET", "/api/orgs/demo/people")).status, user.email).toBe(403);
      expect(
        (
          await call(user, "POST", "/api/orgs/demo/invitations", {
            email: "z@example.test",
            roles: ["customer"],
            customerId: "c-1",
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await call(user, "PUT", `/api/orgs/demo/members/${encodeURIComponent(agent.sub)}/roles`, {
            roles: [],
          })
        ).status,
      ).toBe(403);
      expect(
        (await call(user, "DELETE", `/api/orgs/demo/members/${encodeURIComponent(agent.sub)}`)).status,
      ).toBe(403);
    }
    expect((await call(admin, "GET", "/api/orgs/other/people")).status).toBe(403);
    expect((await call(null, "GET", "/api/orgs/demo/people")).status).toBe(401);
    expect((await call(admin, "PUT", "/api/orgs/demo/members/nobody/roles", { roles: [] })).status).toBe(404);
    expect(
      (await call(admin, "POST", "/api/orgs/demo/invitations", { email: "bad", roles: [] })).status,
    ).toBe(400);
  });

  it("admins remove a member; the removal is audited and the people list shows the last sign-in", async () => {
    const partnerPath = `/api/orgs/demo/members/${encodeURIComponent(partner.sub)}`;
    expect((await call(admin, "DELETE", partnerPath)).status).toBe(200);
    expect(
      (await server.storage.members.loadSubject(partner.sub)).memberships.filter((m) => m.orgId === "demo"),
    ).toEqual([]);
    const people = await call(admin, "GET", "/api/orgs/demo/people");
    const members = people.body.members as { email: string; lastSignInAt: string | null }[];
    expect(members.some((m) => m.email === partner.email)).toBe(false);
    expect(members.find((m) => m.email === "new.agent@example.test")?.lastSignInAt).toMatch(/^\d{4}-/);
  });
});
