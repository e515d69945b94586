import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { derivedSummaries } from "../../../sync-server/history/book-index";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import {
  sampleEntity,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
  writeProfile,
  writeRecord,
} from "../sync/book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// HIST1, HIST2 (docs/hardening.md): an agent deletes every record of a customer document through a real
// client on a real socket; an administrator lists the history (time, author, records), reads the
// document as it was, and restores it as a new update; the agent's open client and a fresh client see
// the records again, and nothing written later is lost. Only an admin of the organisation or a super
// administrator may do any of it. On SQLite and on PostgreSQL.

const agent = demoUser("agent@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const superAdmin = demoUser("superadmin@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");
const DOC = "org/demo/customer/c-demo";
const BOOK = "org/demo/book";
const SECTIONS = ["entities", "policies", "coverages"] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keysOf = (doc: Y.Doc, section: string) => [...doc.getMap(section).keys()].sort();
const summaryOf = (client: Client, section: string, key: string) =>
  client.doc.getMap(section).get(key) as Record<string, unknown> | undefined;
/** The keys of a book index section that are summaries of c-demo. */
const indexedOf = (client: Client, section: string) =>
  keysOf(client.doc, section).filter(
    (key) => key === "c-demo" || summaryOf(client, section, key)?.customerId === "c-demo",
  );

function restoreSuite(
  label: string,
  storage: () => Promise<PostgresStorage | undefined>,
  cleanup: () => Promise<void>,
) {
  describe(`[HIST2] restore after a mass delete: ${label}`, () => {
    let server: TestServer;
    const clients: Client[] = [];
    const open = async (user: { sub: string }, name = DOC) => {
      const client = connect(server.syncUrl, name, await server.token(user));
      clients.push(client);
      expect(await client.ready).toBe(true);
      return client;
    };
    const call = async (
      path: string,
      user: { sub: string } | null,
      init: { method?: string; body?: unknown } = {},
    ) => {
      const headers: Record<string, string> = {};
      if (user) headers.authorization = `Bearer ${await server.token(user)}`;
      if (init.body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(new URL(path, `http://127.0.0.1:${server.port}`), {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const history = (user: { sub: string } | null, org = "demo", document = DOC) =>
      call(`/api/orgs/${org}/document-history?document=${encodeURIComponent(document)}`, user);
    const restore = (user: { sub: string } | null, body: Record<string, unknown>, org = "demo") =>
      call(`/api/orgs/${org}/document-history/restore`, user, { method: "POST", body });

    let beforeDelete = 0;
    let writer: Client;

    beforeAll(async () => {
      server = await startTestServer({}, { compactAfterMs: 50, storage: await storage() });
      writer = await open(agent);
      writeProfile(writer.doc, sampleProfile("c-demo"));
      writeRecord(writer.doc, "entities", "e-1", sampleEntity("e-1"));
      writeRecord(writer.doc, "entities", "e-2", sampleEntity("e-2", { legalName: "Jo Jones" }));
      writeRecord(writer.doc, "policies", "p-1", samplePolicy("p-1", "e-1"));
      writeRecord(writer.doc, "policies", "p-2", samplePolicy("p-2", "e-2"));
      writeRecord(writer.doc, "coverages", "cv-1", sampleLrpCoverage("cv-1", "p-1"));
      await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
      // The book index has their summaries, as the agent's app writes them (one JSON value each).
      const book = await open(agent, BOOK);
      book.doc.transact(() => {
        for (const [section, entries] of Object.entries(derivedSummaries("c-demo", writer.doc)))
          for (const [key, summary] of Object.entries(entries)) book.doc.getMap(section).set(key, summary);
      });
      await vi.waitFor(() => expect(book.provider.unsyncedChanges).toBe(0));
      // Compacted, so the records are in the archive (not only in the log).
      await vi.waitFor(async () => expect((await server.storage.readArchive(DOC)).base).not.toBeNull(), {
        timeout: 10_000,
      });
      await pause(20);
      beforeDelete = Date.now();
      await pause(20);

      // The agent deletes every record of the customer document: held, not applied (HIST3).
      writer.doc.transact(() => {
        for (const section of [...SECTIONS, "profile"]) {
          const map = writer.doc.getMap(section);
          for (const key of [...map.keys()]) map.delete(key);
        }
      });
      await vi.waitFor(() => expect(writer.closeReasons).toContain("held-for-confirmation"));
      // And their summaries from the book index (not held: the index is derived, and restored from them);
      // one of a record the customer document never had is left behind.
      const stale = { ...summaryOf(book, "entities", "e-1"), id: "e-9" };
      book.doc.transact(() => {
        for (const section of ["customers", ...SECTIONS]) {
          const map = book.doc.getMap(section);
          for (const key of [...map.keys()])
            if (key === "c-demo" || summaryOf(book, section, key)?.customerId === "c-demo") map.delete(key);
        }
        book.doc.getMap("entities").set("e-9", stale);
      });
      await vi.waitFor(() => expect(book.provider.unsyncedChanges).toBe(0));
      book.destroy();
      const held = writer.stateless.map((m) => JSON.parse(m)).find((m) => m.type === "rangeline/held");
      expect(held).toEqual({ type: "rangeline/held", document: DOC, removed: 5, total: 5 });
      const untouched = await open(agent);
      expect(SECTIONS.map((s) => keysOf(untouched.doc, s))).toEqual([
        ["e-1", "e-2"],
        ["p-1", "p-2"],
        ["cv-1"],
      ]);
      untouched.destroy();

      // The agent confirms; its client connects again and the same write is applied this time.
      const confirmed = await call("/api/orgs/demo/document-history/confirm-removal", agent, {
        method: "POST",
        body: { document: DOC },
      });
      expect(confirmed.status).toBe(200);
      writer.destroy();
      writer = connect(server.syncUrl, DOC, await server.token(agent), writer.doc);
      clients.push(writer);
      expect(await writer.ready).toBe(true);
      await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
      const fresh = await open(agent);
      expect(SECTIONS.map((s) => keysOf(fresh.doc, s))).toEqual([[], [], []]);
      fresh.destroy();
    }, 60_000);

    afterAll(async () => {
      for (const client of clients) client.destroy();
      await server?.stop();
      await cleanup();
    });

    it("only an admin of the organisation or a super administrator reads the history or restores", async () => {
      expect((await history(null)).status).toBe(401);
      for (const user of [agent, customer, otherAgent]) {
        const response = await history(user);
        expect(response.status, user.email).toBe(403);
        expect(response.body.error).toBe("forbidden");
        expect((await restore(user, { document: DOC, at: beforeDelete })).status, user.email).toBe(403);
      }
      // Another organisation's document, through this organisation's path or its own: refused.
      expect((await history(admin, "demo", "org/other/customer/c-other")).status).toBe(403);
      expect((await history(admin, "other", "org/other/customer/c-other")).status).toBe(403);
      expect((await restore(admin, { document: "org/other/customer/c-other", at: 1 })).status).toBe(403);
      // A confirmation is for the caller's own writes in their organisation's documents.
      expect(
        (
          await call("/api/orgs/other/document-history/confirm-removal", agent, {
            method: "POST",
            body: { document: DOC },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await call("/api/orgs/demo/document-history/confirm-removal", null, {
            method: "POST",
            body: { document: DOC },
          })
        ).status,
      ).toBe(401);
      // Bad input says what and where.
      const bad = await call(
        `/api/orgs/demo/document-history?document=${encodeURIComponent("../etc")}`,
        admin,
      );
      expect(bad.status).toBe(400);
      expect(String(bad.body.message)).toContain("document");
      const badTime = await restore(admin, { document: DOC, at: "yesterday" });
      expect(badTime.status).toBe(400);
      expect(String(badTime.body.message)).toContain("at");
      expect((await history(superAdmin)).status).toBe(200);
      // The organisation's documents, to choose from: admins only.
      const listed = await call("/api/orgs/demo/document-history/documents", admin);
      expect(listed.status).toBe(200);
      expect(listed.body.documents).toEqual(
        expect.arrayContaining([{ name: DOC, kind: "customer", id: "c-demo" }]),
      );
      expect((await call("/api/orgs/demo/document-history/documents", agent)).status).toBe(403);
      expect((await call("/api/orgs/other/document-history/documents", admin)).status).toBe(403);
    });

    it("lists the changes by time and author, with the records each touched", async () => {
      const { status, body } = await history(admin);
      expect(status).toBe(200);
      const changes = body.changes as {
        at: string;
        userId: string | null;
        userEmail: string | null;
        records: { section: string; key: string | null }[];
      }[];
      const times = changes.map((c) => Date.parse(c.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times); // newest first
      const deletion = changes[0];
      expect(deletion?.userId).toBe(agent.sub);
      expect(deletion?.userEmail).toBe(agent.email);
      expect(deletion?.records).toEqual(
        expect.arrayContaining([
          { section: "entities", key: "e-1" },
          { section: "policies", key: "p-2" },
          { section: "profile", key: null },
        ]),
      );
      expect(changes.every((c) => c.userId === agent.sub || c.userId === null)).toBe(true);
    });

    it("shows the document, and one record, as they were before the delete", async () => {
      const at = new Date(beforeDelete).toISOString();
      const whole = await call(
        `/api/orgs/demo/document-history/state?document=${encodeURIComponent(DOC)}&at=${at}`,
        admin,
      );
      expect(whole.status).toBe(200);
      const sections = whole.body.sections as Record<string, Record<string, unknown>>;
      expect(Object.keys(sections.entities ?? {}).sort()).toEqual(["e-1", "e-2"]);
      expect(Object.keys(sections.policies ?? {}).sort()).toEqual(["p-1", "p-2"]);
      const one = await call(
        `/api/orgs/demo/document-history/state?document=${encodeURIComponent(DOC)}&at=${beforeDelete}&section=entities&key=e-2`,
        admin,
      );
      expect(one.status).toBe(200);
      expect((one.body.value as { legalName: string }).legalName).toBe("Jo Jones");
      const now = await call(
        `/api/orgs/demo/document-history/state?document=${encodeURIComponent(DOC)}&at=${Date.now()}`,
        admin,
      );
      expect((now.body.sections as Record<string, object>).entities).toEqual({});
    });

    it("restores the whole document as a new update: the open client and a fresh client see the records", async () => {
      const response = await restore(admin, { document: DOC, at: new Date(beforeDelete).toISOString() });
      expect(response.status).toBe(200);
      expect(response.body.changed).toBe(true);
      // The agent's client, still connected, receives the restore like any change.
      await vi.waitFor(() => expect(keysOf(writer.doc, "entities")).toEqual(["e-1", "e-2"]));
      const fresh = await open(agent);
      expect(SECTIONS.map((s) => keysOf(fresh.doc, s))).toEqual([["e-1", "e-2"], ["p-1", "p-2"], ["cv-1"]]);
      // Restored free text is shared text (TEXT1), read as the string it holds.
      expect(fresh.doc.getMap("profile").get("name")).toBeInstanceOf(Y.Text);
      expect(fresh.doc.getMap("profile").toJSON().name).toBe("Casey Ranch");
      // The book index follows: a fresh client's lists have the records again, with their summaries as
      // the app derives them, and the summary of a record the document does not have is gone.
      expect(response.body.bookIndex).toMatchObject({ written: 6, removed: 1, refused: [] });
      const book = await open(agent, BOOK);
      expect(["customers", ...SECTIONS].map((s) => indexedOf(book, s))).toEqual([
        ["c-demo"],
        ["e-1", "e-2"],
        ["p-1", "p-2"],
        ["cv-1"],
      ]);
      expect(summaryOf(book, "entities", "e-2")?.legalName).toBe("Jo Jones");
      expect(summaryOf(book, "customers", "c-demo")?.name).toBe("Casey Ranch");
      // The restore is in the history, by the administrator; the delete is still there before it.
      await vi.waitFor(async () => {
        const changes = (await history(admin)).body.changes as { userId: string | null }[];
        expect(changes[0]?.userId).toBe(admin.sub);
        expect(changes[1]?.userId).toBe(agent.sub);
      });
      // Restoring the same point again changes nothing.
      expect((await restore(admin, { document: DOC, at: beforeDelete })).body.changed).toBe(false);
    });

    it("restores one record to a past state and keeps every later change of the others", async () => {
      const entity = writer.doc.getMap("entities").get("e-1") as Y.Map<unknown> | Record<string, unknown>;
      writer.doc.transact(() => {
        writer.doc.getMap("entities").set("e-1", {
          ...(entity instanceof Y.Map ? entity.toJSON() : entity),
          legalName: "Casey J. Jones",
        });
      });
      await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
      await pause(20);
      const beforeSecondDelete = Date.now();
      await pause(20);
      writer.doc.getMap("policies").delete("p-2");
      await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));

      const response = await restore(superAdmin, {
        document: DOC,
        at: beforeSecondDelete,
        section: "policies",
        key: "p-2",
      });
      expect(response.status).toBe(200);
      const fresh = await open(agent);
      expect(keysOf(fresh.doc, "policies")).toEqual(["p-1", "p-2"]);
      const restored = fresh.doc.getMap("entities").toJSON()["e-1"] as Record<string, unknown>;
      expect(restored.legalName).toBe("Casey J. Jones"); // the later change of another record stays
      // A section the document does not have is refused, naming the ones it has.
      const wrong = await restore(admin, { document: DOC, at: beforeSecondDelete, section: "meta" });
      expect(wrong.status).toBe(400);
      expect(String(wrong.body.message)).toContain("entities");
    });

    it("a time before the history began is refused with when it begins", async () => {
      const { body } = await history(admin);
      const since = Date.parse(String(body.since));
      if (since > 0) {
        const old = await restore(admin, { document: DOC, at: since - 1 });
        expect(old.status).toBe(409);
        expect(old.body.error).toBe("too-old");
      } else {
        // A document whose history holds every change: the start reads as empty, and restoring it empties.
        const empty = await call(
          `/api/orgs/demo/document-history/state?document=${encodeURIComponent(DOC)}&at=0`,
          admin,
        );
        expect((empty.body.sections as Record<string, object>).entities).toEqual({});
      }
    });
  });
}

restoreSuite(
  "SQLite",
  async () => undefined,
  async () => {},
);

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("restore");
  restoreSuite(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
