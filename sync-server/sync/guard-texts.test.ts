import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { sampleEntity, sampleProfile } from "../../shared/book/test-fixtures";
import { withPrecreated } from "../../shared/documents/text-fields";
import { documentJson } from "./doc-json";
import { guardPaths } from "./guard";
import { type Member, serverDoc } from "./guard-harness";
import { TEXT_FAST_LIMIT } from "./text-scan";
import { upgradeTexts } from "./text-upgrade";

// The write guard and shared text (docs/sync-rules.md TEXT1, rules SYNC1–SYNC3): typing into a text field is judged
// from the update alone (text-scan.ts); a Y.Text anywhere else, or where a number belongs, is refused;
// a writer still writes only its sections.

const agent: Member = { sub: "agent-1", role: "agent" };
const stranger: Member = { sub: "admin-1", role: "admin" }; // no access to customer documents

/** A version-4 customer document on the server: profile and one entity, texts made as the migration makes them. */
function customerServer() {
  const server = serverDoc("org/demo/customer/c1");
  server.doc.transact(() => {
    const profile = server.doc.getMap("profile");
    const made = withPrecreated(sampleProfile({ id: "c1" }), [["address", "line2"]]);
    for (const [key, value] of Object.entries(made)) profile.set(key, value);
    server.doc.getMap("entities").set("e-1", sampleEntity({ id: "e-1" }));
    upgradeTexts(server.doc, "customer");
  });
  return server;
}

/** A device holding the server's copy, whose writes are collected one update per transaction. */
function device(server: { doc: Y.Doc }) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(server.doc));
  const updates: Uint8Array[] = [];
  doc.on("update", (update: Uint8Array) => updates.push(update));
  return { doc, updates };
}

const cityOf = (doc: Y.Doc) => (doc.getMap("profile").get("address") as Y.Map<unknown>).get("city") as Y.Text;

describe("write guard: typing in shared text", () => {
  it("[SYNC2] accepts each keystroke into a text field from its encoding (no copy of the document)", async () => {
    const server = customerServer();
    const { doc, updates } = device(server);
    const city = cityOf(doc);
    doc.transact(() => city.delete(0, city.length));
    for (const [i, letter] of [..."Spearville"].entries()) doc.transact(() => city.insert(i, letter));
    doc.transact(() => city.delete(4, 1)); // a backspace in the middle
    const before = { ...guardPaths };
    for (const update of updates) expect(await server.write(agent, update)).toBe("accepted");
    expect(guardPaths.texts - before.texts).toBe(updates.length);
    expect(guardPaths.copy - before.copy).toBe(0);
    expect(cityOf(server.doc).toString()).toBe("Speaville");
  });

  it("[SYNC2] a text that could pass its shortest maximum takes the copy path, which refuses an over-long one", async () => {
    const server = customerServer();
    const { doc, updates } = device(server);
    const city = cityOf(doc);
    doc.transact(() => city.insert(0, "x".repeat(TEXT_FAST_LIMIT + 1)));
    const before = guardPaths.copy;
    expect(await server.write(agent, updates[0] as Uint8Array)).toBe("invalid-document");
    expect(guardPaths.copy - before).toBe(1);
    expect(cityOf(server.doc).toString()).toBe("Garden City");
  });

  it("[SYNC1] a member without write access cannot type into a text field", async () => {
    const server = customerServer();
    const { doc, updates } = device(server);
    doc.transact(() => cityOf(doc).insert(0, "x"));
    expect(await server.write(stranger, updates[0] as Uint8Array)).toBe("forbidden");
    expect(cityOf(server.doc).toString()).toBe("Garden City");
  });

  it("[SYNC3] refuses a shared text where a number belongs, and where a plain string belongs", async () => {
    const server = customerServer();
    const attempt = async (change: (doc: Y.Doc) => void) => {
      const { doc, updates } = device(server); // a fresh device each time: a refused write is not in the server's copy
      doc.transact(() => change(doc));
      return server.write(agent, updates[0] as Uint8Array);
    };
    const profile = (doc: Y.Doc) => doc.getMap("profile");
    expect(await attempt((doc) => profile(doc).set("farmingSinceYear", new Y.Text("2020")))).toBe(
      "invalid-document",
    );
    expect(await attempt((doc) => profile(doc).set("email", new Y.Text("owner@prairie.test")))).toBe(
      "invalid-document",
    );
    const entity = (doc: Y.Doc) => doc.getMap("entities").get("e-1") as Y.Map<unknown>;
    expect(await attempt((doc) => entity(doc).set("status", new Y.Text("active")))).toBe("invalid-document");
    expect(await attempt((doc) => entity(doc).set("sbis", new Y.Array()))).toBe("invalid-document");
    expect(server.violations.length).toBe(4);
    expect(JSON.stringify(server.violations)).toContain("a shared text where a plain value belongs");
    expect(documentJson(server.doc).profile).not.toHaveProperty("farmingSinceYear");
  });

  it("[SYNC3] accepts a shared text at a text field written whole (a new entity's legal name)", async () => {
    const server = customerServer();
    const { doc, updates } = device(server);
    doc.transact(() => {
      const entity = doc.getMap("entities").get("e-1") as Y.Map<unknown>;
      entity.set("legalName", new Y.Text("Dale R Hendricks"));
    });
    expect(await server.write(agent, updates[0] as Uint8Array)).toBe("accepted");
    const json = documentJson(server.doc) as { entities: Record<string, { legalName: string }> };
    expect(json.entities["e-1"]?.legalName).toBe("Dale R Hendricks");
  });

  it("[ACL3] an agent cannot write a shared text into a section of the organisation document it may not write", async () => {
    const server = serverDoc("org/demo");
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server.doc));
    const updates: Uint8Array[] = [];
    doc.on("update", (update: Uint8Array) => updates.push(update));
    doc.transact(() => doc.getMap("settings").set("name", new Y.Text("Hijacked")));
    expect(await server.write(agent, updates[0] as Uint8Array)).toBe("forbidden");
  });
});

describe("write guard: a claim's notes are shared text", () => {
  it("[SYNC2] accepts typing into a note and refuses a shared text as its author", async () => {
    const server = serverDoc("org/demo/claim/cl-1");
    server.doc.transact(() => {
      server.doc.getMap("notes").set("n-1", { id: "n-1", text: "Called the producer", authorId: "agent-1" });
      upgradeTexts(server.doc, "claim");
    });
    const note = (doc: Y.Doc) => doc.getMap("notes").get("n-1") as Y.Map<unknown>;
    expect(note(server.doc).get("text")).toBeInstanceOf(Y.Text);
    const typing = device(server);
    typing.doc.transact(() => (note(typing.doc).get("text") as Y.Text).insert(19, " twice"));
    expect(await server.write(agent, typing.updates[0] as Uint8Array)).toBe("accepted");
    expect(documentJson(server.doc).notes).toMatchObject({ "n-1": { text: "Called the producer twice" } });
    const forged = device(server);
    forged.doc.transact(() => note(forged.doc).set("authorId", new Y.Text("agent-2")));
    expect(await server.write(agent, forged.updates[0] as Uint8Array)).toBe("invalid-document");
  });
});
