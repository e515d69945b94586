import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { DOCUMENT_SCHEMA_VERSION } from "../../shared/documents/shapes";
import { documentJson } from "./doc-json";
import { deleteSetUpdate, hasPending, type Member, serverDoc } from "./guard-harness";

// The outside probe of docs/hardening.md, reproduced on the guard in front of one server document: content
// parked in Yjs's pending store used to be acknowledged unjudged and released by a later allowed write.

const attacker: Member = { sub: "agent-a", role: "agent" };
const victim: Member = { sub: "agent-b", role: "agent" };

const summary = (id: string) => ({
  id,
  customerId: "c-1",
  plan: "lrp",
  coverageIds: ["cv-1"],
  commodity: "0801",
  type: "809",
  endDate: "2026-11-13",
  filingDueDate: "2027-01-12",
  indemnity: "3660",
  actualKind: "final",
  status: "open",
  needed: [],
  updatedAt: "2026-11-20T15:00:00.000Z",
});

/** A client of the server document, holding a copy of it; `edit` returns just that edit's update. */
function client(server: Y.Doc, clientID: number) {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
  return {
    doc,
    edit(change: (doc: Y.Doc) => void): Uint8Array {
      const before = Y.encodeStateVector(doc);
      change(doc);
      return Y.encodeStateAsUpdate(doc, before);
    },
  };
}

describe("write guard: nothing waits unjudged in the pending store", () => {
  it("[SYNC7] an update with a gap is refused, and the allowed write that would have released it changes only what it says", async () => {
    const server = serverDoc("org/demo");
    // Made on an empty copy, so that nothing in the forbidden part is deleted at once (no delete set):
    // all of it waits for the first, allowed, clock of the client.
    const agent = client(new Y.Doc(), 1000);
    const allowed = agent.edit((doc) => doc.getMap("claims").set("cl-1", summary("cl-1")));
    const forbidden = agent.edit((doc) => {
      doc.getMap("settings").set("name", "Taken over");
      doc.getMap("undeclared").set("x", 1);
      doc.getMap("meta").set("schemaVersion", 999);
    });

    expect(await server.write(attacker, forbidden)).toBe("missing-updates");
    expect(await server.write(attacker, allowed)).toBe("accepted");
    expect(hasPending(server.doc)).toBe(false);
    expect(documentJson(server.doc)).toEqual({
      meta: { schemaVersion: DOCUMENT_SCHEMA_VERSION },
      claims: { "cl-1": summary("cl-1") },
    });
  });

  it("[SYNC7] a delete set over another user's clocks the server has not seen is refused; that user's later write stays", async () => {
    const server = serverDoc("org/demo");
    expect(await server.write(attacker, deleteSetUpdate(2000, 0, 10))).toBe("missing-updates");
    const other = client(server.doc, 2000);
    expect(
      await server.write(
        victim,
        other.edit((doc) => doc.getMap("claims").set("cl-2", summary("cl-2"))),
      ),
    ).toBe("accepted");
    expect(hasPending(server.doc)).toBe(false);
    expect(documentJson(server.doc).claims).toEqual({ "cl-2": summary("cl-2") });
  });

  it("[SYNC7] content a document already holds back (stored before this rule) is judged with the write that releases it", async () => {
    const server = serverDoc("org/demo");
    const agent = client(new Y.Doc(), 1000);
    const allowed = agent.edit((doc) => doc.getMap("claims").set("cl-1", summary("cl-1")));
    Y.applyUpdate(
      server.doc,
      agent.edit((doc) => doc.getMap("settings").set("name", "Taken over")),
    );
    expect(hasPending(server.doc)).toBe(true);
    // The fast path would read only the claim; the copy sees the settings it releases.
    expect(await server.write(attacker, allowed)).toBe("forbidden");
    expect(documentJson(server.doc)).toEqual({ meta: { schemaVersion: DOCUMENT_SCHEMA_VERSION } });
  });

  it("[SYNC7] a client's whole difference, in order, is accepted (a reconnecting client's sync step 2)", async () => {
    const server = serverDoc("org/demo");
    const agent = client(server.doc, 1000);
    const before = Y.encodeStateVector(server.doc);
    agent.edit((doc) => doc.getMap("claims").set("cl-1", summary("cl-1")));
    const gap = agent.edit((doc) =>
      doc.getMap("claims").set("cl-1", { ...summary("cl-1"), indemnity: "10" }),
    );
    expect(await server.write(attacker, gap)).toBe("missing-updates");
    expect(await server.write(attacker, Y.encodeStateAsUpdate(agent.doc, before))).toBe("accepted");
    expect(hasPending(server.doc)).toBe(false);
    expect(documentJson(server.doc).claims).toEqual({ "cl-1": { ...summary("cl-1"), indemnity: "10" } });
  });
});
