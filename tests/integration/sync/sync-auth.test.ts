import type { Extension } from "@hocuspocus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";
import { FORGED_TOKEN_KINDS, forgeTokens } from "../../../sync-server/identity/testing";
import { type Client, connect, demoUser, startTestServer, type TestServer, watchItem } from "./harness";

// Authentication before anything else (ACL1, ACL2), schema versions (SYNC6) and tokens on live
// sockets (SYNC4).

const agent = demoUser("agent@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");

describe("authentication", () => {
  let server: TestServer;
  const loaded: string[] = [];
  const created: string[] = [];
  const spy: Extension = {
    async onCreateDocument({ documentName }) {
      created.push(documentName);
    },
    async onLoadDocument({ documentName }) {
      loaded.push(documentName);
    },
  };
  const open: Client[] = [];
  const track = (client: Client) => {
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer({}, { extensions: [spy] });
  });
  afterAll(async () => {
    for (const client of open) client.destroy();
    await server?.stop();
  });

  const nothingLoaded = async () => {
    expect(created).toEqual([]);
    expect(loaded).toEqual([]);
    expect(server.hocuspocus.getDocumentsCount()).toBe(0);
    expect(await server.storage.listDocuments("")).toEqual([]);
  };

  it.each(FORGED_TOKEN_KINDS)(
    "[ACL2] a forged token (%s) is refused and no document is loaded",
    async (kind) => {
      const forged = await forgeTokens(server.keys, agent, { issuer: server.url });
      const client = track(connect(server.syncUrl, "org/demo/customer/c-demo", forged[kind]));
      expect(await client.ready).toBe(false);
      expect(client.authFailure).toBe("unauthorized");
      await nothingLoaded();
    },
  );

  it("[ACL2] a missing token is refused and no document is loaded", async () => {
    const client = track(connect(server.syncUrl, "org/demo", ""));
    expect(await client.ready).toBe(false);
    expect(client.authFailure).toBe("unauthorized");
    await nothingLoaded();
  });

  it.each([
    "org/demo/customer",
    "org/demo/customer/c-demo/notes",
    "org/demo/../other",
    "org//customer/c-demo",
    "ORG/demo",
    "org/demo/",
    "user/auth0|demo-agent/watchlist/x",
    "market/previous",
    "market/current/",
    " org/demo",
    `org/${"x".repeat(200)}`,
  ])(
    "[ACL1] an unknown document name (%j) is refused before loading, even with a valid token",
    async (name) => {
      const client = track(connect(server.syncUrl, name, await server.token(agent)));
      expect(await client.ready).toBe(false);
      expect(client.authFailure).toBe("unknown-document");
      await nothingLoaded();
    },
  );

  it("[SYNC6] a client declaring a schema newer than the server's is refused with server-too-old, an older one than it migrates with client-too-old", async () => {
    const client = track(connect(`${server.syncUrl}?schema=99`, "org/demo", await server.token(agent)));
    expect(await client.ready).toBe(false);
    expect(client.authFailure).toBe("server-too-old");
    const old = track(connect(`${server.syncUrl}?schema=0`, "org/demo", await server.token(agent)));
    expect(await old.ready).toBe(false);
    expect(old.authFailure).toBe("client-too-old");
    // Version 1 wrote open records that the version-2 shapes refuse: such a client must update first.
    const v1 = track(connect(`${server.syncUrl}?schema=1`, "org/demo", await server.token(agent)));
    expect(await v1.ready).toBe(false);
    expect(v1.authFailure).toBe("client-too-old");
    // Version 2 wrote the book's summaries into the organisation document, which version 3 keeps in
    // the book document.
    const v2 = track(connect(`${server.syncUrl}?schema=2`, "org/demo", await server.token(agent)));
    expect(await v2.ready).toBe(false);
    expect(v2.authFailure).toBe("client-too-old");
    // Version 3 wrote a name or an address as one plain value over version 4's shared text (docs/sync-rules.md).
    const v3 = track(connect(`${server.syncUrl}?schema=3`, "org/demo", await server.token(agent)));
    expect(await v3.ready).toBe(false);
    expect(v3.authFailure).toBe("client-too-old");
    // Version 4's strict shapes refuse the fields version 5 added (importId, figuresFrom: docs/book-import.md).
    const v4 = track(connect(`${server.syncUrl}?schema=4`, "org/demo", await server.token(agent)));
    expect(await v4.ready).toBe(false);
    expect(v4.authFailure).toBe("client-too-old");
    const current = track(
      connect(`${server.syncUrl}?schema=${DOCUMENT_SCHEMA_VERSION}`, "org/demo", await server.token(agent)),
    );
    expect(await current.ready).toBe(true);
  });

  it("[SYNC4] an expired session loses its connection", async () => {
    const client = track(
      connect(server.syncUrl, "user/auth0|demo-agent/watchlist", await server.token(agent, { expiresIn: 2 })),
    );
    expect(await client.ready).toBe(true);
    await expect.poll(() => client.closeReasons, { timeout: 8000 }).toContain("session-expired");
  });

  it("[SYNC4] a fresh token sent on request keeps the connection open past the first token's expiry", async () => {
    const first = await server.token(agent2, { expiresIn: 2 });
    const fresh = await server.token(agent2, { expiresIn: 3600 });
    const renewing = track(connect(server.syncUrl, "user/auth0|demo-agent2/watchlist", first));
    renewing.provider.configuration.token = async () => fresh;
    expect(await renewing.ready).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(renewing.closeReasons).toEqual([]);
    renewing.doc.getMap("items").set("w-1", watchItem("w-1"));
    await expect
      .poll(() =>
        server.hocuspocus.documents.get("user/auth0|demo-agent2/watchlist")?.getMap("items").get("w-1"),
      )
      .toEqual(watchItem("w-1"));
  });

  it("[SYNC4] a token for another user on a live connection closes it", async () => {
    const client = track(connect(server.syncUrl, "org/demo/campaign/k-sync", await server.token(agent)));
    expect(await client.ready).toBe(true);
    const otherToken = await server.token(agent2);
    client.provider.configuration.token = async () => otherToken;
    for (const connection of server.hocuspocus.documents.get("org/demo/campaign/k-sync")?.getConnections() ??
      []) {
      connection.requestToken();
    }
    await expect.poll(() => client.closeReasons).toContain("unauthorized");
  });

  it("[SYNC4] a refused token on a live connection closes it", async () => {
    const client = track(connect(server.syncUrl, "org/demo/campaign/k-bad", await server.token(agent)));
    expect(await client.ready).toBe(true);
    const forged = await forgeTokens(server.keys, agent, { issuer: server.url });
    client.provider.configuration.token = async () => forged["tampered-payload"];
    for (const connection of server.hocuspocus.documents.get("org/demo/campaign/k-bad")?.getConnections() ??
      []) {
      connection.requestToken();
    }
    await expect.poll(() => client.closeReasons).toContain("session-expired");
  });

  it("[SYNC4] a revoked session loses all its connections", async () => {
    const token = await server.token(agent2);
    const a = track(connect(server.syncUrl, "org/demo/campaign/k-rev", token));
    const b = track(connect(server.syncUrl, "org/demo/customer/c-rev", token));
    expect(await a.ready).toBe(true);
    expect(await b.ready).toBe(true);
    expect(server.sync.disconnectUser(agent2.sub)).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => [...a.closeReasons, ...b.closeReasons])
      .toEqual(["session-expired", "session-expired"]);
  });
});
