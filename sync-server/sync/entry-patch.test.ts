import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  sampleEntity,
  sampleLgmEndorsement,
  sampleLrpCoverage,
  samplePolicy,
} from "../../shared/book/test-fixtures";
import { validateEntry } from "../../shared/documents/shapes";
import { patchChecks, patchIsValid } from "./entry-patch";
import { patchedValue, scanEntries } from "./entry-scan";

// The field-edit check (entry-patch.ts) must give exactly the answer of parsing the whole record: on
// random field edits of every record shape of the customer document — valid values, values of the
// wrong type, values that break a record rule (head over the limit, a share over 1, a type of another
// commodity), deleted required and optional fields, fields outside the shape, edits by another client
// in between, and updates that are checked but never applied.

const records = {
  entities: sampleEntity({ id: "r1", spouse: undefined }),
  policies: samplePolicy({ id: "r1" }),
  "coverages.lrp": sampleLrpCoverage({ id: "r1" }),
  "coverages.lgm": sampleLgmEndorsement({ id: "r1" }),
} as Record<string, Record<string, unknown>>;

/** Candidate values per field: each sample's own values, a few of the wrong type, rule breakers. */
const pool: unknown[] = [
  ...Object.values(records).flatMap((r) => Object.values(r)),
  "",
  "x",
  -1,
  0,
  1,
  12_000,
  13_000,
  "1.5",
  "0.5",
  "2026-02-30",
  "2027-01-15",
  true,
  null,
  { nested: 1 },
  [1, 2],
];

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("field edits of a record checked without parsing it whole (entry-patch)", () => {
  for (const [name, record] of Object.entries(records)) {
    it(`[SYNC2] agrees with parsing the whole record: ${name}`, () => {
      const section = name.split(".")[0] as string;
      const rnd = random(name.length * 7919 + 17);
      const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
      const fields = [...Object.keys(record), "notAField"];

      const server = new Y.Doc();
      let client = new Y.Doc();
      const other = new Y.Doc();
      const entry = new Y.Map<unknown>();
      client.getMap(section).set("r1", entry);
      for (const [field, value] of Object.entries(record)) entry.set(field, value);
      Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
      Y.applyUpdate(other, Y.encodeStateAsUpdate(server));

      const byFieldsBefore = patchChecks.byFields;
      let valid = 0;
      let invalid = 0;
      for (let round = 0; round < 300; round++) {
        const before = Y.encodeStateVector(client);
        const target = client.getMap(section).get("r1") as Y.Map<unknown>;
        const edits = 1 + Math.floor(rnd() * 3);
        const chosen = new Set<string>();
        client.transact(() => {
          for (let i = 0; i < edits; i++) {
            const field = pick(fields);
            if (chosen.has(field)) continue;
            chosen.add(field);
            const roll = rnd();
            if (roll < 0.1) target.delete(field);
            else if (roll < 0.7)
              target.set(field, record[field] ?? pick(pool)); // back to a valid value
            else target.set(field, pick(pool));
          }
        });
        const update = Y.encodeStateAsUpdate(client, before);
        const scan = scanEntries(server, update);
        if (scan.kind !== "entries") continue;
        const patch = scan.patches.get(section)?.get("r1");
        if (!patch) continue;
        const whole = validateEntry("customer", section, "r1", patchedValue(patch)).length === 0;
        expect(patchIsValid("customer", section, "r1", patch), `round ${round}`).toBe(whole);
        if (whole) valid++;
        else invalid++;

        const fate = rnd();
        if (whole && fate < 0.85)
          Y.applyUpdate(server, update); // accepted and applied
        else {
          // Refused (or accepted but never applied): the client starts again from the server's state.
          client = new Y.Doc();
          Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
        }
        // Now and then another client changes a field: the remembered record no longer holds.
        if (rnd() < 0.1) {
          Y.applyUpdate(other, Y.encodeStateAsUpdate(server, Y.encodeStateVector(other)));
          const otherBefore = Y.encodeStateVector(other);
          (other.getMap(section).get("r1") as Y.Map<unknown>).set("updatedBy", "agent-2");
          Y.applyUpdate(server, Y.encodeStateAsUpdate(other, otherBefore));
          Y.applyUpdate(client, Y.encodeStateAsUpdate(server, Y.encodeStateVector(client)));
        }
      }
      expect(valid).toBeGreaterThan(50);
      expect(invalid).toBeGreaterThan(50);
      expect(patchChecks.byFields - byFieldsBefore).toBeGreaterThan(valid / 4);
    });
  }

  it("[SYNC2] a run of one client's valid field edits is checked by the edited fields after the first", () => {
    const server = new Y.Doc();
    const client = new Y.Doc();
    const entry = new Y.Map<unknown>();
    client.getMap("coverages").set("r1", entry);
    for (const [field, value] of Object.entries(sampleLrpCoverage({ id: "r1" }))) entry.set(field, value);
    Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
    server.getMap("coverages");
    const before = { ...patchChecks };
    for (let head = 1; head <= 50; head++) {
      const vector = Y.encodeStateVector(client);
      client.transact(() => {
        entry.set("head", head);
        entry.set("updatedAt", `2026-11-23T15:00:${String(head % 60).padStart(2, "0")}.000Z`);
      });
      const update = Y.encodeStateAsUpdate(client, vector);
      const scan = scanEntries(server, update);
      const patch = scan.kind === "entries" ? scan.patches.get("coverages")?.get("r1") : undefined;
      expect(patch && patchIsValid("customer", "coverages", "r1", patch)).toBe(true);
      Y.applyUpdate(server, update);
    }
    expect(patchChecks.whole - before.whole).toBe(1);
    expect(patchChecks.byFields - before.byFields).toBe(49);
    // A head over the limit is refused on the fast path's way too (parsed whole, with its message).
    const vector = Y.encodeStateVector(client);
    entry.set("head", 13_000);
    const scan = scanEntries(server, Y.encodeStateAsUpdate(client, vector));
    const patch = scan.kind === "entries" ? scan.patches.get("coverages")?.get("r1") : undefined;
    expect(patch && patchIsValid("customer", "coverages", "r1", patch)).toBe(false);
  });
});
