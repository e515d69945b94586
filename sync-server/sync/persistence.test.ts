import type { Connection, Document, onChangePayload, onLoadDocumentPayload } from "@hocuspocus/server";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { SqliteStorage } from "../storage/sqlite";
import { Persistence } from "./persistence";

// Compaction on one instance and on several (rule STORE2): the state stored is the document's own when
// nothing else was stored since this instance read or wrote it, and the union with what another
// instance stored otherwise.

const NAME = "org/demo/customer/c-compaction";

interface Instance {
  persistence: Persistence;
  document: Document;
  /** A client's write through this instance: logged, applied, marked applied. */
  write(key: string, value: string): Promise<void>;
  compact(): Promise<void>;
}

async function instance(storage: SqliteStorage, instanceId: string): Promise<Instance> {
  const persistence = new Persistence({ storage, instanceId, now: () => Date.UTC(2026, 10, 20) });
  const document = Object.assign(new Y.Doc(), { name: NAME }) as unknown as Document;
  await persistence.onLoadDocument({
    document,
    documentName: NAME,
    instance: {},
    context: {},
  } as unknown as onLoadDocumentPayload);
  // A client's document: its own client id, synced from the server's copy.
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(document));
  const connection = {} as Connection;
  return {
    persistence,
    document,
    async write(key, value) {
      const before = Y.encodeStateVector(client);
      client.getMap("notes").set(key, value);
      const update = Y.encodeStateAsUpdate(client, before);
      await persistence.logWrite(document, connection, update, "auth0|demo-agent");
      Y.applyUpdate(document, update);
      persistence.changed({ document, update, connection } as unknown as onChangePayload);
    },
    compact: () => persistence.onStoreDocument({ document, documentName: NAME } as never),
  };
}

/** The document as a fresh load reads it from storage. */
async function stored(storage: SqliteStorage): Promise<Record<string, unknown>> {
  const { state, updates } = await storage.loadDocument(NAME);
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  for (const { update } of updates) Y.applyUpdate(doc, update);
  return doc.getMap("notes").toJSON();
}

describe("Persistence compaction", () => {
  let storage: SqliteStorage;
  afterEach(async () => {
    await storage.close();
  });

  it("[STORE2] one instance's compactions store its document's state as it is, and keep every edit", async () => {
    storage = new SqliteStorage(":memory:");
    const one = await instance(storage, "one");
    for (const round of ["1", "2", "3"]) {
      await one.write(`k${round}`, round);
      await one.compact();
    }
    const { state } = await storage.loadDocument(NAME);
    expect({
      notes: await stored(storage),
      sameBytes: Buffer.from(state ?? []).equals(Y.encodeStateAsUpdate(one.document)),
    }).toEqual({
      notes: { k1: "1", k2: "2", k3: "3" },
      sameBytes: true,
    });
  });

  it("[STORE2] a compaction after another instance stored its state keeps that state's edits", async () => {
    storage = new SqliteStorage(":memory:");
    const a = await instance(storage, "a");
    const b = await instance(storage, "b");
    await a.write("fromA", "1");
    await a.compact();
    await b.write("fromB", "2");
    await b.compact(); // b never held a's state: merged with it
    await a.write("fromA2", "3");
    await a.compact(); // a's last stored state was replaced by b's: merged with it
    expect(await stored(storage)).toEqual({ fromA: "1", fromB: "2", fromA2: "3" });
  });
});
