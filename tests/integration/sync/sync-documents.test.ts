import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";
import { VIOLATION_MESSAGE_TYPE } from "../../../shared/documents/sync-reasons";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";

// Document content (SYNC3, SYNC5), the server-written market snapshot (ACL9) and membership kept in
// the server's tables and changed only through its API (ACL11, INPUT4).

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");

describe("documents and membership", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const open = async (user: typeof agent, name: string) => {
    const client = connect(server.syncUrl, name, await server.token(user));
    clients.push(client);
    return client;
  };
  const api = async (path: string, user: typeof agent | null, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (user) headers.set("authorization", `Bearer ${await server.token(user)}`);
    if (init.body) headers.set("content-type", "application/json");
    const response = await fetch(new URL(path, `http://127.0.0.1:${server.port}`), { ...init, headers });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer(
      {},
      { marketSeed: () => ({ asOf: "2026-11-20", label: "Sample market data (not for trading)" }) },
    );
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("[SYNC5] the server seeds new documents: schema version, the member directory from its tables, the market snapshot", async () => {
    const org = await open(admin, "org/demo");
    expect(await org.ready).toBe(true);
    expect(org.doc.getMap("meta").toJSON()).toEqual({ schemaVersion: DOCUMENT_SCHEMA_VERSION });
    const members = org.doc.getMap("members").toJSON();
    expect(Object.keys(members).sort()).toEqual(
      ["admin", "agent", "agent2", "customer", "partner", "superadmin"].map((n) => `auth0|demo-${n}`).sort(),
    );
    expect(members["auth0|demo-agent"]).toMatchObject({
      email: "agent@demo.rangeline.test",
      roles: ["agent"],
    });
    const market = await open(customer, "market/current");
    expect(await market.ready).toBe(true);
    expect(market.doc.getMap("snapshot").get("asOf")).toBe("2026-11-20");
  });

  it("[ACL9] only the server writes market/current: a published snapshot reaches readers", async () => {
    const reader = await open(agent, "market/current");
    expect(await reader.ready).toBe(true);
    await server.sync.publishMarketSnapshot({ asOf: "2026-11-21", label: "Published" });
    await expect.poll(() => reader.doc.getMap("snapshot").get("asOf")).toBe("2026-11-21");
    reader.doc.getMap("snapshot").set("asOf", "2030-01-01");
    await expect.poll(() => reader.closeReasons).toContain("forbidden");
  });

  it("[SYNC3] a write that breaks the document's schema is refused, recorded and reported, and nothing is written", async () => {
    const writer = await open(admin, "org/demo");
    expect(await writer.ready).toBe(true);
    writer.doc.getMap("settings").set("email", "office@demo.rangeline.test");
    await expect
      .poll(() => server.hocuspocus.documents.get("org/demo")?.getMap("settings").get("email"))
      .toBe("office@demo.rangeline.test");
    writer.doc.getMap("settings").set("email", "not an e-mail address");
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    expect(server.hocuspocus.documents.get("org/demo")?.getMap("settings").get("email")).toBe(
      "office@demo.rangeline.test",
    );
    const report = JSON.parse(writer.stateless.at(-1) ?? "{}");
    expect(report).toMatchObject({ type: VIOLATION_MESSAGE_TYPE, document: "org/demo" });
    expect(report.issues[0].path).toEqual(["settings", "email"]);
    const [recorded] = await server.storage.violations.listViolations({ documentPrefix: "org/demo" });
    expect(recorded).toMatchObject({ documentName: "org/demo", userId: admin.sub });
    expect(recorded?.issues[0]?.path).toEqual(["settings", "email"]);
    const listed = await api("/api/orgs/demo/sync-violations", admin);
    expect(listed.status).toBe(200);
    expect(listed.body.violations[0].id).toBe(recorded?.id);
  });

  it("[SYNC3] an invalid entry of a record section is refused; valid entries beside it are kept", async () => {
    // A reader keeps the document loaded on the server after the writer's connection is closed.
    const reader = await open(admin, "org/demo/book");
    expect(await reader.ready).toBe(true);
    const writer = await open(agent, "org/demo/book");
    expect(await writer.ready).toBe(true);
    const index = writer.doc.getMap("customers");
    index.set("c-ok", { id: "c-ok", name: "Good Ranch" });
    await expect
      .poll(() => server.hocuspocus.documents.get("org/demo/book")?.getMap("customers").get("c-ok"))
      .toEqual({ id: "c-ok", name: "Good Ranch" });
    index.set("c-bad", { id: "c-bad" });
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    const stored = server.hocuspocus.documents.get("org/demo/book")?.getMap("customers");
    expect(stored?.has("c-bad")).toBe(false);
    expect(stored?.get("c-ok")).toEqual({ id: "c-ok", name: "Good Ranch" });
    expect(JSON.parse(writer.stateless.at(-1) ?? "{}").issues[0].path).toEqual([
      "customers",
      "c-bad",
      "name",
    ]);
  });

  it("[SYNC3] a stored document that fails its schema is reported on load, not rewritten, and stays writable", async () => {
    const name = "org/demo/campaign/k-legacy";
    const legacy = new Y.Doc();
    legacy.getMap("meta").set("schemaVersion", 1);
    legacy.getMap("recipients").set("r-1", { id: "r-1", status: "BOUNCED" });
    await server.storage.appendUpdate(name, Y.encodeStateAsUpdate(legacy), "an-older-server");

    const writer = await open(agent, name);
    expect(await writer.ready).toBe(true);
    const [reported] = await server.storage.violations.listViolations({ documentPrefix: name });
    expect(reported).toMatchObject({ documentName: name, userId: null });
    expect(reported?.issues[0]?.path).toEqual(["recipients", "r-1", "status"]);
    expect(writer.doc.getMap("recipients").get("r-1")).toEqual({ id: "r-1", status: "BOUNCED" });

    writer.doc.getMap("campaign").set("name", "Still editable");
    await expect
      .poll(() => server.hocuspocus.documents.get(name)?.getMap("campaign").get("name"))
      .toBe("Still editable");
    writer.doc.getMap("recipients").set("r-1", { id: "r-1", status: "ACTIVE" });
    await expect
      .poll(() => server.hocuspocus.documents.get(name)?.getMap("recipients").get("r-1"))
      .toEqual({ id: "r-1", status: "ACTIVE" });
    expect(writer.closeReasons).toEqual([]);
  });

  it("[SYNC3] a section the document kind does not have is refused as invalid", async () => {
    const writer = await open(agent, "org/demo/customer/c-sections");
    expect(await writer.ready).toBe(true);
    writer.doc.getMap("backdoor").set("x", 1);
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    expect(
      server.hocuspocus.documents.get("org/demo/customer/c-sections")?.share.has("backdoor") ?? false,
    ).toBe(false);
  });

  it("[ACL7] when an agent points a claim at another customer, the former customer's connection closes", async () => {
    const name = "org/demo/claim/cl-moved";
    const writer = await open(agent, name);
    expect(await writer.ready).toBe(true);
    writer.doc.getMap("claim").set("customerId", customer.customerId);
    await vi.waitFor(async () =>
      expect(await server.storage.claims.getClaimCustomer("demo", "cl-moved")).toBe("c-demo"),
    );
    const reader = await open(customer, name);
    expect(await reader.ready).toBe(true);
    writer.doc.getMap("claim").set("customerId", "c-2");
    await expect.poll(() => reader.closeReasons).toContain("forbidden");
    const again = await open(customer, name);
    expect(await again.ready).toBe(false);
    expect(again.authFailure).toBe("forbidden");
  });

  it("[INPUT4] API bodies and queries that fail their schema get 400 with what and where", async () => {
    const bad = await api("/api/orgs/demo/members", admin, {
      method: "POST",
      body: JSON.stringify({ userId: "auth0|new", role: "owner", email: "nope" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid-input");
    expect(bad.body.issues.map((i: { path: string[] }) => i.path.join("."))).toEqual(
      expect.arrayContaining(["role", "email"]),
    );
    const notJson = await api("/api/orgs/demo/members", admin, { method: "POST", body: "{" });
    expect(notJson).toMatchObject({ status: 400, body: { error: "invalid-input" } });
    const query = await api("/api/orgs/demo/sync-violations?limit=0", admin);
    expect(query.status).toBe(400);
    expect(query.body.issues[0].path).toEqual(["limit"]);
    expect((await api("/api/orgs/demo/members", null)).status).toBe(401);
    // The server keeps serving.
    expect((await api("/api/orgs/demo/members", agent)).status).toBe(200);
  });

  it("[ACL11] membership lives in the server's tables: only an admin changes it, and live connections follow", async () => {
    const forbidden = await api("/api/orgs/demo/members", agent, {
      method: "POST",
      body: JSON.stringify({ userId: agent.sub, role: "admin" }),
    });
    expect(forbidden.status).toBe(403);

    const live = await open(agent2, "org/demo/customer/c-demo");
    expect(await live.ready).toBe(true);
    const directory = await open(admin, "org/demo");
    expect(await directory.ready).toBe(true);
    const removed = await api(`/api/orgs/demo/members/${encodeURIComponent(agent2.sub)}/roles/agent`, admin, {
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    await expect.poll(() => live.closeReasons).toContain("forbidden");
    await expect.poll(() => directory.doc.getMap("members").has(agent2.sub)).toBe(false);
    const again = await open(agent2, "org/demo/customer/c-demo");
    expect(await again.ready).toBe(false);
    expect(again.authFailure).toBe("forbidden");

    const added = await api("/api/orgs/demo/members", admin, {
      method: "POST",
      body: JSON.stringify({ userId: agent2.sub, role: "agent", email: agent2.email, name: agent2.name }),
    });
    expect(added.status).toBe(201);
    await expect.poll(() => directory.doc.getMap("members").has(agent2.sub)).toBe(true);
    const back = await open(agent2, "org/demo/customer/c-demo");
    expect(await back.ready).toBe(true);
  });

  it("[ACL11] a token's role and organisation claims grant nothing the tables do not", async () => {
    const token = await server.token({ ...customer, roles: ["agent", "admin"], orgId: "demo" });
    const client = connect(server.syncUrl, "org/demo/customer/c-demo/internal", token);
    clients.push(client);
    expect(await client.ready).toBe(false);
    expect(client.authFailure).toBe("forbidden");
  });
});
