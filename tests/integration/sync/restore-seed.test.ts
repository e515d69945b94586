import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";

// Rule SYNC8 (docs/sync-rules.md): a device that holds a document the server lost — a restore from a backup
// older than the document — sends it back whole, including the `meta` the old server wrote; the
// server accepts that `meta` only when it is exactly what it writes itself.

const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const note = { id: "n-1", text: "written after the backup" };

describe("[SYNC8] a document the server lost comes back from the device", () => {
  let before: TestServer;
  let restored: TestServer;
  const clients: Client[] = [];
  beforeAll(async () => {
    before = await startTestServer();
    restored = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await before.stop();
    await restored.stop();
  });
  const open = async (server: TestServer, name: string, who = agent, doc = new Y.Doc()) => {
    const client = connect(server.syncUrl, name, await server.token(who), doc);
    clients.push(client);
    return client;
  };

  it("accepts the old server's meta with the device's content, and a fresh device reads it", async () => {
    const name = "org/demo/customer/c-restore-1/internal";
    const device = await open(before, name);
    expect(await device.ready).toBe(true);
    device.doc.getMap("notes").set(note.id, note);
    await vi.waitFor(() => expect(device.provider.unsyncedChanges).toBe(0));
    expect(device.doc.getMap("meta").get("schemaVersion")).toBe(DOCUMENT_SCHEMA_VERSION);
    device.destroy();

    // The restored server never saw this document; the same device reconnects with its copy.
    const back = await open(restored, name, agent, device.doc);
    expect(await back.ready).toBe(true);
    await vi.waitFor(() => expect(back.provider.unsyncedChanges).toBe(0));
    const fresh = await open(restored, name);
    expect(await fresh.ready).toBe(true);
    await vi.waitFor(() => expect(fresh.doc.getMap("notes").get(note.id)).toEqual(note));
    expect(back.closeReasons).toEqual([]);
  });

  it("accepts the old server's member directory from a device's organisation document", async () => {
    const device = await open(before, "org/demo");
    expect(await device.ready).toBe(true);
    expect(device.doc.getMap("members").size).toBeGreaterThan(0);
    device.destroy();
    const back = await open(restored, "org/demo", agent, device.doc);
    expect(await back.ready).toBe(true);
    await vi.waitFor(() => expect(back.provider.unsyncedChanges).toBe(0));
    expect(back.closeReasons).toEqual([]);
  });

  it("refuses a member directory that differs from the server's", async () => {
    const client = await open(restored, "org/demo");
    expect(await client.ready).toBe(true);
    client.doc.getMap("members").set("u-forged", { id: "u-forged", name: "Forged", roles: ["admin"] });
    await vi.waitFor(() => expect(client.closeReasons).toContain("forbidden"));
  });

  it("refuses a meta the server would not have written", async () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      doc.getMap("meta").set("schemaVersion", DOCUMENT_SCHEMA_VERSION);
      doc.getMap("meta").set("restoredBy", "the device");
      doc.getMap("notes").set(note.id, note);
    });
    const client = await open(restored, "org/demo/customer/c-restore-2/internal", agent, doc);
    await vi.waitFor(() => expect(client.closeReasons).toContain("forbidden"));
  });

  it("refuses another schema version over the server's", async () => {
    const client = await open(restored, "org/demo/customer/c-restore-3/internal");
    expect(await client.ready).toBe(true);
    client.doc.getMap("meta").set("schemaVersion", DOCUMENT_SCHEMA_VERSION + 1);
    await vi.waitFor(() => expect(client.closeReasons).toContain("forbidden"));
  });

  it("keeps read-only read-only: the server's own meta from a reader is refused", async () => {
    const doc = new Y.Doc();
    doc.getMap("meta").set("schemaVersion", DOCUMENT_SCHEMA_VERSION);
    const client = await open(restored, `org/demo/customer/${customer.customerId}`, customer, doc);
    await vi.waitFor(() => expect(client.closeReasons).toContain("forbidden"));
  });
});
