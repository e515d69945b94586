import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// ADMIN1 (docs/hardening.md): the users table is shared by every organisation. An organisation's admin
// creates users, or changes users of their organisation alone; a user of another organisation is
// invited (they accept), never edited; a field left out never erases the stored one.

const admin = demoUser("admin@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");
const otherCustomer = demoUser("customer@other.rangeline.test");

describe("[ADMIN1] an admin writes only their own organisation's user records", () => {
  let server: TestServer;
  const call = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await server.token(admin)}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: "manual",
    });
    const text = await response.text();
    return { status: response.status, text, location: response.headers.get("location") };
  };
  const addMember = (body: Record<string, unknown>) => call("POST", "/api/orgs/demo/members", body);
  const superAdmin = demoUser("superadmin@demo.rangeline.test");

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("another organisation's user cannot be renamed: 409 invite-instead, the record unchanged", async () => {
    const before = await server.storage.members.getUser(otherAgent.sub);
    const answer = await addMember({
      userId: otherAgent.sub,
      email: "hijacked@evil.test",
      name: "Hijacked",
      role: "agent",
    });
    expect({ status: answer.status, error: JSON.parse(answer.text).error }).toEqual({
      status: 409,
      error: "invite-instead",
    });
    expect(await server.storage.members.getUser(otherAgent.sub)).toEqual(before);
  });

  it("a POST without e-mail and name does not blank another organisation's user", async () => {
    const before = await server.storage.members.getUser(otherCustomer.sub);
    expect(before?.email).toBe(otherCustomer.email);
    await addMember({ userId: otherCustomer.sub, role: "agent" });
    expect(await server.storage.members.getUser(otherCustomer.sub)).toEqual(before);
  });

  it("another organisation's user gains no membership from the POST", async () => {
    await addMember({ userId: otherAgent.sub, role: "admin" });
    const subject = await server.storage.members.loadSubject(otherAgent.sub);
    expect(subject.memberships.filter((m) => m.orgId === "demo")).toEqual([]);
  });

  it("a member of the organisation gets a role without losing the stored e-mail and name", async () => {
    const answer = await addMember({ userId: agent2.sub, role: "partner" });
    expect(answer.status).toBe(201);
    expect(await server.storage.members.getUser(agent2.sub)).toMatchObject({
      id: agent2.sub,
      email: agent2.email,
      name: agent2.name,
    });
  });

  it("an organisation's admin cannot grant the platform's superAdmin role", async () => {
    const answer = await addMember({ userId: agent2.sub, role: "superAdmin" });
    expect(answer.status).toBe(403);
  });

  it("an organisation's admin cannot take the platform's superAdmin role away", async () => {
    await call("DELETE", `/api/orgs/demo/members/${encodeURIComponent(superAdmin.sub)}/roles/superAdmin`);
    const subject = await server.storage.members.loadSubject(superAdmin.sub);
    expect(subject.memberships).toContainEqual({ orgId: "demo", role: "superAdmin" });
  });

  it("a new user is created with the given e-mail and name", async () => {
    const answer = await addMember({
      userId: "auth0|brand-new",
      email: "new@demo.test",
      name: "New Person",
      role: "agent",
    });
    expect({ status: answer.status, user: await server.storage.members.getUser("auth0|brand-new") }).toEqual({
      status: 201,
      user: { id: "auth0|brand-new", email: "new@demo.test", name: "New Person", organisations: ["demo"] },
    });
  });

  it("another organisation's user joins by accepting an invitation, keeping their name", async () => {
    const sent = await call("POST", "/api/orgs/demo/invitations", {
      email: otherAgent.email,
      roles: ["agent"],
    });
    const link = new URL(String(JSON.parse(sent.text).developmentLink));
    const accepted = await fetch(`http://127.0.0.1:${server.port}${link.pathname}${link.search}`, {
      redirect: "manual",
    });
    expect(accepted.status).toBe(303);
    expect(await server.storage.members.getUser(otherAgent.sub)).toMatchObject({
      id: otherAgent.sub,
      email: otherAgent.email,
      name: otherAgent.name,
    });
  });

  // Last: it disables the other organisation.
  it("a user of a disabled organisation is still another organisation's: invited, not added", async () => {
    const disabled = await fetch(`http://127.0.0.1:${server.port}/api/platform/orgs/other`, {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${await server.token(superAdmin)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    const answer = await addMember({ userId: otherCustomer.sub, role: "agent" });
    expect(answer.status).toBe(409);
  });
});
