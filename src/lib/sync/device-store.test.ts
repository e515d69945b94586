import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { databaseName, databaseOwner, syncUrl } from "./config";
import { deleteStoredDocuments, storedDocuments } from "./device-store";

const open = (factory: IDBFactory, name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });

/** A document database as y-indexeddb makes it, with `custom` values. */
const withCustom = (factory: IDBFactory, name: string, values: Record<string, unknown>) =>
  new Promise<void>((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore("updates", { autoIncrement: true });
      request.result.createObjectStore("custom");
    };
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction("custom", "readwrite");
      for (const [key, value] of Object.entries(values)) tx.objectStore("custom").put(value, key);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
    };
    request.onerror = () => reject(request.error);
  });

describe("documents on the device", () => {
  it("names a database by user and document, and reads the owner back", () => {
    const name = databaseName("auth0|demo-agent", "org/demo/customer/c-1");
    expect(name).toBe("rangeline-doc:auth0%7Cdemo-agent:org/demo/customer/c-1");
    expect(databaseOwner(name)).toEqual({
      userId: "auth0|demo-agent",
      documentName: "org/demo/customer/c-1",
    });
    expect(databaseOwner("some-other-db")).toBeNull();
  });

  it("lists and deletes one user's documents and leaves everything else", async () => {
    const factory = new IDBFactory();
    await open(factory, databaseName("auth0|a", "user/auth0|a/watchlist"));
    await open(factory, databaseName("auth0|a", "market/current"));
    await open(factory, databaseName("auth0|b", "market/current"));
    await open(factory, "workbox-expiration");
    expect((await storedDocuments(factory)).map((d) => d.userId).sort()).toEqual([
      "auth0|a",
      "auth0|a",
      "auth0|b",
    ]);

    const removed = await deleteStoredDocuments((d) => d.userId === "auth0|a", {}, factory);
    expect(removed.sort()).toEqual(["market/current", "user/auth0|a/watchlist"]);
    const left = (await factory.databases()).map((d) => d.name).sort();
    expect(left).toEqual([databaseName("auth0|b", "market/current"), "workbox-expiration"]);
  });

  it("keeps, on request, the documents holding changes the server does not have (docs/hardening.md)", async () => {
    const factory = new IDBFactory();
    const name = (doc: string) => databaseName("auth0|a", doc);
    await withCustom(factory, name("org/demo/customer/c-unsent"), { pending: 2 });
    await withCustom(factory, name("org/demo/customer/c-refused"), { pending: 0, refused: "{}" });
    await withCustom(factory, name("org/demo/customer/c-sent"), { pending: 0 });
    await open(factory, name("market/current"));

    const removed = await deleteStoredDocuments(() => true, { keepUnsent: true }, factory);
    expect(removed.sort()).toEqual(["market/current", "org/demo/customer/c-sent"]);
  });

  it("puts the sync socket beside the page, with the client's schema version", () => {
    expect(syncUrl({ protocol: "https:", host: "app.example" })).toMatch(
      /^wss:\/\/app\.example\/sync\?schema=\d+$/,
    );
    expect(syncUrl({ protocol: "http:", host: "127.0.0.1:8181" })).toMatch(
      /^ws:\/\/127\.0\.0\.1:8181\/sync\?schema=/,
    );
  });
});
