import { HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DocumentKind } from "../../../shared/documents/names";
import { databaseName } from "./config";
import { prefetchSnapshot, readSnapshot } from "./device-snapshot";
import { storedDocuments } from "./device-store";
import { type DocumentState, SyncedDocument } from "./synced-document";

// The device's snapshot of a large document (device-snapshot.ts): the book document shows the parsed
// content of its last read before Yjs has loaded it, never writable, and its own content replaces it.
// Real y-indexeddb on an in-memory IndexedDB; no server (the socket never connects).

const AT = "2026-11-20T15:00:00.000Z";
const customer = (id: string, name: string) => ({ id, name, updatedAt: AT });

let socket: HocuspocusProviderWebsocket;
const open = <K extends DocumentKind>(name: string, kind: K) =>
  new SyncedDocument<K>({
    name,
    kind,
    userId: "u1",
    user: { id: "u1", name: "Agent", color: "#000" },
    socket,
    token: async () => "no-token",
    socketStatus: () => "disconnected",
    onRemoved: () => {},
  });

/** Every state the document publishes, from its opening. */
function record<K extends DocumentKind>(doc: SyncedDocument<K>) {
  const states: DocumentState<K>[] = [];
  doc.subscribe(() => states.push(doc.getState()));
  return states;
}

/** Waits (polling, up to 6 s) until the device holds `database`'s snapshot (saved after 2 s of quiet). */
const snapshotSaved = (database: string) =>
  vi.waitFor(
    async () => {
      const snapshot = await readSnapshot(database);
      if (!snapshot) throw new Error(`no snapshot of ${database} yet`);
      return snapshot;
    },
    { timeout: 6000, interval: 100 },
  );

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  socket = new HocuspocusProviderWebsocket({ url: "ws://127.0.0.1:9/sync", autoConnect: false });
});
afterEach(() => socket.destroy());

describe("device snapshot of the book document", () => {
  it("shows the last read first (cached, not writable), then the document's own content", async () => {
    const first = open("org/demo/book", "book");
    await first.ready;
    first.write((t) => t.setWhole("customers", ["c1"], customer("c1", "Casey Ranch")));
    // Saved after 2 s of quiet.
    const database = databaseName("u1", "org/demo/book");
    expect(await snapshotSaved(database)).toEqual({ customers: { c1: customer("c1", "Casey Ranch") } });
    await first.close();

    const again = open("org/demo/book", "book");
    const states = record(again);
    expect(() => again.write((t) => t.setWhole("customers", ["c2"], customer("c2", "B")))).toThrow(
      /still loading/,
    );
    await again.ready;
    const cached = states.find((s) => s.cached);
    expect(cached).toMatchObject({ loaded: false, cached: true });
    expect(cached?.data.customers?.c1?.name).toBe("Casey Ranch");
    // The snapshot came before the document was loaded, and the loaded content replaced it.
    expect(states.indexOf(cached as DocumentState<"book">)).toBeLessThan(states.findIndex((s) => s.loaded));
    expect(again.getState()).toMatchObject({ loaded: true, cached: false });
    expect(again.getState().data.customers?.c1).toEqual(customer("c1", "Casey Ranch"));
    await again.close();
  }, 15_000);

  it("a document without a snapshot loads as before; other kinds keep no snapshot", async () => {
    const book = open("org/demo/book", "book");
    const states = record(book);
    await book.ready;
    expect(states.some((s) => s.cached)).toBe(false);
    await book.close();

    // Written together with the book: once the book's snapshot is saved, the internal one would be too.
    const internal = open("org/demo/customer/c1/internal", "customerInternal");
    const again = open("org/demo/book", "book");
    await Promise.all([internal.ready, again.ready]);
    internal.write((t) => t.set("notes", ["n1"], { id: "n1", text: "call back" }));
    again.write((t) => t.setWhole("customers", ["c1"], customer("c1", "Casey Ranch")));
    await snapshotSaved(databaseName("u1", "org/demo/book"));
    await again.close();
    expect(internal.getState().data.notes?.n1?.text).toBe("call back");
    expect(await readSnapshot(databaseName("u1", "org/demo/customer/c1/internal"))).toBeNull();
    await internal.close();
  }, 15_000);

  it("a read started before the document opens is the one it uses; nothing is read (or made) for a database not on the device", async () => {
    const first = open("org/demo/book", "book");
    await first.ready;
    first.write((t) => t.setWhole("customers", ["c1"], customer("c1", "Casey Ranch")));
    const database = databaseName("u1", "org/demo/book");
    await snapshotSaved(database);
    await first.close();
    prefetchSnapshot(database, Promise.resolve(true));
    expect((await readSnapshot(database))?.customers).toEqual({ c1: customer("c1", "Casey Ranch") });

    const missing = databaseName("u1", "org/other/book");
    const exists = Promise.resolve(false);
    prefetchSnapshot(missing, exists);
    // The prefetch's own step after `exists` was queued first: it has run once this one has.
    await exists.then(() => undefined);
    expect((await storedDocuments()).map((d) => d.database)).not.toContain(missing);
  }, 15_000);
});
