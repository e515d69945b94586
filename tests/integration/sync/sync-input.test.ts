import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleProfile, writeProfile } from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";
import { authFrame, frame, rawSocket, updateFrame } from "./raw-socket";

// Bad input (INPUT1-INPUT3): each gets a clear reason and closes only what it concerns, while a
// well-behaved client on the same server keeps working.

const agent = demoUser("agent@demo.rangeline.test");
const MAX = 64 * 1024;

describe("bad input", () => {
  let server: TestServer;
  let bystander: Client;
  let counter = 0;

  /** The well-behaved client still syncs an edit end to end. */
  const bystanderStillWorks = async () => {
    const value = `still here ${++counter}`;
    bystander.doc.getMap("profile").set("name", value);
    await expect
      .poll(() =>
        server.hocuspocus.documents.get("org/demo/customer/c-bystander")?.getMap("profile").get("name"),
      )
      .toBe(value);
  };

  beforeAll(async () => {
    server = await startTestServer({ SYNC_MAX_MESSAGE_BYTES: String(MAX) });
    bystander = connect(server.syncUrl, "org/demo/customer/c-bystander", await server.token(agent));
    expect(await bystander.ready).toBe(true);
    writeProfile(bystander.doc, sampleProfile("c-bystander"));
  });
  afterAll(async () => {
    bystander?.destroy();
    await server?.stop();
  });

  it("[INPUT1] a text frame closes that socket with malformed-message", async () => {
    const raw = rawSocket(server.syncUrl);
    await raw.opened;
    raw.socket.send("hello, is this JSON?");
    expect(await raw.closed).toEqual({ code: 4400, reason: "malformed-message" });
    await bystanderStillWorks();
  });

  it("[INPUT1] a binary frame that is not a sync message closes that socket with malformed-message", async () => {
    const raw = rawSocket(server.syncUrl);
    await raw.opened;
    raw.socket.send(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff]));
    expect(await raw.closed).toEqual({ code: 4400, reason: "malformed-message" });
    await bystanderStillWorks();
  });

  it("[INPUT1] an undecodable update closes only that document's connection, not the socket", async () => {
    const raw = rawSocket(server.syncUrl);
    await raw.opened;
    const token = await server.token(agent);
    raw.socket.send(authFrame("org/demo/campaign/k-bad", token));
    raw.socket.send(authFrame("org/demo/campaign/k-good", token));
    await expect.poll(() => raw.received.length).toBeGreaterThanOrEqual(2);
    raw.socket.send(updateFrame("org/demo/campaign/k-bad", new Uint8Array([1, 200, 3, 4, 5, 6, 7, 8])));
    /** The reason of the close message the server sent for `name`, if any. */
    const closeReason = (name: string) => {
      for (const message of raw.received) {
        const decoder = decoding.createDecoder(message);
        if (decoding.readVarString(decoder) === name && decoding.readVarUint(decoder) === 7) {
          return decoding.readVarString(decoder);
        }
      }
      return null;
    };
    await expect.poll(() => closeReason("org/demo/campaign/k-bad")).toBe("malformed-message");
    expect(closeReason("org/demo/campaign/k-good")).toBeNull();
    expect(raw.socket.readyState).toBe(WebSocket.OPEN);
    raw.socket.close();
    await bystanderStillWorks();
  });

  it("[INPUT1] a WebSocket upgrade on any path but /sync is refused", async () => {
    const raw = rawSocket(server.syncUrl.replace(/\/sync$/, "/socket"));
    await expect(raw.opened).rejects.toThrow();
    expect((await raw.closed).code).not.toBe(1000);
    await bystanderStillWorks();
  });

  it("[INPUT2] a message over the size limit closes that socket with 1009", async () => {
    const raw = rawSocket(server.syncUrl);
    await raw.opened;
    raw.socket.send(updateFrame("org/demo", new Uint8Array(MAX + 1)));
    expect((await raw.closed).code).toBe(1009);
    await bystanderStillWorks();
  });

  it("[INPUT3] opening too many documents before authenticating closes the socket", async () => {
    const raw = rawSocket(server.syncUrl);
    await raw.opened;
    for (let i = 0; i <= 100; i++)
      raw.socket.send(updateFrame(`org/demo/campaign/p-${i}`, new Uint8Array([0, 0])));
    expect((await raw.closed).code).toBe(4205);
    expect(server.hocuspocus.documents.has("org/demo/campaign/p-0")).toBe(false);
    await bystanderStillWorks();
  });

  it("[INPUT3] queueing too many messages before authenticating closes the socket", async () => {
    const raw = rawSocket(server.syncUrl);
    await raw.opened;
    const message = frame((e) => {
      encoding.writeVarString(e, "org/demo");
      encoding.writeVarUint(e, 1); // awareness, queued until authentication
      encoding.writeVarUint8Array(e, new Uint8Array([0]));
    });
    for (let i = 0; i <= 1000; i++) raw.socket.send(message);
    expect((await raw.closed).code).toBe(4205);
    await bystanderStillWorks();
  });
});
