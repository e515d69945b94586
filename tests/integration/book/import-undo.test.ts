import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import type { ImportReport } from "../../../shared/book/import/types";
import { sourceKey } from "../../../shared/documents/import-log";
import { derivedSummaries } from "../../../sync-server/history/book-index";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import {
  sampleEntity,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
  sampleTaxId,
  writeProfile,
  writeRecord,
} from "../sync/book-records";
import type { Client, TestServer } from "../sync/harness";
import { ADMIN as admin, AGENT as agent, BookServer, CUSTOMER as customer } from "./book-server";

// docs/book-import.md "Undo": the undo of one book import as a whole (sync-server/history/import-undo.ts): an
// agent's device writes an import (records marked with its id, its entry in the book document), another agent
// edits one of its records, and the undo — asked first as a dry run — removes what the import created, gives
// back what it updated, leaves what was typed by hand, brings the book index in line and marks the entry
// undone. Agents of the organisation only; a second undo is refused. Real server, SQLite.

const IMPORT = "imp-01";
const BOOK = "org/demo/book";
const OLD = "org/demo/customer/c-old";
const NEW = "org/demo/customer/c-new";
const NEW_INTERNAL = "org/demo/customer/c-new/internal";
const OLD_INTERNAL = "org/demo/customer/c-old/internal";
/** The tax ids typed by hand before the import: the entity's, its spouse's and its SBI's. */
const TYPED_TAX_IDS = { "e-old": "501234987", "e-old.spouse": "502345678", "e-old.sbi.s-1": "503456789" };
const AT = "2026-11-18T18:00:00.000Z";
const marked = { importId: IMPORT };
/** The entity typed by hand: an individual with a spouse and one SBI, their last four digits on file. */
const typedEntity = {
  legalName: "Old Jones",
  taxIdLast4: "4987",
  spouse: { name: "Pat Jones", taxIdType: 1 as const, taxIdLast4: "5678" },
  sbis: {
    "s-1": {
      id: "s-1",
      name: "Sam Jones",
      entityType: "I" as const,
      taxIdType: 1 as const,
      taxIdLast4: "6789",
      sharePercent: "25",
    },
  },
};

/** An entry as JSON, whether a nested map (records) or a plain value (the import's entry). */
const plainOf = (doc: Y.Doc, section: string, key: string): Record<string, unknown> | undefined => {
  const value = doc.getMap(section).get(key);
  return value instanceof Y.AbstractType ? value.toJSON() : (value as Record<string, unknown> | undefined);
};

describe("book import undo (server, history and restore)", () => {
  const session = new BookServer();
  let server: TestServer;
  const open = (name: string, user?: { sub: string }) => session.open(name, user);
  const synced = (client: Client) => session.synced(client);
  const post = (path: string, user: { sub: string } | null, body: unknown) => session.post(path, user, body);
  const undo = (user: { sub: string } | null, body: unknown = {}, importId = IMPORT) =>
    post(`/api/orgs/demo/book-imports/${importId}/undo`, user, body);

  let old: Client;
  let fresh: Client;
  let internal: Client;
  let book: Client;
  let oldInternal: Client;

  beforeAll(async () => {
    await session.start();
    server = session.server;
    // Typed by hand before the import.
    old = await open(OLD);
    writeProfile(old.doc, sampleProfile("c-old", { name: "Old Ranch" }));
    writeRecord(old.doc, "entities", "e-old", sampleEntity("e-old", typedEntity));
    oldInternal = await open(OLD_INTERNAL);
    oldInternal.doc.transact(() => {
      for (const [key, digits] of Object.entries(TYPED_TAX_IDS))
        writeRecord(oldInternal.doc, "taxIds", key, sampleTaxId(key, digits));
    });
    await Promise.all([synced(old), synced(oldInternal)]);
    book = await open(BOOK);
    // The import, as the device applies it: a new customer with its records and tax id, and an update
    // of the existing entity; every record carries the import's id.
    fresh = await open(NEW);
    internal = await open(NEW_INTERNAL);
    fresh.doc.transact(() => {
      writeProfile(fresh.doc, sampleProfile("c-new", { name: "New Ranch", ...marked }));
      writeRecord(fresh.doc, "entities", "e-new", sampleEntity("e-new", marked));
      writeRecord(fresh.doc, "policies", "p-new", samplePolicy("p-new", "e-new", marked));
      writeRecord(fresh.doc, "coverages", "cv-new", sampleLrpCoverage("cv-new", "p-new", marked));
    });
    writeRecord(internal.doc, "taxIds", "e-new", sampleTaxId("e-new", "123456789", marked));
    writeRecord(
      old.doc,
      "entities",
      "e-old",
      sampleEntity("e-old", {
        ...typedEntity,
        legalName: "Old Jones Ranch LLC",
        taxIdLast4: "4321",
        ...marked,
      }),
    );
    // The row gave the entity another tax id: the entity's tax id record is updated, its spouse's and
    // SBI's are not the import's.
    writeRecord(oldInternal.doc, "taxIds", "e-old", sampleTaxId("e-old", "509874321", marked));
    book.doc.transact(() => {
      for (const [id, doc] of [
        ["c-new", fresh.doc],
        ["c-old", old.doc],
      ] as const)
        for (const [section, entries] of Object.entries(derivedSummaries(id, doc)))
          for (const [key, summary] of Object.entries(entries)) book.doc.getMap(section).set(key, summary);
      book.doc.getMap("imports").set(IMPORT, {
        id: IMPORT,
        fileName: "book.csv",
        source: sourceKey(["Insured Name"]),
        at: AT,
        by: agent.sub,
        created: 4,
        updated: 1,
        unchanged: 0,
        refused: 1,
        customers: ["c-new", "c-old"],
      });
    });
    await Promise.all([synced(fresh), synced(internal), synced(old), synced(oldInternal), synced(book)]);
    // Someone works on an imported record afterwards.
    // (The head count with the figures it gives: rule SCE1 judges the coverage's figures together.)
    const edited = sampleLrpCoverage("cv-new", "p-new", { head: 120 });
    fresh.doc.transact(() => {
      const record = fresh.doc.getMap("coverages").get("cv-new") as Y.Map<unknown>;
      for (const field of ["head", "insuredValue", "totalPremium", "subsidy", "producerPremium"] as const)
        record.set(field, edited[field]);
    });
    await synced(fresh);
  }, 60_000);

  afterAll(async () => {
    await session.stop();
  });

  it("agents of the organisation only; bad input says where", async () => {
    expect((await undo(null)).status).toBe(401);
    for (const user of [customer, admin]) {
      const refused = await undo(user);
      expect(refused.status, user.email).toBe(403);
      expect(refused.body.error).toBe("forbidden");
    }
    const badId = await undo(agent, {}, "not an id");
    expect(badId.status).toBe(400);
    expect(String(badId.body.message)).toContain("import id");
    const badBody = await undo(agent, { dryRun: "yes" });
    expect(badBody.status).toBe(400);
    expect(String(badBody.body.message)).toContain("dryRun");
    const unknown = await undo(agent, {}, "imp-unknown");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("unknown-import");
  });

  it("the dry run says what the undo removes and gives back, and writes nothing", async () => {
    const dry = await undo(agent, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.report).toEqual({
      importId: IMPORT,
      fileName: "book.csv",
      removed: 4,
      restored: 1,
      changedSince: 1,
      documents: 4,
    });
    expect(fresh.doc.getMap("entities").has("e-new")).toBe(true);
    expect(plainOf(book.doc, "imports", IMPORT)?.undoneAt).toBeUndefined();
  });

  it("the administrator's document history names the import's change by its file; a change by hand has no import", async () => {
    const response = await fetch(
      new URL(`/api/orgs/demo/document-history?document=${NEW}`, `http://127.0.0.1:${server.port}`),
      { headers: { authorization: `Bearer ${await server.token(admin)}` } },
    );
    expect(response.status).toBe(200);
    const { changes } = (await response.json()) as { changes: { import?: unknown }[] };
    // Newest first: the later edit of the endorsement by hand, then the import (then the document's start).
    expect(changes.slice(0, 2).map((c) => c.import ?? null)).toEqual([
      null,
      { id: IMPORT, fileName: "book.csv" },
    ]);
    expect(changes.filter((c) => c.import)).toHaveLength(1);
  });

  it("the undo removes what the import created, gives back what it updated, and marks the import undone", async () => {
    const done = await undo(agent);
    expect(done.status).toBe(200);
    expect(done.body.report).toMatchObject({ removed: 4, restored: 1, changedSince: 1, documents: 4 });
    // Live on the connected devices: the new customer's records and tax id are gone, the entity typed
    // by hand reads as it did before the import.
    await vi.waitFor(() => {
      expect(fresh.doc.getMap("profile").size).toBe(0);
      for (const section of ["entities", "policies", "coverages"])
        expect([...fresh.doc.getMap(section).keys()]).toEqual([]);
      expect([...internal.doc.getMap("taxIds").keys()]).toEqual([]);
      expect(plainOf(old.doc, "entities", "e-old")).toMatchObject({ legalName: "Old Jones" });
      expect(plainOf(old.doc, "entities", "e-old")?.importId).toBeUndefined();
    });
    expect(old.doc.getMap("profile").get("name")?.toString()).toBe("Old Ranch");
    // The entity the import updated has its spouse and SBI back, and every tax id typed by hand reads as
    // typed: the entity's given back, its spouse's and SBI's kept (encrypted at rest, read back in full).
    expect(plainOf(old.doc, "entities", "e-old")).toMatchObject(typedEntity);
    await vi.waitFor(() => {
      const taxIds = oldInternal.doc.getMap("taxIds").toJSON() as Record<
        string,
        { taxId: string; importId?: string }
      >;
      expect(Object.fromEntries(Object.entries(taxIds).map(([key, r]) => [key, r.taxId]))).toEqual(
        TYPED_TAX_IDS,
      );
      expect(taxIds["e-old"]?.importId).toBeUndefined();
    });
    // The book index follows: no summary of the new customer's records is left; the old one stays.
    await vi.waitFor(() => {
      expect(book.doc.getMap("customers").has("c-new")).toBe(false);
      expect(book.doc.getMap("coverages").has("cv-new")).toBe(false);
      expect(book.doc.getMap("customers").has("c-old")).toBe(true);
      expect(plainOf(book.doc, "imports", IMPORT)).toMatchObject({ undoneBy: agent.sub });
    });
    // The record history shows the undo by the agent, after the typing and the import: the entity changed
    // back (its name, the import's mark).
    const historyOf = async () => {
      const response = await fetch(
        new URL("/api/orgs/demo/customers/c-old/history?record=e-old", `http://127.0.0.1:${server.port}`),
        { headers: { authorization: `Bearer ${await server.token(agent)}` } },
      );
      const { history } = (await response.json()) as {
        history: { section: string; action: string; fields: string[] }[];
      };
      return history.filter((r) => r.section === "entities");
    };
    await vi.waitFor(async () =>
      expect((await historyOf()).map((r) => r.action)).toEqual(["changed", "changed", "created"]),
    );
    expect((await historyOf())[0]?.fields).toEqual(expect.arrayContaining(["importId", "legalName"]));
    // Once only.
    const again = await undo(agent);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already-undone");
  });

  it("an import through the server that updated an entity typed by hand: its undo gives back the entity's, spouse's and SBI's exact tax ids", async () => {
    // Typed by hand: the customer of the file's row, its entity with a spouse and an SBI and their three
    // tax ids; then every device closes them, so the import and the undo read them from storage, where the
    // internal document is encrypted (sync-server/storage/encryption.ts).
    const [row] = bookRows(1, 1) as [string[]];
    const ssn = (row[1] as string).replaceAll("-", "");
    const typed = { "e-srv": ssn, "e-srv.spouse": "502345678", "e-srv.sbi.s-1": "503456789" };
    const customerDoc = await open("org/demo/customer/c-srv");
    const internalDoc = await open("org/demo/customer/c-srv/internal");
    writeProfile(customerDoc.doc, sampleProfile("c-srv", { name: row[0] }));
    writeRecord(
      customerDoc.doc,
      "entities",
      "e-srv",
      sampleEntity("e-srv", { ...typedEntity, legalName: row[0], taxIdLast4: ssn.slice(5) }),
    );
    internalDoc.doc.transact(() => {
      for (const [key, digits] of Object.entries(typed))
        writeRecord(internalDoc.doc, "taxIds", key, sampleTaxId(key, digits));
    });
    await Promise.all([synced(customerDoc), synced(internalDoc)]);
    customerDoc.destroy();
    internalDoc.destroy();
    await vi.waitFor(() =>
      expect(server.hocuspocus.documents.has("org/demo/customer/c-srv/internal")).toBe(false),
    );
    // The file's row has the entity's tax id and another legal name: the entity is updated.
    const sheet = parseCsv(
      "entity.csv",
      toCsv([...BOOK_HEADERS, "Legal Name"], [[...row, "Jones Ranch LLC"]]),
    );
    const imported = await post("/api/orgs/demo/book-imports", agent, {
      fileName: "entity.csv",
      sheets: [sheet],
      mapping: guessMapping(sheet.headers),
      dryRun: false,
      importId: "imp-srv",
    });
    expect((imported.body.report as ImportReport).counts.entity).toEqual({
      create: 0,
      update: 1,
      unchanged: 0,
    });
    const done = await undo(agent, {}, "imp-srv");
    // Removed: the policy and endorsement; given back: the profile (the row gave its address) and the entity.
    expect(done.body.report).toMatchObject({ removed: 2, restored: 2 });
    const after = await open("org/demo/customer/c-srv/internal");
    const taxIds = after.doc.getMap("taxIds").toJSON() as Record<string, { taxId: string }>;
    expect(Object.fromEntries(Object.entries(taxIds).map(([key, r]) => [key, r.taxId]))).toEqual(typed);
  });
});
