import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { taxIdMessage } from "../../../shared/documents/tax-id";
import {
  sampleEntity,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
  sampleTaxId,
  writeProfile,
  writeRecord,
} from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";

// The agent book through real clients: who reads what (ACL4, ACL5, ACL10), full tax ids only in the
// internal document and never echoed (SYNC3), and the record history the server writes (AUDIT1).

const agent = demoUser("agent@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const otherCustomer = demoUser("customer@other.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");

const DIGITS = "501234987";
const FORMATTED = "501-23-4987";
const CUSTOMER_DOC = "org/demo/customer/c-demo";
const INTERNAL_DOC = `${CUSTOMER_DOC}/internal`;

describe("the agent book", () => {
  let server: TestServer;
  const logs: string[] = [];
  const clients: Client[] = [];
  const open = async (user: typeof agent, name: string) => {
    const client = connect(server.syncUrl, name, await server.token(user));
    clients.push(client);
    return client;
  };
  const api = async (path: string, user: typeof agent) => {
    const response = await fetch(new URL(path, `http://127.0.0.1:${server.port}`), {
      headers: { authorization: `Bearer ${await server.token(user)}` },
    });
    return { status: response.status, body: await response.json() };
  };
  const served = (name: string) => server.hocuspocus.documents.get(name);

  beforeAll(async () => {
    server = await startTestServer({}, { log: (message) => logs.push(message) });
    // An agent writes the customer's book and the full tax id (internal document only).
    const book = await open(agent, CUSTOMER_DOC);
    const internal = await open(agent, INTERNAL_DOC);
    expect(await book.ready).toBe(true);
    expect(await internal.ready).toBe(true);
    writeProfile(book.doc, sampleProfile("c-demo"));
    writeRecord(book.doc, "entities", "e-1", sampleEntity("e-1"));
    writeRecord(book.doc, "policies", "p-1", samplePolicy("p-1", "e-1"));
    writeRecord(book.doc, "coverages", "cv-1", sampleLrpCoverage("cv-1", "p-1"));
    writeRecord(internal.doc, "taxIds", "e-1", sampleTaxId("e-1", DIGITS));
    internal.doc.getMap("notes").set("n-1", { id: "n-1", text: "prefers calls after 6 pm" });
    await vi.waitFor(() => expect(book.provider.unsyncedChanges).toBe(0));
    await vi.waitFor(() => expect(internal.provider.unsyncedChanges).toBe(0));
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("[ACL4][SYNC1] the linked customer reads their customer document: profile and coverages, read-only, with no tax id", async () => {
    const reader = await open(customer, CUSTOMER_DOC);
    expect(await reader.ready).toBe(true);
    expect(reader.provider.authorizedScope).toBe("readonly");
    expect(reader.doc.getMap("coverages").toJSON()["cv-1"]).toMatchObject({ head: 100, status: "quoted" });
    expect(reader.doc.getMap("entities").toJSON()["e-1"]).toMatchObject({ taxIdType: 1, taxIdLast4: "6789" });
    const everything = JSON.stringify(Y.encodeStateAsUpdate(reader.doc));
    expect(everything).not.toContain(DIGITS);
    expect(JSON.stringify(reader.doc.toJSON())).not.toContain(DIGITS);
  });

  it("[ACL5] the linked customer never opens the internal document (tax ids, notes)", async () => {
    const reader = await open(customer, INTERNAL_DOC);
    expect(await reader.ready).toBe(false);
    expect(reader.authFailure).toBe("forbidden");
    expect(reader.doc.getMap("taxIds").size).toBe(0);
    expect(reader.doc.getMap("notes").size).toBe(0);
  });

  it("[ACL10] another customer, and another organisation's agent, see nothing of this customer", async () => {
    for (const [user, name] of [
      [otherCustomer, CUSTOMER_DOC],
      [otherCustomer, INTERNAL_DOC],
      [otherAgent, CUSTOMER_DOC],
      [otherAgent, INTERNAL_DOC],
    ] as const) {
      const client = await open(user, name);
      expect(await client.ready).toBe(false);
      expect(client.authFailure).toBe("forbidden");
      expect(client.doc.share.size).toBe(0);
    }
    // A customer linked to another record of the same organisation neither.
    const token = await server.token({ ...customer, sub: "auth0|demo-nobody" });
    const stranger = connect(server.syncUrl, CUSTOMER_DOC, token);
    clients.push(stranger);
    expect(await stranger.ready).toBe(false);
  });

  it("[SYNC3] a full tax id written into the customer document is refused by the strict shape, and recorded without the value", async () => {
    const writer = await open(agent2, CUSTOMER_DOC);
    expect(await writer.ready).toBe(true);
    writeRecord(writer.doc, "entities", "e-leak", { ...sampleEntity("e-leak"), taxId: FORMATTED });
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    expect(served(CUSTOMER_DOC)?.getMap("entities").has("e-leak")).toBe(false);
    const report = JSON.parse(writer.stateless.at(-1) ?? "{}");
    expect(report.issues).toEqual([{ path: ["entities", "e-leak"], message: 'Unrecognized key: "taxId"' }]);

    const last4 = await open(agent2, CUSTOMER_DOC);
    expect(await last4.ready).toBe(true);
    writeRecord(last4.doc, "entities", "e-leak2", { ...sampleEntity("e-leak2"), taxIdLast4: DIGITS });
    await expect.poll(() => last4.closeReasons).toContain("invalid-document");

    const violations = await server.storage.violations.listViolations({ documentPrefix: CUSTOMER_DOC });
    expect(violations.length).toBeGreaterThanOrEqual(2);
    const recorded = JSON.stringify(violations);
    expect(recorded).not.toContain(DIGITS);
    expect(recorded).not.toContain(FORMATTED);
    expect(JSON.stringify(writer.stateless) + JSON.stringify(last4.stateless)).not.toContain(DIGITS);
    expect(logs.join("\n")).not.toContain(DIGITS);
  });

  it("[SYNC3] a refused tax id in the internal document records only the path and the type's message, never the value", async () => {
    const writer = await open(agent2, INTERNAL_DOC);
    expect(await writer.ready).toBe(true);
    const invalid = "666123456"; // area 666 is never an SSN
    writeRecord(writer.doc, "taxIds", "e-1.spouse", { ...sampleTaxId("e-1.spouse", DIGITS), taxId: invalid });
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    const [violation] = await server.storage.violations.listViolations({ documentPrefix: INTERNAL_DOC });
    expect(violation?.issues).toEqual([
      {
        path: ["taxIds", "e-1.spouse", "taxId"],
        message: taxIdMessage(1),
      },
    ]);
    expect(JSON.stringify(violation)).not.toContain(invalid);
    expect(JSON.stringify(writer.stateless)).not.toContain(invalid);
    expect(logs.join("\n")).not.toContain(invalid);
  });

  describe("record history", () => {
    it("[AUDIT1] who changed which field when, from the server: created by one agent, a field changed by another, newest first, named from the users table", async () => {
      const a = await open(agent, CUSTOMER_DOC);
      const b = await open(agent2, CUSTOMER_DOC);
      expect(await a.ready).toBe(true);
      expect(await b.ready).toBe(true);
      writeRecord(a.doc, "coverages", "cv-h", sampleLrpCoverage("cv-h", "p-1"));
      await expect.poll(() => b.doc.getMap("coverages").has("cv-h")).toBe(true);
      // A single-field edit, as the app makes it (a nested map's key), with a forged `updatedBy`.
      b.doc.transact(() => {
        const record = b.doc.getMap("coverages").get("cv-h") as Y.Map<unknown>;
        // A head count edited with the figures it gives (rule SCE1: the figures agree).
        const edited = sampleLrpCoverage("cv-h", "p-1", { head: 120 });
        for (const field of ["head", "insuredValue", "totalPremium", "subsidy", "producerPremium"] as const)
          record.set(field, edited[field]);
        record.set("updatedAt", "2026-11-21T10:00:00.000Z");
        record.set("updatedBy", agent.sub);
      });
      await expect
        .poll(() => (served(CUSTOMER_DOC)?.getMap("coverages").get("cv-h") as Y.Map<unknown>)?.get("head"))
        .toBe(120);

      const history = async () =>
        (await api("/api/orgs/demo/customers/c-demo/history?record=cv-h", agent)).body.history as {
          action: string;
          fields: string[];
          user: { id: string; email: string; name: string };
          section: string;
          record: string;
          document: string;
          at: string;
        }[];
      await expect.poll(async () => (await history()).length, { timeout: 5000 }).toBe(2);
      const [changed, created] = await history();
      expect(changed).toMatchObject({
        document: "customer",
        section: "coverages",
        record: "cv-h",
        action: "changed",
        fields: ["head", "insuredValue", "producerPremium", "subsidy", "totalPremium"],
        user: { id: agent2.sub, email: agent2.email, name: agent2.name },
      });
      expect(created).toMatchObject({ action: "created", user: { id: agent.sub, email: agent.email } });
      expect(created?.fields).toEqual(expect.arrayContaining(["head", "producerPremium", "status"]));
      expect(Date.parse(changed?.at ?? "")).toBeGreaterThanOrEqual(Date.parse(created?.at ?? ""));
      expect(Date.parse(changed?.at ?? "")).toBeGreaterThan(Date.now() - 60_000);
    });

    it("[AUDIT1] a whole record replaced with plain values lists the fields that differ; a profile edit is the customer's record; a tax id's row names the field, never the value", async () => {
      const a = await open(agent, CUSTOMER_DOC);
      const internal = await open(agent2, INTERNAL_DOC);
      expect(await a.ready).toBe(true);
      expect(await internal.ready).toBe(true);
      a.doc.getMap("policies").set("p-plain", samplePolicy("p-plain", "e-1"));
      await expect.poll(() => served(CUSTOMER_DOC)?.getMap("policies").has("p-plain")).toBe(true);
      a.doc
        .getMap("policies")
        .set(
          "p-plain",
          samplePolicy("p-plain", "e-1", { status: "cancelled", statusReason: "sold the herd" }),
        );
      a.doc.getMap("profile").set("name", "Casey & Sons Ranch");
      internal.doc.getMap("taxIds").set("e-1.spouse", sampleTaxId("e-1.spouse", "287654321"));

      const rows = async (record: string) =>
        (await api(`/api/orgs/demo/customers/c-demo/history?record=${record}`, agent)).body.history as {
          action: string;
          fields: string[];
          section: string;
          record: string;
          document: string;
        }[];
      await expect.poll(async () => (await rows("p-plain")).length, { timeout: 5000 }).toBe(2);
      expect((await rows("p-plain")).map((r) => [r.action, r.fields])).toEqual([
        ["changed", ["status", "statusReason"]],
        ["created", expect.arrayContaining(["status", "entityId"])],
      ]);
      await expect.poll(async () => (await rows("c-demo")).length, { timeout: 5000 }).toBeGreaterThan(0);
      expect((await rows("c-demo"))[0]).toMatchObject({
        section: "profile",
        action: "changed",
        fields: ["name"],
      });
      // An entity's history brings its tax ids' rows, from the internal document.
      await expect
        .poll(async () => (await rows("e-1")).some((r) => r.record === "e-1.spouse"), { timeout: 5000 })
        .toBe(true);
      const spouse = (await rows("e-1")).find((r) => r.record === "e-1.spouse");
      expect(spouse).toMatchObject({ document: "internal", section: "taxIds", action: "created" });
      expect(spouse?.fields).toEqual(["id", "taxId", "taxIdType"]);
      const whole = JSON.stringify((await api("/api/orgs/demo/customers/c-demo/history", agent)).body);
      expect(whole).not.toContain("287654321");
      expect(whole).not.toContain(DIGITS);
      expect(whole).not.toContain("sold the herd");
    });

    it("[AUDIT1] only agents of the organisation read a customer's history; bad queries get 400", async () => {
      for (const user of [admin, customer, otherAgent]) {
        const response = await api("/api/orgs/demo/customers/c-demo/history", user);
        expect(response.status).toBe(403);
        expect(response.body.error).toBe("forbidden");
      }
      expect((await api("/api/orgs/demo/customers/c-demo/history?limit=0", agent)).status).toBe(400);
      expect((await api("/api/orgs/demo/customers/c-demo/history?color=red", agent)).status).toBe(400);
      const limited = await api("/api/orgs/demo/customers/c-demo/history?limit=1", agent);
      expect(limited.status).toBe(200);
      expect(limited.body.history).toHaveLength(1);
    });
  });
});
