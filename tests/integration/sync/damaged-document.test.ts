import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";

// SYNC9 (docs/hardening.md): a document whose stored content keeps it from opening — here
// `meta.schemaVersion = 999`, what the pending-store probe left behind — is refused to every client as
// `document-damaged`, logged and recorded for the administrators, and an administrator's restore
// (HIST2) to a time before the damage makes it open again.

const admin = demoUser("admin@demo.rangeline.test");
const NAME = "org/demo";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("[SYNC9] a damaged document", () => {
  let server: TestServer;
  const logs: string[] = [];
  const clients: Client[] = [];
  const open = async () => {
    const client = connect(server.syncUrl, NAME, await server.token(admin));
    clients.push(client);
    return client;
  };
  let beforeDamage = 0;

  beforeAll(async () => {
    server = await startTestServer({}, { compactAfterMs: 50, log: (m) => logs.push(m) });
    const writer = await open();
    expect(await writer.ready).toBe(true);
    writer.doc.getMap("settings").set("name", "Demo Agency");
    await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
    await vi.waitFor(async () => expect((await server.storage.readArchive(NAME)).base).not.toBeNull(), {
      timeout: 10_000,
    });
    writer.destroy();
    await vi.waitFor(() => expect(server.hocuspocus.documents.has(NAME)).toBe(false), { timeout: 10_000 });
    await pause(20);
    beforeDamage = Date.now();
    await pause(20);
    // The damage, stored as a client's update would be: a schema version no server knows.
    const damaged = new Y.Doc();
    damaged.clientID = 424_242;
    Y.applyUpdate(damaged, (await server.storage.loadDocument(NAME)).state ?? new Uint8Array([0, 0]));
    const before = Y.encodeStateVector(damaged);
    damaged.getMap("meta").set("schemaVersion", 999);
    await server.storage.appendUpdate(NAME, Y.encodeStateAsUpdate(damaged, before), "elsewhere", "agent-x");
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("is refused to the client as document-damaged, logged and recorded for the administrators", async () => {
    const client = await open();
    expect(await client.ready).toBe(false);
    expect(client.authFailure).toBe("document-damaged");
    expect(logs.join("\n")).toContain(
      `org/demo is damaged and cannot be opened: A org document at schema version 999 is newer than this server (${DOCUMENT_SCHEMA_VERSION}).`,
    );
    const [violation] = await server.storage.violations.listViolations({ documentPrefix: NAME, limit: 1 });
    expect(violation?.issues[0]?.message).toMatch(/^damaged, cannot be opened: .*schema version 999/);
  });

  it("opens again after an administrator restores it from its history", async () => {
    const response = await fetch(
      new URL("/api/orgs/demo/document-history/restore", `http://127.0.0.1:${server.port}`),
      {
        method: "POST",
        headers: { authorization: `Bearer ${await server.token(admin)}`, "content-type": "application/json" },
        body: JSON.stringify({ document: NAME, at: beforeDamage }),
      },
    );
    expect(response.status).toBe(200);
    // Unloaded and loaded again from storage, as after a restart.
    await vi.waitFor(() => expect(server.hocuspocus.documents.has(NAME)).toBe(false), { timeout: 10_000 });
    const client = await open();
    expect(await client.ready).toBe(true);
    expect(client.doc.getMap("meta").toJSON()).toEqual({ schemaVersion: DOCUMENT_SCHEMA_VERSION });
    expect(client.doc.getMap("settings").get("name")).toBe("Demo Agency");
  });
});
