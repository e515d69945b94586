import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATIONS, SMS_NEEDS_CONSENT } from "../../../shared/admin/profile";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// The user's own profile (docs/administration.md): each user reads and writes only their own; consent to text
// messages keeps its date; bad input is refused at its field.

const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");

describe("profile API", () => {
  let server: TestServer;
  const call = async (user: typeof agent | null, method: string, json?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/me`, {
      method,
      headers: {
        ...(user ? { authorization: `Bearer ${await server.token(user)}` } : {}),
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

  it("shows the identity's e-mail, the organisations and roles, and the defaults", async () => {
    const me = await call(agent, "GET");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: agent.sub,
      email: agent.email,
      name: agent.name,
      notifications: DEFAULT_NOTIFICATIONS,
      smsConsent: { given: false, at: null },
      organisations: [{ orgId: "demo", roles: ["agent"] }],
    });
  });

  it("saves name, phone, channels and consent with its date; another user's profile is untouched", async () => {
    const update = {
      name: "Alex A. Agent",
      mobilePhone: "620-555-0134",
      notifications: { ...DEFAULT_NOTIFICATIONS, priceAlerts: { email: false, sms: true } },
      smsConsent: true,
    };
    const saved = await call(agent, "PUT", update);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Alex A. Agent", mobilePhone: "620-555-0134" });
    const consent = saved.body.smsConsent as { given: boolean; at: string };
    expect(consent.given).toBe(true);
    expect(consent.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = await call(agent, "PUT", update);
    expect((again.body.smsConsent as { at: string }).at).toBe(consent.at);
    expect((await call(customer, "GET")).body).toMatchObject({
      mobilePhone: null,
      smsConsent: { given: false },
    });
    // The members list shows the new name.
    expect((await server.storage.members.listMembers("demo")).find((m) => m.id === agent.sub)?.name).toBe(
      "Alex A. Agent",
    );
  });

  it("refuses text messages without consent, a bad phone, and anyone not signed in", async () => {
    const bad = await call(agent, "PUT", {
      name: "Alex",
      mobilePhone: "555",
      notifications: { ...DEFAULT_NOTIFICATIONS, claimDeadlines: { email: true, sms: true } },
      smsConsent: false,
    });
    expect(bad.status).toBe(400);
    const issues = bad.body.issues as { path: string[]; message: string }[];
    expect(issues.map((i) => i.path.join("."))).toEqual(["mobilePhone", "notifications.claimDeadlines.sms"]);
    expect(issues[1]?.message).toBe(SMS_NEEDS_CONSENT);
    expect((await call(agent, "GET")).body.name).toBe("Alex A. Agent");
    expect((await call(null, "GET")).status).toBe(401);
    expect((await call(null, "PUT", {})).status).toBe(401);
  });
});
