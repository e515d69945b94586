import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from "y-protocols/awareness";
import * as Y from "yjs";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// Presence spoofing by writers (docs/hardening.md; SESSION4): a connection speaks only for the awareness
// client id it introduced, and the name shown is the server's, never the client's claim.

const agent = demoUser("agent@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");
const NAME = "org/demo/customer/c-presence";

describe("[SESSION4] presence of writers", () => {
  let server: TestServer;
  let first: Client;
  let second: Client;
  const onServer = (clientId: number) =>
    server.hocuspocus.documents.get(NAME)?.awareness.getStates().get(clientId);

  beforeAll(async () => {
    server = await startTestServer();
    first = connect(server.syncUrl, NAME, await server.token(agent));
    second = connect(server.syncUrl, NAME, await server.token(agent2));
    expect(await first.ready).toBe(true);
    expect(await second.ready).toBe(true);
  });
  afterAll(async () => {
    first?.destroy();
    second?.destroy();
    await server?.stop();
  });

  it("a second writer cannot replace or remove the first's presence, and names are the server's", async () => {
    first.provider.setAwarenessField("user", { id: agent.sub, name: "The Boss", color: "#336699" });
    first.provider.setAwarenessField("field", "profile.name");
    await expect
      .poll(() => onServer(first.doc.clientID))
      .toEqual({
        user: { id: agent.sub, name: agent.name, color: "#336699" },
        field: "profile.name",
      });

    // The second writer relays a state, then a removal, under the first's client id.
    const hijack = new Awareness(new Y.Doc());
    hijack.clientID = first.doc.clientID;
    for (let i = 0; i < 5; i++)
      hijack.setLocalState({ user: { id: agent.sub, name: `Mallory ${i}` }, field: "x" });
    const secondAwareness = second.provider.awareness as Awareness;
    applyAwarenessUpdate(secondAwareness, encodeAwarenessUpdate(hijack, [hijack.clientID]), "test");
    removeAwarenessStates(hijack, [hijack.clientID], "test");
    applyAwarenessUpdate(secondAwareness, encodeAwarenessUpdate(hijack, [hijack.clientID]), "test");
    // A marker of the second writer's own, handled after the relays above.
    second.provider.setAwarenessField("user", { id: "someone-else", name: "Claimed Name" });
    await expect
      .poll(() => onServer(second.doc.clientID))
      .toEqual({ user: { id: agent2.sub, name: agent2.name } });

    expect(onServer(first.doc.clientID)).toEqual({
      user: { id: agent.sub, name: agent.name, color: "#336699" },
      field: "profile.name",
    });
  });
});
