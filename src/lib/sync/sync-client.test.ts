import "fake-indexeddb/auto";
import { createHash } from "node:crypto";
import { createServer, type Socket } from "node:net";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { SyncClient } from "./sync-client";

// Reopening what the device holds (sync-session.ts): the book document, several MB, opens at start
// only when it holds changes the server does not have yet (written offline). Real y-indexeddb on an
// in-memory IndexedDB; no server (the socket never connects), except for disconnect and connect, which
// run against a WebSocket server on a dead link (below).

const client = ({ url = "ws://127.0.0.1:9/sync", connect = false } = {}) =>
  new SyncClient({
    url,
    userId: "u1",
    user: { id: "u1", name: "Agent", color: "#000" },
    token: async () => "no-token",
    connect,
  });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe("reopening stored documents", () => {
  it("with unsentOnly, opens only the book documents holding changes not yet on the server", async () => {
    const first = client();
    const written = first.open<"book">("org/a/book");
    const untouched = first.open<"book">("org/b/book");
    await Promise.all([written.ready, untouched.ready]);
    written.write((t) =>
      t.setWhole("customers", ["c1"], {
        id: "c1",
        name: "Casey Ranch",
        updatedAt: "2026-11-20T15:00:00.000Z",
      }),
    );
    expect(written.getState().pending).toBe(1);
    await first.close();

    const next = client();
    expect(await next.reopenStored((ref) => ref.kind === "book", { unsentOnly: true })).toEqual([
      "org/a/book",
    ]);
    expect(next.opened("org/b/book")).toBeUndefined();
    const reopened = next.opened("org/a/book");
    await reopened?.ready;
    expect(reopened?.getState().pending).toBe(1);
    expect((await next.reopenStored((ref) => ref.kind === "book")).sort()).toEqual([
      "org/a/book",
      "org/b/book",
    ]);
    await next.close();
  });
});

describe("the count of edits not yet on the server (docs/sync-rules.md TEXT1)", () => {
  it("leaves out derived writes, keeps them unsent, and still counts a field the person also edited", async () => {
    const first = client();
    const book = first.open<"book">("org/a/book");
    await book.ready;
    const summary = { id: "c1", name: "Casey Ranch", updatedAt: "2026-11-20T15:00:00.000Z" };
    book.writeDerived((t) => t.setWhole("customers", ["c1"], summary));
    expect(book.getState()).toMatchObject({ pending: 0, unsent: 1 });
    expect(first.getStatus().pending).toBe(0);
    expect(first.unsentDocuments()).toEqual(["org/a/book"]);
    expect(first.describeDocuments()[0]).toMatchObject({ pending: 1, edits: 0 });
    // The person edits the same field and another one: two edits, the derived one not counted again.
    book.write((t) => t.setWhole("customers", ["c1"], { ...summary, name: "Casey Ranch LLC" }));
    book.write((t) => t.setWhole("customers", ["c2"], { ...summary, id: "c2" }));
    book.writeDerived((t) => t.setWhole("customers", ["c1"], { ...summary, name: "Casey R." }));
    expect(book.getState()).toMatchObject({ pending: 2, unsent: 2 });
    await first.close();

    // Kept on the device as they were: the derived write still unsent, still not the person's.
    const next = client();
    const reopened = next.open<"book">("org/a/book");
    await reopened.ready;
    expect(reopened.getState()).toMatchObject({ pending: 2, unsent: 2 });
    await next.close();
  });

  it("a derived write alone is kept across a reload and not counted", async () => {
    const first = client();
    const book = first.open<"book">("org/a/book");
    await book.ready;
    book.writeDerived((t) =>
      t.setWhole("customers", ["c1"], { id: "c1", name: "Casey", updatedAt: "2026-11-20T15:00:00.000Z" }),
    );
    await first.close();
    const next = client();
    expect(await next.reopenStored((ref) => ref.kind === "book", { unsentOnly: true })).toEqual([
      "org/a/book",
    ]);
    const reopened = next.opened("org/a/book");
    await reopened?.ready;
    expect(reopened?.getState()).toMatchObject({ pending: 0, unsent: 1 });
    await next.close();
  });
});

describe("whenStored (docs/local-first.md: created records are on the device before the screen says so)", () => {
  it("resolves once the writes and their pending count are in IndexedDB, where another tab reads them", async () => {
    const first = client();
    const book = first.open<"book">("org/a/book");
    await book.ready;
    book.write((t) =>
      t.setWhole("customers", ["c1"], { id: "c1", name: "Casey", updatedAt: "2026-11-20T15:00:00.000Z" }),
    );
    await first.whenStored();
    // The first client stays open (a tab that is about to go): a second one reads the device.
    const other = client();
    const copy = other.open<"book">("org/a/book");
    await copy.ready;
    expect(copy.getState()).toMatchObject({ pending: 1, data: { customers: { c1: { name: "Casey" } } } });
    await Promise.all([first.close(), other.close()]);
  });

  it("waits for nothing when nothing was written, not even a document still loading", async () => {
    const first = client();
    first.open<"customer">("org/a/customer/c1");
    await expect(first.whenStored()).resolves.toBeUndefined();
    await first.close();
  });
});

/**
 * A WebSocket server on a dead link: it completes the opening handshake, then reads nothing more, so a
 * close handshake never ends (as when the device's network is gone).
 */
async function deadLinkServer() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.once("data", (request) => {
      const key = /sec-websocket-key: *(\S+)/i.exec(request.toString())?.[1] ?? "";
      const accept = createHash("sha1").update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest("base64");
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      socket.pause();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/sync`,
    /** Ends the connections open now (their close handshake ends, unanswered); new ones still open. */
    cut: () => {
      for (const socket of sockets.splice(0)) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A client connected to a dead-link server for `test`, both closed after it. */
async function onDeadLink(test: (client: SyncClient, link: { cut(): void }) => Promise<void>) {
  const link = await deadLinkServer();
  const online = client({ url: link.url, connect: true });
  try {
    await socketBecomes(online, "connected");
    await test(online, link);
  } finally {
    await online.close();
    await link.close();
  }
}

const socketBecomes = (client: SyncClient, state: "connected" | "disconnected") =>
  new Promise<void>((resolve) => {
    if (client.getStatus().socket === state) return resolve();
    const stop = client.subscribe(() => {
      if (client.getStatus().socket !== state) return;
      stop();
      resolve();
    });
  });

describe("disconnect and connect", () => {
  it("says the device is offline at once, not when a close handshake on a dead link ends", () =>
    onDeadLink(async (online) => {
      online.disconnect();
      expect(online.getStatus().socket).toBe("disconnected");
    }));

  it("connects again when asked to while the dropped socket is still closing", () =>
    onDeadLink(async (online, link) => {
      online.disconnect();
      online.connect();
      expect(online.getStatus().socket).toBe("disconnected");
      link.cut(); // the old socket's close ends now
      await socketBecomes(online, "connected");
    }));
});
