import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleIndividualApplication } from "../../../shared/applications/fixtures";
import { newSubmissionId } from "../../../sync-server/applications/routes";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import { signedInFetch } from "../sync/on-both-databases";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// KEY1 and ORG1 (docs/partner-api.md, docs/administration.md) on two real instances sharing PostgreSQL:
// a partner's API key reads the book only while its owner is a partner of the organisation and the
// organisation is enabled — on the instance where the change was made and on the other, within the key
// cache's 2 s — and a disabled organisation takes no application and e-mails none of its agents.

const admin = demoUser("admin@demo.rangeline.test");
const superAdmin = demoUser("superadmin@demo.rangeline.test");
const ORG = "keyorg";
const partner = { sub: "auth0|keyorg-partner", email: "partner@keyorg.rangeline.test", name: "Key Partner" };
const agent = { sub: "auth0|keyorg-agent", email: "agent@keyorg.rangeline.test", name: "Key Agent" };

describe.runIf(postgresAvailable)("[KEY1][ORG1] keys and organisations that no longer belong", () => {
  const schema = uniqueSchema("keys");
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-key-standing-"));
  let one: TestServer;
  let two: TestServer;
  const start = async () =>
    startTestServer(
      { DATABASE_URL: POSTGRES_URL, PUBLIC_URL: "http://rangeline.test/" },
      { dataDir, storage: await PostgresStorage.open({ connectionString: POSTGRES_URL, schema }) },
    );
  const read = (server: TestServer, key: string) =>
    fetch(`http://127.0.0.1:${server.port}/api/v1/book/customers`, {
      headers: { authorization: `Bearer ${key}` },
    });
  const statuses = async (key: string) => [(await read(one, key)).status, (await read(two, key)).status];
  const newKey = async () => {
    const made = await signedInFetch(one, partner, `/api/orgs/${ORG}/api-keys`, {
      method: "POST",
      body: JSON.stringify({ name: "book reader", scopes: ["book:read"] }),
    });
    expect(made.status).toBe(201);
    return ((await made.json()) as { key: string }).key;
  };
  const setDisabled = async (disabled: boolean) => {
    const answer = await signedInFetch(one, superAdmin, `/api/platform/orgs/${ORG}`, {
      method: "PATCH",
      body: JSON.stringify({ disabled }),
    });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    one = await start();
    two = await start();
    for (const user of [partner, agent]) await one.storage.members.upsertUser({ ...user, id: user.sub });
    await one.storage.members.addMembership(partner.sub, ORG, "partner");
    await one.storage.members.addMembership(agent.sub, ORG, "agent");
    await one.storage.members.addMembership(admin.sub, ORG, "admin");
  });
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("[KEY1] a partner moved to another role or removed from the organisation loses their keys on both instances", async () => {
    const key = await newKey();
    expect(await statuses(key)).toEqual([200, 200]);
    // Moved to agent: no longer a partner.
    const moved = await signedInFetch(one, admin, `/api/orgs/${ORG}/members/${partner.sub}/roles`, {
      method: "PUT",
      body: JSON.stringify({ roles: ["agent"] }),
    });
    expect(moved.status).toBe(200);
    await expect.poll(() => statuses(key), { timeout: 5000 }).toEqual([401, 401]);
    const refused = await read(two, key);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      `This API key's owner is no longer a partner of ${ORG}: a partner of the organisation creates a new one at /api-keys.`,
    );
    // A partner again: the same key reads again; removed from the organisation: refused again.
    await one.storage.members.addMembership(partner.sub, ORG, "partner");
    await expect.poll(() => statuses(key), { timeout: 5000 }).toEqual([200, 200]);
    const removed = await signedInFetch(one, admin, `/api/orgs/${ORG}/members/${partner.sub}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    await expect.poll(() => statuses(key), { timeout: 5000 }).toEqual([401, 401]);
    await one.storage.members.addMembership(partner.sub, ORG, "partner");
  });

  it("[ORG1] a disabled organisation's keys read nothing on either instance until it is enabled again", async () => {
    const key = await newKey();
    expect(await statuses(key)).toEqual([200, 200]);
    await setDisabled(true);
    await expect.poll(() => statuses(key), { timeout: 5000 }).toEqual([403, 403]);
    const refused = (await (await read(two, key)).json()) as { code?: string; detail: string };
    expect(refused.detail).toBe(
      `${ORG} is disabled on this platform: its API keys read nothing until a platform administrator enables it again.`,
    );
    await setDisabled(false);
    await expect.poll(() => statuses(key), { timeout: 5000 }).toEqual([200, 200]);
  });

  it("[ORG1] a disabled organisation takes no application on either instance and e-mails none of its agents", async () => {
    const apply = (server: TestServer) =>
      fetch(`http://127.0.0.1:${server.port}/api/applications`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sampleIndividualApplication({ submissionId: newSubmissionId(), orgId: ORG })),
      });
    const mailsToAgent = async () =>
      (await one.storage.platform.listOutbox(200)).filter((m) => m.to === agent.email).length;
    // Enabled: taken, and the agent is told.
    expect((await apply(one)).status).toBe(201);
    await expect.poll(mailsToAgent, { timeout: 5000 }).toBe(1);
    await setDisabled(true);
    for (const server of [one, two]) {
      const refused = await apply(server);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { message: string }).message).toBe(
        `No agency "${ORG}" takes applications here: check the link your agency sent.`,
      );
      expect((await fetch(`http://127.0.0.1:${server.port}/api/applications/agency/${ORG}`)).status).toBe(
        404,
      );
    }
    expect(await one.storage.applications.listApplications(ORG, 10)).toHaveLength(1);
    expect(await mailsToAgent()).toBe(1);
    await setDisabled(false);
    expect((await apply(two)).status).toBe(201);
    await expect.poll(mailsToAgent, { timeout: 5000 }).toBe(2);
  });
});
