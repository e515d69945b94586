import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// [INVITE1] (docs/administration.md): an address has at most one open invitation. Inviting it again says
// so and sends nothing, unless the inviter chooses to send it again: the new link works, the old one
// stops. An admin revokes an open invitation (an agent, a customer's only); the revoked link stops working.

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");

describe("[INVITE1] one open invitation per address; resend replaces it, revoke withdraws it", () => {
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
  const linkPath = (link: unknown) => {
    const url = new URL(String(link));
    return url.pathname + url.search;
  };
  const openFor = async (email: string) =>
    ((await call(admin, "GET", "/api/orgs/demo/people")).body.invitations as { email: string }[]).filter(
      (i) => i.email === email,
    );
  const outboxTo = async (email: string) =>
    (await server.storage.platform.listOutbox(100)).filter((m) => m.to === email).length;
  const actions = async () =>
    (
      (await call(admin, "GET", "/api/orgs/demo/audit")).body.audit as { action: string; target: string }[]
    ).map((a) => `${a.action} ${a.target}`);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a second invitation of the same address is refused with what to do, and nothing is sent", async () => {
    const first = await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "twice@example.test",
      roles: ["agent"],
    });
    expect(first.status).toBe(201);
    const again = await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "Twice@Example.test",
      roles: ["agent"],
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("invitation-open");
    expect(again.body.message).toBe(
      "twice@example.test already has an open invitation: send it again to replace it (the old link then stops working), or revoke it.",
    );
    expect((again.body.invitation as { roles: string[] }).roles).toEqual(["agent"]);
    expect(await openFor("twice@example.test")).toHaveLength(1);
    expect(await outboxTo("twice@example.test")).toBe(1);
  });

  it("sent again: a new link that works, the old one stops, one open invitation", async () => {
    const first = await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "resend@example.test",
      roles: ["agent"],
    });
    const resent = await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "resend@example.test",
      roles: ["agent", "partner"],
      replace: true,
    });
    expect(resent.status).toBe(201);
    expect(await openFor("resend@example.test")).toHaveLength(1);
    expect(await outboxTo("resend@example.test")).toBe(2);
    const old = await call(null, "GET", linkPath(first.body.developmentLink));
    expect(old.status).toBe(410);
    expect(String(old.body.text)).toContain("replaced by a newer invitation");
    const fresh = await call(null, "GET", linkPath(resent.body.developmentLink));
    expect(fresh.status).toBe(303);
    const joined = (await server.storage.members.listMembers("demo")).find(
      (m) => m.email === "resend@example.test",
    );
    expect(joined?.roles.sort()).toEqual(["agent", "partner"]);
    expect(await actions()).toContain("invitation.replaced resend@example.test");
  });

  it("an admin revokes an open invitation: its link stops working, the list and the log say so", async () => {
    const sent = await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "revoked@example.test",
      roles: ["agent"],
    });
    const revoked = await call(admin, "DELETE", "/api/orgs/demo/invitations/Revoked%40example.test");
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ email: "revoked@example.test", revoked: true });
    expect(await openFor("revoked@example.test")).toEqual([]);
    const link = await call(null, "GET", linkPath(sent.body.developmentLink));
    expect(link.status).toBe(410);
    expect(String(link.body.text)).toContain("it was revoked");
    expect(await actions()).toContain("invitation.revoked revoked@example.test");
    // Nothing left to revoke: a sentence saying so.
    const none = await call(admin, "DELETE", "/api/orgs/demo/invitations/revoked%40example.test");
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(
      "revoked@example.test has no open invitation to demo: it was accepted, revoked or never sent.",
    );
    // Revoked, the address can be invited afresh without a warning.
    const fresh = await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "revoked@example.test",
      roles: ["agent"],
    });
    expect(fresh.status).toBe(201);
  });

  it("an agent revokes or resends a customer's invitation, never a staff member's", async () => {
    await call(admin, "POST", "/api/orgs/demo/invitations", {
      email: "staff@example.test",
      roles: ["agent"],
    });
    const staff = await call(agent, "DELETE", "/api/orgs/demo/invitations/staff%40example.test");
    expect(staff.status).toBe(403);
    expect(staff.body.message).toContain("Agents manage customers' portal accounts only");
    const takeOver = await call(agent, "POST", "/api/orgs/demo/invitations", {
      email: "staff@example.test",
      roles: ["customer"],
      customerId: "c-1",
      replace: true,
    });
    expect(takeOver.status).toBe(403);
    expect(await openFor("staff@example.test")).toHaveLength(1);
    await call(agent, "POST", "/api/orgs/demo/invitations", {
      email: "rancher2@example.test",
      roles: ["customer"],
      customerId: "c-1",
    });
    expect((await call(agent, "DELETE", "/api/orgs/demo/invitations/rancher2%40example.test")).status).toBe(
      200,
    );
    // Another organisation's agent and a malformed address are refused.
    const outsider = demoUser("agent@other.rangeline.test");
    expect((await call(outsider, "DELETE", "/api/orgs/demo/invitations/staff%40example.test")).status).toBe(
      403,
    );
    expect((await call(admin, "DELETE", "/api/orgs/demo/invitations/not-an-address")).status).toBe(400);
  });
});
