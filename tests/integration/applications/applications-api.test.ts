import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  sampleBusinessApplication,
  sampleIndividualApplication,
} from "../../../shared/applications/fixtures";
import { documentName } from "../../../shared/documents/names";
import { newSubmissionId } from "../../../sync-server/applications/routes";
import type { ApplicationRecord } from "../../../sync-server/applications/tables";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import { onBothDatabases, signedInFetch } from "../sync/on-both-databases";

// Applications for coverage (docs/applications.md): the table on both databases, and the HTTP routes: anyone
// submits (validated by the shared schema, idempotent by submission id, limited per address, tax ids
// sealed at rest), agents of the organisation list, read and decide, the applicant's device polls.

onBothDatabases("applications table", "applications", (opened) => {
  const row = (id: string, over: Partial<ApplicationRecord> = {}): ApplicationRecord => ({
    id,
    orgId: "demo",
    status: "received",
    tokenHash: "t".repeat(64),
    bodySha256: "b".repeat(64),
    applicantType: "individual",
    applicantName: "Dale",
    plans: ["lrp"],
    state: "TX",
    receivedAt: 1_700_000_000_000,
    decidedAt: null,
    decidedBy: null,
    declineReason: null,
    customerId: null,
    ...over,
  });
  it("stores once per id, lists newest first, decides once", async () => {
    const storage = opened();
    const first = await storage.applications.putApplication(row("a1"), new Uint8Array([1, 2, 3]));
    expect(first).toEqual({ created: true, record: row("a1") });
    const again = await storage.applications.putApplication(
      row("a1", { applicantName: "X" }),
      new Uint8Array([9]),
    );
    expect(again).toEqual({ created: false, record: row("a1") });
    await storage.applications.putApplication(
      row("a2", { receivedAt: 1_800_000_000_000 }),
      new Uint8Array([4]),
    );
    await storage.applications.putApplication(row("a3", { orgId: "other" }), new Uint8Array([5]));
    expect((await storage.applications.listApplications("demo", 10)).map((r) => r.id)).toEqual(["a2", "a1"]);
    expect([...((await storage.applications.getApplication("a1"))?.sealed ?? [])]).toEqual([1, 2, 3]);
    const decision = { status: "declined" as const, at: 5, by: "u", reason: "no", customerId: null };
    expect(await storage.applications.decideApplication("a1", decision)).toBe(true);
    expect(await storage.applications.decideApplication("a1", decision)).toBe(false);
    expect((await storage.applications.getApplication("a1"))?.record).toMatchObject({
      status: "declined",
      decidedAt: 5,
      declineReason: "no",
    });
  });
});

describe("applications over HTTP", () => {
  const agent = demoUser("agent@demo.rangeline.test");
  const otherAgent = demoUser("agent@other.rangeline.test");
  const customer = demoUser("customer@demo.rangeline.test");
  let server: TestServer;
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;
  const submit = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url("/api/applications"), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const asUser = (user: typeof agent, path: string, init: RequestInit = {}) =>
    signedInFetch(server, user, path, init);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("names the agency a link sends to (anyone may ask); an organisation without agents is refused", async () => {
    const demo = await fetch(url("/api/applications/agency/demo"));
    expect(demo.status).toBe(200);
    expect(await demo.json()).toMatchObject({ orgId: "demo" });
    const none = await fetch(url("/api/applications/agency/nobody"));
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(
      'No agency "nobody" takes applications here: check the link your agency sent.',
    );
    expect((await fetch(url(`/api/applications/agency/${"x".repeat(129)}`))).status).toBe(400);
    // The name its administrators set and the providers of its AIP settings, once it has an agent.
    const aipProvider = (plans: string[]) => ({
      plans,
      dataSync: false,
      agentMgmtLink: null,
      fileNamePrefixes: {
        lrp: { application: null, endorsement: null },
        lgm: {
          cattle: { application: null, endorsement: null },
          swine: { application: null, endorsement: null },
        },
      },
    });
    const named = new Y.Doc();
    named.getMap("settings").set("name", "High Plains Livestock Insurance");
    named.getMap("settings").set("aip", {
      providers: { rh: aipProvider(["lrp"]), nau: aipProvider(["lrp", "lgm"]) },
      primary: "rh",
    });
    await server.storage.appendUpdate(documentName.org("plains"), Y.encodeStateAsUpdate(named), "test");
    named.destroy();
    await server.storage.members.addMembership(agent.sub, "plains", "agent");
    const plains = await fetch(url("/api/applications/agency/plains"));
    expect(plains.status).toBe(200);
    expect(await plains.json()).toEqual({
      orgId: "plains",
      name: "High Plains Livestock Insurance",
      providers: { lrp: ["rh", "nau"], lgm: ["nau"] },
      defaults: { lrp: "rh", lgm: "nau" },
    });
    // An application to it naming a provider it does not write with is refused at that field.
    const elsewhere = sampleIndividualApplication({ submissionId: newSubmissionId(), orgId: "plains" });
    const refused = await submit({ ...elsewhere, providers: { lrp: "proAg" } });
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as { issues: { path: string[]; message: string }[] };
    expect(problem.issues).toEqual([
      {
        path: ["providers", "lrp"],
        message: "ProAg is not one of High Plains Livestock Insurance's providers for LRP: choose another",
      },
    ]);
    expect((await submit({ ...elsewhere, providers: { lrp: "rh" } })).status).toBe(201);
  });

  it("accepts a valid application (201), answers a retry the same (200), refuses changed content (409)", async () => {
    const a = sampleIndividualApplication({ submissionId: newSubmissionId() });
    const first = await submit(a);
    expect(first.status).toBe(201);
    const body = (await first.json()) as { id: string; status: string; statusToken: string };
    expect(body).toMatchObject({ id: a.submissionId, status: "received" });
    expect(body.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const retry = await submit(a);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { statusToken: string }).statusToken).toBe(body.statusToken);
    const changed = await submit({ ...a, phone: "806-555-0199" });
    expect(changed.status).toBe(409);
    // The agents were told by e-mail (the outbox), without the tax id.
    const mail = await server.storage.platform.listOutbox(20);
    const mine = mail.filter((m) => m.to === agent.email && m.subject.includes("Dale Rancher"));
    expect(mine.length).toBeGreaterThan(0);
    for (const m of mail) expect(`${m.subject}${m.text}`).not.toContain(a.taxId);
  });

  it("refuses invalid input with the field and the rule's message, never echoing the tax id", async () => {
    const bad = sampleIndividualApplication({ submissionId: newSubmissionId(), taxId: "666123456" });
    const response = await submit(bad);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain("taxId: enter the 9-digit Social Security number");
    expect(text).not.toContain("666123456");
    const malformed = await submit("{not json");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toBe("invalid-json");
    const unknownOrg = await submit(
      sampleIndividualApplication({ submissionId: newSubmissionId(), orgId: "nobody" }),
    );
    expect(unknownOrg.status).toBe(404);
  });

  it("stores the tax ids sealed: no database file holds them in the clear", async () => {
    const a = sampleBusinessApplication({ submissionId: newSubmissionId() });
    expect((await submit(a)).status).toBe(201);
    await server.storage.applications.listApplications("demo", 1);
    const files = readdirSync(server.dataDir).filter((f) => statSync(join(server.dataDir, f)).isFile());
    const needles = [a.taxId, "234567890"];
    for (const f of files) {
      const content = readFileSync(join(server.dataDir, f)).toString("latin1");
      for (const n of needles) expect(content.includes(n), `${f} holds a tax id`).toBe(false);
    }
  });

  it("agents of the organisation list, read and decide; the applicant's device polls with its token", async () => {
    const a = sampleIndividualApplication({ submissionId: newSubmissionId() });
    const { statusToken } = (await (await submit(a)).json()) as { statusToken: string };
    const list = await asUser(agent, "/api/orgs/demo/applications");
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { applications: Record<string, unknown>[] };
    expect(listed.applications.find((x) => x.id === a.submissionId)).toMatchObject({
      applicantName: "Dale Rancher",
      status: "received",
    });
    expect(JSON.stringify(listed)).not.toContain(a.taxId);
    expect((await asUser(otherAgent, "/api/orgs/demo/applications")).status).toBe(403);
    expect((await asUser(customer, "/api/orgs/demo/applications")).status).toBe(403);
    expect((await fetch(url("/api/orgs/demo/applications"))).status).toBe(401);
    const one = await asUser(agent, `/api/orgs/demo/applications/${a.submissionId}`);
    expect(((await one.json()) as { application: { taxId: string } }).application.taxId).toBe(a.taxId);
    expect(one.headers.get("cache-control")).toBe("no-store");

    const poll = (token: string) =>
      fetch(url(`/api/applications/${a.submissionId}/status`), { headers: { "x-application-token": token } });
    expect((await poll("wrong")).status).toBe(404);
    expect(((await (await poll(statusToken)).json()) as { status: string }).status).toBe("received");

    const decline = await asUser(agent, `/api/orgs/demo/applications/${a.submissionId}/decision`, {
      method: "POST",
      body: JSON.stringify({ status: "declined", reason: "" }),
    });
    expect(decline.status).toBe(400);
    expect(await decline.text()).toContain("give the reason the applicant will be told");
    const ok = await asUser(agent, `/api/orgs/demo/applications/${a.submissionId}/decision`, {
      method: "POST",
      body: JSON.stringify({ status: "declined", reason: "We do not write swine in your county." }),
    });
    expect(ok.status).toBe(200);
    const again = await asUser(agent, `/api/orgs/demo/applications/${a.submissionId}/decision`, {
      method: "POST",
      body: JSON.stringify({ status: "accepted", customerId: "c-1" }),
    });
    expect(again.status).toBe(409);
    expect(await (await poll(statusToken)).json()).toMatchObject({
      status: "declined",
      declineReason: "We do not write swine in your county.",
    });
  });

  it("limits anonymous submissions per address with 429 and Retry-After; a retry of a known one passes", async () => {
    const known = sampleIndividualApplication({ submissionId: newSubmissionId() });
    let limited: Response | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const r = await submit(
        i === 0 ? known : sampleIndividualApplication({ submissionId: newSubmissionId() }),
      );
      if (r.status === 429) limited = r;
      else expect([200, 201]).toContain(r.status);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await submit(known)).status).toBe(200);
  });
});
