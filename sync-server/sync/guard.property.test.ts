import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { documentAccess, maySection } from "../../shared/access/documents";
import { validateDocument } from "../../shared/documents/shapes";
import { documentJson } from "./doc-json";
import { deleteSetUpdate, hasPending, type Member, serverDoc } from "./guard-harness";

// Property test of the write guard (SYNC1-SYNC3, SYNC7; docs/hardening.md): random sequences of updates from
// several clients of the organisation document — sent with gaps, out of order, twice, merged, deleting
// others' items and clocks nobody has sent yet, writing forbidden and undeclared sections, invalid
// entries and `meta.schemaVersion`, from writers and a reader — go through the real WriteGuard, and the
// server's document takes an update only when the guard lets it through (as Hocuspocus does).
// Invariants after every step: nothing waits in the document's pending store; the state a reader
// receives passes the document's schema; an accepted update changed only sections its writer may write.

const NAME = "org/demo";

/** Clients: two agents (write `claims`), the admin (writes `settings`), a partner (reads). */
const MEMBERS: readonly (Member & { clientID: number })[] = [
  { sub: "agent-a", role: "agent", clientID: 1000 },
  { sub: "agent-b", role: "agent", clientID: 2000 },
  { sub: "admin", role: "admin", clientID: 3000 },
  { sub: "partner", role: "partner", clientID: 4000 },
];

const summary = (id: string, indemnity: string) => ({
  id,
  customerId: "c-1",
  plan: "lrp",
  coverageIds: ["cv-1"],
  commodity: "0801",
  type: "809",
  endDate: "2026-11-13",
  filingDueDate: "2027-01-12",
  indemnity,
  actualKind: "final",
  status: "open",
  needed: [],
  updatedAt: "2026-11-20T15:00:00.000Z",
});

/** What a client does to its own copy: allowed, forbidden, invalid and undeclared writes alike. */
const EDITS: Record<string, (doc: Y.Doc, key: string, n: number) => void> = {
  claim: (doc, key, n) => doc.getMap("claims").set(key, summary(key, String(n))),
  invalidClaim: (doc, key) => doc.getMap("claims").set(key, { id: key, status: "bogus" }),
  deleteClaim: (doc, key) => doc.getMap("claims").delete(key),
  settings: (doc, _key, n) => doc.getMap("settings").set("name", `Agency ${n}`),
  invalidSettings: (doc, _key, n) => doc.getMap("settings").set("bogusField", n),
  member: (doc, key) => doc.getMap("members").set(key, { id: key, roles: ["admin"] }),
  undeclared: (doc, key, n) => doc.getMap("undeclared").set(key, n),
  schemaVersion: (doc) => doc.getMap("meta").set("schemaVersion", 999),
};

// Weighted towards edits and sends: the hole needs a client's edits sent out of order.
const client = fc.nat(MEMBERS.length - 1);
// Allowed writes are the likeliest (an allowed write is what released parked content).
const edit = fc.oneof(
  { weight: 4, arbitrary: fc.constant("claim") },
  fc.constantFrom(...Object.keys(EDITS).filter((name) => name !== "claim")),
);
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("edit" as const),
      client,
      edit,
      key: fc.constantFrom("cl-1", "cl-2", "cl-3", "cl-4", "cl-5", "cl-6"),
      n: fc.nat(99),
    }),
  },
  // Sends one of the updates the client made and has not sent (not necessarily the next one).
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("send" as const), client, pick: fc.nat() }) },
  // Sends one of them again, sent or not (a duplicate, or a reordering).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("resend" as const), client, pick: fc.nat() }) },
  // Sends everything the server lacks of the client's copy, merged (a reconnect's sync step 2).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("sync" as const), client }) },
  // The client takes the server's state (a reader receives it).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pull" as const), client }) },
  // Deletes clocks of another client, seen or not yet (a crafted delete set).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("deleteClocks" as const),
      client,
      target: client,
      clock: fc.nat(6),
      len: fc.integer({ min: 1, max: 6 }),
    }),
  },
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function run(steps: Step[]): Promise<void> {
  const server = serverDoc(NAME);
  const clients = MEMBERS.map((member) => {
    const doc = new Y.Doc();
    doc.clientID = member.clientID;
    return { member, doc, made: [] as Uint8Array[], unsent: [] as Uint8Array[] };
  });
  for (const action of steps) {
    const client = clients[action.client] as (typeof clients)[number];
    let update: Uint8Array | null = null;
    switch (action.kind) {
      case "edit": {
        const before = Y.encodeStateVector(client.doc);
        EDITS[action.edit]?.(client.doc, action.key, action.n);
        const made = Y.encodeStateAsUpdate(client.doc, before);
        if (made.length > 2) {
          client.made.push(made);
          client.unsent.push(made);
        }
        break;
      }
      case "send":
        update = client.unsent.splice(action.pick % Math.max(1, client.unsent.length), 1)[0] ?? null;
        break;
      case "resend":
        update = client.made[action.pick % Math.max(1, client.made.length)] ?? null;
        break;
      case "sync":
        update = Y.encodeStateAsUpdate(client.doc, Y.encodeStateVector(server.doc));
        break;
      case "pull":
        Y.applyUpdate(client.doc, Y.encodeStateAsUpdate(server.doc));
        break;
      case "deleteClocks": {
        const target = MEMBERS[action.target] as (typeof MEMBERS)[number];
        update = deleteSetUpdate(target.clientID, action.clock, action.len);
        break;
      }
    }
    if (update === null) continue;
    const before = documentJson(server.doc);
    const outcome = await server.write(client.member, update);
    const after = documentJson(server.doc);

    // Nothing waits unjudged, to be released by a later write.
    expect(hasPending(server.doc)).toBe(false);
    // What any reader receives (the whole state, pending store included) passes the schema.
    const received = new Y.Doc();
    Y.applyUpdate(received, Y.encodeStateAsUpdate(server.doc));
    expect(validateDocument("org", documentJson(received))).toEqual([]);
    // A change is one its writer may make; a refused update changes nothing.
    const grant = documentAccess(
      {
        userId: client.member.sub,
        memberships: [{ orgId: "demo", role: client.member.role }],
        customerLinks: [],
      },
      server.ref,
    );
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (section) => JSON.stringify(before[section]) !== JSON.stringify(after[section]),
    );
    if (outcome !== "accepted") expect(changed).toEqual([]);
    else expect(changed.filter((section) => !maySection(grant, section))).toEqual([]);
  }
}

describe("write guard property: random clients, gaps and all", () => {
  it("[SYNC7] [SYNC2] [SYNC3] every state a reader can receive is valid and every change was allowed to its writer", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), run),
      // A fixed seed: the same cases in every run (convention 10). On the guard before SYNC7 the first
      // case with a gap fails (content left pending); without that invariant, the released forbidden
      // content itself was found within 3,000 cases for 7 of 8 seeds tried (this one: case 428). ~2 s.
      { seed: 24, numRuns: 3000 },
    );
  });
});
