import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { applyToCopy } from "./candidate";
import { type EntryScan, scanEntries, scannedValues } from "./entry-scan";

/** The update a client holding a copy of `doc` sends for `edit`. */
function clientUpdate(doc: Y.Doc, edit: (copy: Y.Doc) => void, clientID?: number): Uint8Array {
  const copy = new Y.Doc();
  if (clientID !== undefined) copy.clientID = clientID;
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  edit(copy);
  return Y.encodeStateAsUpdate(copy, before);
}

const seeded = () => {
  const doc = new Y.Doc();
  doc.getMap("meta").set("schemaVersion", 1);
  doc.getMap("coverages").set("cv-1", { id: "cv-1", head: 10 });
  return doc;
};

const entries = (scan: EntryScan) =>
  scan.kind === "entries"
    ? Object.fromEntries([...scannedValues(scan)].map(([s, keys]) => [s, Object.fromEntries(keys)]))
    : scan.kind;

describe("entry scan (the write guard's fast path)", () => {
  it("[SYNC2] reads a new entry, an overwritten entry and a deleted entry without applying anything", () => {
    const doc = seeded();
    const update = clientUpdate(doc, (copy) => {
      copy.getMap("coverages").set("cv-2", { id: "cv-2" });
      copy.getMap("coverages").set("cv-1", { id: "cv-1", head: 20 });
      copy.getMap("profile").set("name", "Ranch");
    });
    expect(entries(scanEntries(doc, update))).toEqual({
      coverages: { "cv-1": [{ id: "cv-1", head: 20 }], "cv-2": [{ id: "cv-2" }] },
      profile: { name: ["Ranch"] },
    });
    expect(doc.share.has("profile")).toBe(false);
    expect(doc.getMap("coverages").get("cv-1")).toEqual({ id: "cv-1", head: 10 });

    const removal = clientUpdate(doc, (copy) => copy.getMap("coverages").delete("cv-1"));
    expect(entries(scanEntries(doc, removal))).toEqual({ coverages: { "cv-1": [] } });
  });

  it("[SYNC2] an entry set twice offline carries its last value; the first is gone", () => {
    const doc = seeded();
    const update = clientUpdate(doc, (copy) => {
      copy.getMap("coverages").set("cv-1", { id: "cv-1", head: 1 });
      copy.getMap("coverages").set("cv-1", { id: "cv-1", head: 2 });
    });
    expect(entries(scanEntries(doc, update))).toEqual({ coverages: { "cv-1": [{ id: "cv-1", head: 2 }] } });
  });

  it("[SYNC2] what the document already has is nothing new", () => {
    const doc = seeded();
    expect(scanEntries(doc, Y.encodeStateAsUpdate(doc)).kind).toBe("nothing");
    const update = clientUpdate(doc, (copy) => copy.getMap("coverages").set("cv-2", { id: "cv-2" }));
    Y.applyUpdate(doc, update);
    expect(scanEntries(doc, update).kind).toBe("nothing");
  });

  it("[SYNC2] nested types, list content, binary values and updates that wait for others are not the simple case", () => {
    const doc = seeded();
    const nested = clientUpdate(doc, (copy) => copy.getMap("coverages").set("cv-3", new Y.Map()));
    expect(scanEntries(doc, nested).kind).toBe("other");
    Y.applyUpdate(doc, nested);
    const deeper = clientUpdate(doc, (copy) =>
      (copy.getMap("coverages").get("cv-3") as Y.Map<unknown>).set("address", new Y.Map()),
    );
    expect(scanEntries(doc, deeper).kind).toBe("other");
    expect(
      scanEntries(
        doc,
        clientUpdate(doc, (copy) => copy.getArray("notes").push([1])),
      ).kind,
    ).toBe("other");
    const binary = clientUpdate(doc, (copy) => copy.getMap("coverages").set("cv-4", new Uint8Array([1])));
    expect(scanEntries(doc, binary).kind).toBe("other");

    // The second of two updates from one client, without the first: it would wait in the pending store.
    const writer = new Y.Doc();
    Y.applyUpdate(writer, Y.encodeStateAsUpdate(doc));
    const updates: Uint8Array[] = [];
    writer.on("update", (u: Uint8Array) => updates.push(u));
    writer.getMap("coverages").set("cv-5", { id: "cv-5" });
    writer.getMap("coverages").set("cv-6", { id: "cv-6" });
    expect(scanEntries(doc, updates[1] as Uint8Array).kind).toBe("other");
    expect(scanEntries(doc, updates[0] as Uint8Array).kind).toBe("entries");
  });

  it("[SYNC2] a field edit of a map entry reads as the whole entry it makes, when nothing concurrent can win", () => {
    const doc = seeded();
    const record = new Y.Map<unknown>();
    doc.getMap("coverages").set("cv-9", record);
    record.set("id", "cv-9");
    record.set("head", 10);
    record.set("status", "quoted");
    const edit = clientUpdate(doc, (copy) => {
      const entry = copy.getMap("coverages").get("cv-9") as Y.Map<unknown>;
      entry.set("head", 12);
      entry.set("share", "1");
      entry.delete("status");
    });
    expect(entries(scanEntries(doc, edit))).toEqual({
      coverages: { "cv-9": [{ id: "cv-9", head: 12, share: "1" }] },
    });
    expect(record.toJSON()).toEqual({ id: "cv-9", head: 10, status: "quoted" });

    // Two clients edit the same field from the same state: the second update does not follow the
    // field's current value once the first is applied, so it is not the simple case.
    const first = clientUpdate(
      doc,
      (copy) => (copy.getMap("coverages").get("cv-9") as Y.Map<unknown>).set("head", 1),
      1,
    );
    const second = clientUpdate(
      doc,
      (copy) => (copy.getMap("coverages").get("cv-9") as Y.Map<unknown>).set("head", 2),
      2,
    );
    Y.applyUpdate(doc, first);
    expect(scanEntries(doc, second).kind).toBe("other");
    // The same field set twice in one update (edits made offline): the last value is the edit.
    const twice = clientUpdate(doc, (copy) => {
      const entry = copy.getMap("coverages").get("cv-9") as Y.Map<unknown>;
      entry.set("head", 3);
      entry.set("head", 4);
    });
    expect(entries(scanEntries(doc, twice))).toEqual({
      coverages: { "cv-9": [{ id: "cv-9", head: 4, status: "quoted" }] },
    });
    // A field and its entry replaced together: not the simple case.
    const replaced = clientUpdate(doc, (copy) => {
      (copy.getMap("coverages").get("cv-9") as Y.Map<unknown>).set("head", 5);
      copy.getMap("coverages").set("cv-9", { id: "cv-9" });
    });
    expect(scanEntries(doc, replaced).kind).toBe("other");
    // Removing the entry (its fields go with it) is an entry deletion, read on the full path.
    const removal = clientUpdate(doc, (copy) => copy.getMap("coverages").delete("cv-9"));
    expect(scanEntries(doc, removal).kind).toBe("other");
  });

  it("[INPUT1] an undecodable update throws", () => {
    expect(() => scanEntries(seeded(), new Uint8Array([1, 200, 3, 4, 5]))).toThrow();
  });

  it("[SYNC2] agrees with applying the update: every entry that changes is listed, with the value it gets", () => {
    // Random edits by three clients that exchange updates late, so updates overwrite, conflict and
    // repeat; each update is scanned against the server's document and then applied to it.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const server = seeded();
    const clients = [1, 2, 3].map((id) => {
      const doc = new Y.Doc();
      doc.clientID = 1000 + id;
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
      return doc;
    });
    let checked = 0;
    let fieldEdits = 0;
    for (let round = 0; round < 300; round++) {
      const client = clients[Math.floor(random() * clients.length)] as Y.Doc;
      const before = Y.encodeStateVector(client);
      const key = `cv-${Math.floor(random() * 4)}`;
      const map = client.getMap(random() < 0.8 ? "coverages" : "policies");
      const current = map.get(key);
      const roll = random();
      const fieldEdit = current instanceof Y.Map && roll < 0.5;
      if (fieldEdit) {
        const entry = current as Y.Map<unknown>;
        // A single-field edit of a map entry, as the app makes it: set or delete fields.
        client.transact(() => {
          entry.set("head", Math.floor(random() * 100));
          if (random() < 0.3) entry.set("status", random() < 0.5 ? "quoted" : "accepted");
          const share = random();
          if (share < 0.2) entry.delete("share");
          else if (share < 0.4) entry.set("share", "1");
        });
      } else if (roll < 0.15) map.delete(key);
      else if (roll < 0.35) {
        const entry = new Y.Map<unknown>();
        map.set(key, entry);
        entry.set("id", key);
        entry.set("head", Math.floor(random() * 100));
      } else map.set(key, { id: key, head: Math.floor(random() * 100) });
      // Sometimes a second edit of the same entry's fields before anything is sent (offline edits).
      if (fieldEdit && random() < 0.3) {
        const entry = current as Y.Map<unknown>;
        client.transact(() => {
          entry.set("head", Math.floor(random() * 100));
          if (random() < 0.5) entry.set("share", random() < 0.5 ? "0.5" : "1");
        });
      }
      // Sometimes the whole state (a sync step), sometimes just the new part.
      const update = random() < 0.2 ? Y.encodeStateAsUpdate(client) : Y.encodeStateAsUpdate(client, before);
      const scan = scanEntries(server, update);
      const scanned = scan.kind === "entries" ? scannedValues(scan) : null; // before the update is applied
      const plain = (value: unknown) => (value instanceof Y.AbstractType ? value.toJSON() : value);
      const previous = (section: string, k: string) => JSON.stringify(plain(server.getMap(section).get(k)));
      const was = new Map(
        ["coverages", "policies"].flatMap((s) =>
          [0, 1, 2, 3].map((i) => [`${s}.cv-${i}`, previous(s, `cv-${i}`)]),
        ),
      );
      const { touched } = applyToCopy(server, update);
      Y.applyUpdate(server, update);
      if (scan.kind === "nothing") expect(touched.size).toBe(0);
      if (scan.kind === "entries") {
        checked++;
        if (fieldEdit) fieldEdits++;
        expect(touched.size).toBeGreaterThan(0);
        for (const [section, keys] of touched) {
          for (const touchedKey of keys ?? []) {
            const values = scanned?.get(section)?.get(touchedKey);
            expect(values, `${section}.${touchedKey} is listed`).toBeDefined();
            // It holds one of the values set, keeps the value it had, or is deleted.
            const now = plain(server.getMap(section).get(touchedKey));
            if (now === undefined || JSON.stringify(now) === was.get(`${section}.${touchedKey}`)) continue;
            expect(values).toContainEqual(now);
          }
        }
      }
      // Now and then a client catches up with the server.
      if (random() < 0.3) {
        const other = clients[Math.floor(random() * clients.length)] as Y.Doc;
        Y.applyUpdate(other, Y.encodeStateAsUpdate(server, Y.encodeStateVector(other)));
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(fieldEdits).toBeGreaterThan(20);
  });

  it("[SYNC2] reads field edits of a section the server has only received, never read (Yjs's untyped placeholder)", () => {
    const client = new Y.Doc();
    const entry = new Y.Map<unknown>();
    client.getMap("coverages").set("cv-1", entry);
    entry.set("id", "cv-1");
    entry.set("head", 1);
    const server = new Y.Doc();
    Y.applyUpdate(server, Y.encodeStateAsUpdate(client)); // the server never calls getMap("coverages")
    let update: Uint8Array = new Uint8Array();
    client.once("update", (u: Uint8Array) => {
      update = u;
    });
    entry.set("head", 2);
    expect(entries(scanEntries(server, update))).toEqual({
      coverages: { "cv-1": [{ id: "cv-1", head: 2 }] },
    });
  });
});
