import * as decoding from "lib0/decoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";
import { deleteSetUpdate } from "../../../sync-server/sync/guard-harness";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";
import { authFrame, type RawSocket, rawSocket, updateFrame } from "./raw-socket";

// docs/hardening.md, the outside probe through a real server and real sockets (SYNC7): an agent's update
// with a gap, then the allowed write that supplies the missing clock; and a delete set over clocks of
// another user that the server has not seen yet. Neither may reach a reader, nor outlive a restart.

const agent = demoUser("agent@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const NAME = "org/demo";

const summary = (id: string) => ({
  id,
  customerId: "c-1",
  plan: "lrp",
  coverageIds: ["cv-1"],
  commodity: "0801",
  type: "809",
  endDate: "2026-11-13",
  filingDueDate: "2027-01-12",
  indemnity: "3660",
  actualKind: "final",
  status: "open",
  needed: [],
  updatedAt: "2026-11-20T15:00:00.000Z",
});

/** The reason of the close message the server sent this raw socket for `name`, if any. */
function closeReason(raw: RawSocket, name: string): string | null {
  for (const message of raw.received) {
    const decoder = decoding.createDecoder(message);
    if (decoding.readVarString(decoder) === name && decoding.readVarUint(decoder) === 7) {
      return decoding.readVarString(decoder);
    }
  }
  return null;
}

/** A raw socket signed in to NAME as the agent (the server's answers counted in `received`). */
async function signedIn(server: TestServer): Promise<RawSocket> {
  const raw = rawSocket(server.syncUrl);
  await raw.opened;
  raw.socket.send(authFrame(NAME, await server.token(agent)));
  await expect.poll(() => raw.received.length).toBeGreaterThanOrEqual(1);
  return raw;
}

describe("write guard: nothing waits unjudged in the pending store, through a real server", () => {
  let server: TestServer;
  const clients: Client[] = [];
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const raw of sockets) raw.socket.close();
    await server?.stop();
  });

  const reader = async () => {
    const client = connect(server.syncUrl, NAME, await server.token(admin));
    clients.push(client);
    expect(await client.ready).toBe(true);
    return client;
  };

  it("[SYNC7] an update with a gap is refused with missing-updates; the write that supplies the gap changes only what it says", async () => {
    const attacker = new Y.Doc();
    attacker.clientID = 424_242;
    const edit = (change: (doc: Y.Doc) => void) => {
      const before = Y.encodeStateVector(attacker);
      change(attacker);
      return Y.encodeStateAsUpdate(attacker, before);
    };
    const allowed = edit((doc) => doc.getMap("claims").set("cl-1", summary("cl-1")));
    const forbidden = edit((doc) => {
      doc.getMap("settings").set("name", "Taken over");
      doc.getMap("undeclared").set("x", 1);
      doc.getMap("meta").set("schemaVersion", 999);
    });

    const first = await signedIn(server);
    sockets.push(first);
    first.socket.send(updateFrame(NAME, forbidden));
    await expect.poll(() => closeReason(first, NAME)).toBe("missing-updates");
    const second = await signedIn(server);
    sockets.push(second);
    second.socket.send(updateFrame(NAME, allowed));

    const admins = await reader();
    await expect.poll(() => admins.doc.getMap("claims").get("cl-1")).toEqual(summary("cl-1"));
    expect(admins.doc.getMap("meta").toJSON()).toEqual({ schemaVersion: DOCUMENT_SCHEMA_VERSION });
    expect(admins.doc.getMap("settings").get("name")).not.toBe("Taken over");
    expect(admins.doc.share.has("undeclared")).toBe(false);
    const live = server.hocuspocus.documents.get(NAME);
    expect(live?.store.pendingStructs ?? null).toBeNull();
  });

  it("[SYNC7] content a document stored waiting (before this rule) is dropped when loaded and reported; the write that would release it changes only what it says", async () => {
    const name = "org/demo/campaign/k-legacy";
    const device = new Y.Doc();
    device.clientID = 434_343;
    const edit = (change: (doc: Y.Doc) => void) => {
      const before = Y.encodeStateVector(device);
      change(device);
      return Y.encodeStateAsUpdate(device, before);
    };
    const allowed = edit((doc) => doc.getMap("campaign").set("name", "Spring"));
    const parked = edit((doc) => {
      doc.getMap("undeclared").set("x", 1);
      doc.getMap("meta").set("schemaVersion", 999);
    });
    // As the guard before SYNC7 let it through: logged, waiting for the device's first clock.
    await server.storage.appendUpdate(name, parked, "elsewhere", agent.sub);

    const raw = rawSocket(server.syncUrl);
    sockets.push(raw);
    await raw.opened;
    raw.socket.send(authFrame(name, await server.token(agent)));
    await expect.poll(() => raw.received.length).toBeGreaterThanOrEqual(1);
    raw.socket.send(updateFrame(name, allowed));
    const campaign = connect(server.syncUrl, name, await server.token(agent));
    clients.push(campaign);
    expect(await campaign.ready).toBe(true);
    await expect.poll(() => campaign.doc.getMap("campaign").get("name")).toBe("Spring");
    expect(campaign.doc.getMap("meta").toJSON()).toEqual({ schemaVersion: DOCUMENT_SCHEMA_VERSION });
    expect(campaign.doc.share.has("undeclared")).toBe(false);
    expect(closeReason(raw, name)).toBeNull();
    const [violation] = await server.storage.violations.listViolations({ documentPrefix: name, limit: 1 });
    expect(violation?.issues.map((issue) => issue.message)).toContain(
      "content waiting for updates the server never received was dropped (SYNC7)",
    );
  });

  it("[SYNC7] a legitimate client's offline edits still reach the server when it reconnects (its sync step 2)", async () => {
    const device = connect(server.syncUrl, NAME, await server.token(agent));
    clients.push(device);
    expect(await device.ready).toBe(true);
    await device.provider.disconnect();
    await expect.poll(() => device.provider.configuration.websocketProvider.status).toBe("disconnected");
    device.doc.getMap("claims").set("cl-offline-1", summary("cl-offline-1"));
    device.doc.getMap("claims").set("cl-offline-2", summary("cl-offline-2"));
    await device.provider.connect();
    const admins = await reader();
    await expect.poll(() => admins.doc.getMap("claims").get("cl-offline-2")).toEqual(summary("cl-offline-2"));
    expect(admins.doc.getMap("claims").get("cl-offline-1")).toEqual(summary("cl-offline-1"));
    expect(device.closeReasons).toEqual([]);
  });

  it("[SYNC7] a delete set over another user's clocks the server has not seen is refused; that user's later write stays", async () => {
    const victimClient = 525_252;
    const raw = await signedIn(server);
    sockets.push(raw);
    raw.socket.send(updateFrame(NAME, deleteSetUpdate(victimClient, 0, 20)));
    await expect.poll(() => closeReason(raw, NAME)).toBe("missing-updates");

    const victimDoc = new Y.Doc();
    victimDoc.clientID = victimClient;
    const victim = connect(server.syncUrl, NAME, await server.token(agent), victimDoc);
    clients.push(victim);
    expect(await victim.ready).toBe(true);
    victim.doc.getMap("claims").set("cl-2", summary("cl-2"));
    const admins = await reader();
    await expect.poll(() => admins.doc.getMap("claims").get("cl-2")).toEqual(summary("cl-2"));
    expect(server.hocuspocus.documents.get(NAME)?.store.pendingDs ?? null).toBeNull();
  });
});
