import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// Rule VIOL1 (docs/hardening.md): a flood of refused writes is one row with its count, first and last time, in
// both lists (the organisation's and the platform's), so it never hides the other refusals.

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const superAdmin = demoUser("superadmin@demo.rangeline.test");
const START = Date.UTC(2026, 10, 27, 2, 0, 0); // a minute boundary

describe("[VIOL1] refused writes listed with their count", () => {
  let server: TestServer;
  const get = async (user: { sub: string }, path: string) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      headers: { authorization: `Bearer ${await server.token(user)}` },
    });
    return (await response.json()) as { violations: Record<string, unknown>[] };
  };
  beforeAll(async () => {
    server = await startTestServer();
    const report = (userId: string, at: number, message: string) =>
      server.storage.violations.recordViolation({
        documentName: "org/demo/customer/c-demo",
        userId,
        at,
        issues: [{ path: ["profile", "email"], message }],
      });
    await report(admin.sub, START, "A real one");
    // 300 refused writes from one agent in one second, as the guard records them.
    for (let i = 0; i < 300; i++) await report(agent.sub, START + 100 + i * 3, "Invalid email address");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("[VIOL1] the flood is one row ×300 beside the real one in the organisation's and the platform's list", async () => {
    const org = await get(admin, "/api/orgs/demo/sync-violations");
    expect(org.violations.map((v) => [v.userId, v.count, v.at, v.lastAt])).toEqual([
      [agent.sub, 300, START + 100, START + 997],
      [admin.sub, 1, START, START],
    ]);
    const platform = await get(superAdmin, "/api/platform/sync-violations?limit=50");
    expect(platform.violations.map((v) => [v.userId, v.count, v.at, v.lastAt])).toEqual([
      [agent.sub, 300, new Date(START + 100).toISOString(), new Date(START + 997).toISOString()],
      [admin.sub, 1, new Date(START).toISOString(), new Date(START).toISOString()],
    ]);
  });
});
