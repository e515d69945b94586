import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { SyncClient } from "./sync-client";

// Reopening what the device holds (sync-session.ts): the book document, several MB, opens at start
// only when it holds changes the server does not have yet (written offline). Real y-indexeddb on an
// in-memory IndexedDB; no server (the socket never connects).

const client = () =>
  new SyncClient({
    url: "ws://127.0.0.1:9/sync",
    userId: "u1",
    user: { id: "u1", name: "Agent", color: "#000" },
    token: async () => "no-token",
    connect: false,
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
