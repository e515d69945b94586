import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// The server records who changed a claim's status and amount (docs/claims.md; AUDIT1 extended to claim
// documents), and the claim's strict shape is enforced on writes (SYNC3).

const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const NOW = "2026-11-20T15:00:00.000Z";
const claim = {
  version: 1,
  id: "cl-h",
  customerId: "c-demo",
  plan: "lrp",
  coverageIds: ["cv-1"],
  policyId: "p-1",
  commodity: "0801",
  type: "809",
  endDate: "2026-11-13",
  filingDueDate: "2027-01-12",
  actual: {
    value: "265.12",
    source: "rma-actual",
    sourceText: "RMA actual ending value (A00620) for 2026-11-13",
    date: "2026-11-20",
    kind: "final",
  },
  indemnity: "3660",
  producerPremium: "3591",
  net: "69",
  computedAt: NOW,
  status: "open",
  createdAt: NOW,
  updatedAt: NOW,
  updatedBy: "forged-by-the-client",
};

describe("claim history and shape on the server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("[AUDIT1] who changed a claim's status and amounts, from the verified connection", async () => {
    const name = "org/demo/claim/cl-h";
    const client = connect(server.syncUrl, name, await server.token(agent));
    expect(await client.ready).toBe(true);
    const map = client.doc.getMap("claim");
    client.doc.transact(() => {
      for (const [k, v] of Object.entries(claim)) map.set(k, v);
    });
    await vi.waitFor(async () =>
      expect(await server.storage.claims.getClaimCustomer("demo", "cl-h")).toBe("c-demo"),
    );
    client.doc.transact(() => {
      map.set("status", "submitted");
      map.set("submittedAt", "2026-11-21");
      map.set("submittedAmount", "3660");
      map.set("updatedAt", "2026-11-21T10:00:00.000Z");
    });
    await vi.waitFor(
      async () => {
        const rows = await server.storage.history.listHistory({ documentNames: [name] });
        expect(rows.map((r) => [r.action, r.fields.join(",")])).toEqual([
          ["changed", "status,submittedAmount,submittedAt"],
          ["created", expect.stringContaining("indemnity")],
        ]);
        expect(rows.every((r) => r.userId === agent.sub)).toBe(true);
      },
      { timeout: 5000 },
    );
    const base = `http://127.0.0.1:${server.port}/api/orgs/demo/claims/cl-h/history`;
    const response = await fetch(base, { headers: { authorization: `Bearer ${await server.token(agent)}` } });
    expect(response.status).toBe(200);
    const { history } = (await response.json()) as {
      history: { fields: string[]; user: { email: string } }[];
    };
    expect(history[0]).toMatchObject({
      fields: ["status", "submittedAmount", "submittedAt"],
      user: { email: "agent@demo.rangeline.test" },
    });
    // The customer reads the claim, not the agency's history of it.
    const refused = await fetch(base, {
      headers: { authorization: `Bearer ${await server.token(customer)}` },
    });
    expect(refused.status).toBe(403);
    client.destroy();
  });

  it("[SYNC3] a versioned claim that breaks its shape is refused and recorded", async () => {
    const name = "org/demo/claim/cl-bad";
    const client = connect(server.syncUrl, name, await server.token(agent));
    expect(await client.ready).toBe(true);
    const map = client.doc.getMap("claim");
    client.doc.transact(() => {
      for (const [k, v] of Object.entries({
        ...claim,
        id: "cl-bad",
        status: "paid",
        submittedAt: "2026-11-21",
      }))
        map.set(k, v);
    });
    await expect.poll(() => client.closeReasons).toContain("invalid-document");
    const violations = await server.storage.violations.listViolations({ documentPrefix: name });
    expect(violations[0]?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "claim.paidAt: give the date the indemnity was paid",
      "claim.paidAmount: give the amount paid",
    ]);
    client.destroy();
  });
});
