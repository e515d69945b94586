import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Y from "yjs";
import { sampleSceRecord } from "../../../shared/book/sce-samples";
import { sampleProfile, writeProfile, writeRecord } from "../sync/book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// docs/book-import.md "SCE figures on the server": the write guard checks an endorsement entered from the
// SCE with the one rule (shared/book/sce-record.ts) — whether the device writes it whole, as a plain value
// or one field at a time — and refuses one whose figures disagree, saying which figure and why. Real
// server, real clients.

const agent = demoUser("agent@demo.rangeline.test");
const DOC = "org/demo/customer/c-sce";

const record = sampleSceRecord("lrp", "cv-sce");

describe("the write guard and endorsements entered from the SCE", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const device = async () => {
    const client = connect(server.syncUrl, DOC, await server.token(agent));
    clients.push(client);
    expect(await client.ready).toBe(true);
    return client;
  };
  const served = () => server.hocuspocus.documents.get(DOC)?.getMap("coverages");
  const servedField = (field: string) => (served()?.get("cv-sce") as Y.Map<unknown> | undefined)?.get(field);
  const refusal = (client: Client) => JSON.parse(client.stateless.at(-1) ?? "{}").issues;

  beforeAll(async () => {
    server = await startTestServer();
    const first = await device();
    writeProfile(first.doc, sampleProfile("c-sce"));
    writeRecord(first.doc, "coverages", "cv-sce", record);
    await vi.waitFor(() => expect(first.provider.unsyncedChanges).toBe(0));
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("accepts the record the create form and the import build", () => {
    expect(served()?.has("cv-sce")).toBe(true);
    expect(clients[0]?.closeReasons).toEqual([]);
  });

  it("refuses a record written whole whose subsidy disagrees, at the subsidy, with the figure it should be", async () => {
    const writer = await device();
    writer.doc.getMap("coverages").set("cv-bad", { ...record, id: "cv-bad", subsidy: "2966" });
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    expect(served()?.has("cv-bad")).toBe(false);
    expect(refusal(writer)).toEqual([
      {
        path: ["coverages", "cv-bad", "subsidy"],
        message:
          "entered from the SCE: $2966 does not agree with the other figures: total premium $5616 × 35 % subsidy gives $1966",
      },
    ]);
  });

  it("refuses a single-field edit that makes the figures disagree (the premium), and keeps the record as it was", async () => {
    const writer = await device();
    (writer.doc.getMap("coverages").get("cv-sce") as Y.Map<unknown>).set("totalPremium", "9616");
    await expect.poll(() => writer.closeReasons).toContain("invalid-document");
    expect(refusal(writer)[0]?.path).toEqual(["coverages", "cv-sce", "totalPremium"]);
    expect(servedField("totalPremium")).toBe(record.totalPremium);
  });

  it("accepts an edit that keeps the figures in agreement (the status)", async () => {
    const writer = await device();
    (writer.doc.getMap("coverages").get("cv-sce") as Y.Map<unknown>).set("status", "claimed");
    await vi.waitFor(() => expect(servedField("status")).toBe("claimed"));
    expect(writer.closeReasons).toEqual([]);
  });
});
