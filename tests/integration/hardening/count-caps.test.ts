import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sampleIndividualApplication } from "../../../shared/applications/fixtures";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { newSubmissionId } from "../../../sync-server/applications/routes";
import { configSchema } from "../../../sync-server/config";
import { countMax, ROUTE_LIMITS } from "../../../sync-server/routes/limits";
import { writeSections } from "../../../sync-server/sync/doc-json";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// [BOUND2] (docs/limits.md): every route the route table declares with a count cap refuses the record
// past it. Table-driven: for each row with a cap, the records of one organisation (user, claim) are
// created through the route up to the cap, and the next is a 409 whose sentence names the cap. Caps that
// are settings are set small here; the constants are small already.

const agent = demoUser("agent@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const partner = demoUser("partner@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const SETTINGS = {
  INVITATIONS_OPEN_PER_ORG: "3",
  MEMBERS_PER_ORG: "20",
  CAMPAIGNS_PER_ORG: "3",
  APPLICATIONS_WAITING_PER_ORG: "3",
};

let server: TestServer;
const config = configSchema.parse({ NODE_ENV: "test", ...SETTINGS });

async function call(user: { sub: string } | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (user) headers.authorization = `Bearer ${await server.token(user as typeof agent)}`;
  let payload: BodyInit | undefined;
  if (body instanceof Uint8Array) {
    headers["content-type"] = "application/octet-stream";
    payload = body as Uint8Array<ArrayBuffer>;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers, body: payload });
  return { status: response.status, body: (await response.json()) as { error?: string; message?: string } };
}

const pdf = (n: number) => new TextEncoder().encode(`%PDF-1.4\n${n}`);
const campaign = {
  campaign: { schemaVersion: 1, name: "Capped", status: "ACTIVE", quote: defaultLrpCampaignQuote() },
  schedule: {
    schemaVersion: 1,
    frequency: "DAILY",
    weekdays: [1, 2, 3, 4, 5],
    sendTime: "07:00",
    durationType: "ONGOING",
    startDate: "2026-01-01",
  },
  recipients: {},
};
const device = (n: number) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/capped-${n}`,
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
});

/**
 * The records of a kind the demo organisation has before the test (its demo people). The invitations'
 * row comes before the members' in the table: an organisation at its cap of people invites nobody.
 */
const EXISTING: Record<string, () => Promise<number>> = {
  "POST /api/orgs/:orgId/members": async () => (await server.storage.members.listMembers("demo")).length,
};

/** How the test creates the n-th record through each capped route (one organisation, user or claim). */
const CREATE: Record<string, (n: number) => ReturnType<typeof call>> = {
  "POST /api/orgs/:orgId/claims/:claimId/attachments": (n) =>
    call(agent, "POST", `/api/orgs/demo/claims/cl-capped/attachments?id=att-${n}&name=page-${n}.pdf`, pdf(n)),
  "POST /api/orgs/:orgId/invitations": (n) =>
    call(admin, "POST", "/api/orgs/demo/invitations", {
      email: `capped-${n}@example.test`,
      roles: ["agent"],
    }),
  "POST /api/applications": () =>
    call(null, "POST", "/api/applications", sampleIndividualApplication({ submissionId: newSubmissionId() })),
  "POST /api/push/subscriptions": (n) => call(customer, "POST", "/api/push/subscriptions", device(n)),
  "POST /api/orgs/:orgId/api-keys": (n) =>
    call(partner, "POST", "/api/orgs/demo/api-keys", { name: `capped ${n}`, scopes: ["quotes:read"] }),
  "POST /api/orgs/:orgId/members": (n) =>
    call(admin, "POST", "/api/orgs/demo/members", { userId: `auth0|capped-${n}`, role: "customer" }),
  "PUT /api/orgs/:orgId/campaigns/:campaignId": (n) =>
    call(agent, "PUT", `/api/orgs/demo/campaigns/capped-${n}`, campaign),
};

beforeAll(async () => {
  server = await startTestServer(SETTINGS);
  // A claim the server holds (ATTACH1) for the attachments.
  const client = connect(server.syncUrl, "org/demo/claim/cl-capped", await server.token(agent));
  expect(await client.ready).toBe(true);
  client.doc.getMap("claim").set("customerId", "c-demo");
  await vi.waitFor(async () =>
    expect(await server.storage.claims.getClaimCustomer("demo", "cl-capped")).toBe("c-demo"),
  );
  client.destroy();
});
afterAll(async () => {
  await server?.stop();
});

describe("[BOUND2] counts a caller can pile up are capped", () => {
  const capped = ROUTE_LIMITS.filter((row) => row.count);

  it("every route that declares a count cap has a way to create its records here", () => {
    expect(capped.map((row) => `${row.method} ${row.path}`).filter((key) => !CREATE[key])).toEqual([]);
    expect(capped.length).toBeGreaterThanOrEqual(Object.keys(CREATE).length);
  });

  it.each(capped.map((row) => [`${row.method} ${row.path}`, row] as const))(
    "%s: up to the cap, then 409 with a sentence naming it",
    async (key, row) => {
      const cap = countMax(row.count as NonNullable<typeof row.count>, config);
      const create = CREATE[key] as (n: number) => ReturnType<typeof call>;
      for (let n = (await EXISTING[key]?.()) ?? 0; n < cap; n++) {
        const made = await create(n);
        expect(made.status, `record ${n + 1} of ${cap}: ${made.body.message}`).toBeLessThan(300);
      }
      const refused = await create(cap);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(new RegExp(`\\bat most ${cap}\\b|\\b${cap}\\b`));
      expect(refused.body.message?.split(/\s+/).length).toBeGreaterThan(5);
    },
  );

  it("a campaign made on a device past the organisation's cap is refused on the sync socket too", async () => {
    const key = "PUT /api/orgs/:orgId/campaigns/:campaignId";
    const create = CREATE[key] as (n: number) => ReturnType<typeof call>;
    // The organisation at its cap (the rows above made these; saving one again changes nothing).
    for (let n = 0; n < config.CAMPAIGNS_PER_ORG; n++) expect((await create(n)).status).toBe(200);
    const name = "org/demo/campaign/capped-device";
    const client = connect(server.syncUrl, name, await server.token(agent));
    expect(await client.ready).toBe(true);
    client.doc.transact(() =>
      writeSections(client.doc, { campaign: campaign.campaign, schedule: campaign.schedule }),
    );
    await expect.poll(() => client.closeReasons).toContain("too-many-documents");
    client.destroy();
    expect(await server.storage.listDocuments("org/demo/campaign/")).not.toContain(name);
  });
});
