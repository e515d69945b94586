import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { documentName } from "../../../shared/documents/names";
import { databaseName } from "./database-names";
import {
  COVERAGE_LIST_KEY,
  readCustomValue,
  settledEarlyRead,
  startEarlyReads,
  takeEarlyRead,
} from "./early-reads";

// The reads a page's first script starts (early-reads.ts): the coverage list's copy from the book
// database of the user the device remembers, only on that screen, only from a database that exists,
// each taken once. An in-memory IndexedDB.

const ORG_ID_CLAIM = "https://rangeline.app/org_id";
const USER = { sub: "auth0|agent-1", [ORG_ID_CLAIM]: "org-1" };
const BOOK = databaseName(USER.sub, documentName.book("org-1"));

/** A database laid out as y-indexeddb makes it, with `value` under `key` in its custom store. */
async function makeDatabase(database: string, key: string, value: unknown): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(database);
    request.onupgradeneeded = () => {
      request.result.createObjectStore("updates", { autoIncrement: true });
      request.result.createObjectStore("custom");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve) => {
    const transaction = db.transaction("custom", "readwrite");
    transaction.objectStore("custom").put(value, key);
    transaction.oncomplete = () => resolve();
  });
  db.close();
}

const databases = async () => (await indexedDB.databases()).map((d) => d.name);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => vi.useRealTimers());

describe("early reads", () => {
  it("reads the coverage list's copy on the coverage list, once", async () => {
    await makeDatabase(BOOK, COVERAGE_LIST_KEY, "the copy");
    startEarlyReads(USER, "/agent/coverages");
    await expect(takeEarlyRead(BOOK, COVERAGE_LIST_KEY)).resolves.toBe("the copy");
    expect(takeEarlyRead(BOOK, COVERAGE_LIST_KEY)).toBeUndefined();
  });

  it("says its value once it has arrived, until it is taken", async () => {
    vi.useRealTimers(); // vi.waitFor polls on the real clock
    await makeDatabase(BOOK, COVERAGE_LIST_KEY, "the copy");
    startEarlyReads(USER, "/agent/coverages");
    expect(settledEarlyRead(BOOK, COVERAGE_LIST_KEY)).toBeUndefined();
    await vi.waitFor(() => expect(settledEarlyRead(BOOK, COVERAGE_LIST_KEY)).toEqual({ value: "the copy" }));
    await takeEarlyRead(BOOK, COVERAGE_LIST_KEY);
    expect(settledEarlyRead(BOOK, COVERAGE_LIST_KEY)).toBeUndefined();
  });

  it("starts nothing on another screen, or without a user and organisation", async () => {
    await makeDatabase(BOOK, COVERAGE_LIST_KEY, "the copy");
    startEarlyReads(USER, "/agent/customers");
    startEarlyReads({ sub: USER.sub }, "/agent/coverages");
    startEarlyReads({ [ORG_ID_CLAIM]: "org-1" }, "/agent/coverages");
    startEarlyReads({ sub: USER.sub, [ORG_ID_CLAIM]: "" }, "/agent/coverages");
    expect(takeEarlyRead(BOOK, COVERAGE_LIST_KEY)).toBeUndefined();
  });

  it("never creates a database: none on the device reads as undefined and leaves none", async () => {
    startEarlyReads(USER, "/agent/coverages/");
    await expect(takeEarlyRead(BOOK, COVERAGE_LIST_KEY)).resolves.toBeUndefined();
    await expect(readCustomValue(BOOK, COVERAGE_LIST_KEY)).resolves.toBeUndefined();
    expect(await databases()).toEqual([]);
  });

  it("drops a read nobody took after 10 s", async () => {
    await makeDatabase(BOOK, COVERAGE_LIST_KEY, "the copy");
    startEarlyReads(USER, "/agent/coverages");
    vi.advanceTimersByTime(10_000);
    expect(takeEarlyRead(BOOK, COVERAGE_LIST_KEY)).toBeUndefined();
  });
});
