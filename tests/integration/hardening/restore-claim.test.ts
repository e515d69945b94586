import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Y from "yjs";
import { claimSummaryOf } from "../../../shared/book/claims";
import type { ChecklistItem, ClaimRecord } from "../../../shared/documents/claim";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { documentJson } from "../../../sync-server/sync/doc-json";
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

// HIST2 (docs/hardening.md) with claims (docs/claims.md): a claim's summaries — the organisation document's
// `claims` (claims list, hub) and the customer document's `claims` (My coverages) — follow a restore.
// An agent deletes a claim's record (and, as the app does, its summaries); an administrator restores
// the claim document; a fresh client's organisation and customer documents have its summary again, as
// shared/book/claims.ts claimSummaryOf derives it, and the customer reads the claim again (ACL7). A
// restore of the customer or organisation document's `claims` brings back the summaries of the claims
// that exist and drops those of claims that do not. On SQLite and on PostgreSQL.

const agent = demoUser("agent@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const ORG = "org/demo";
const CUSTOMER = "org/demo/customer/c-demo";
const CLAIM = "org/demo/claim/cl-1";
const NOW = "2026-11-20T15:00:00.000Z";

const claim: ClaimRecord = {
  version: 1,
  id: "cl-1",
  customerId: "c-demo",
  plan: "lrp",
  coverageIds: ["cv-1"],
  policyId: "p-1",
  commodity: "0801",
  type: "809",
  endDate: "2026-11-13",
  filingDueDate: "2027-01-12",
  actual: {
    value: "265.12",
    source: "rma-actual",
    sourceText: "RMA actual ending value (A00620) for 2026-11-13",
    date: "2026-11-20",
    kind: "final",
  },
  indemnity: "3660",
  producerPremium: "3591",
  net: "69",
  computedAt: NOW,
  status: "open",
  createdAt: NOW,
  updatedAt: NOW,
  updatedBy: "u-agent",
} as ClaimRecord;

const item = (id: string, fields: Partial<ChecklistItem>): ChecklistItem => ({
  id,
  kind: "notice-of-loss",
  label: "Notice of Probable Loss",
  from: "agency",
  status: "needed",
  createdAt: NOW,
  updatedAt: NOW,
  updatedBy: "u-agent",
  ...fields,
});
const checklist = {
  "ck-1": item("ck-1", {}),
  "ck-2": item("ck-2", { kind: "proof-of-ownership", label: "Proof of ownership", from: "producer" }),
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const plain = (value: unknown) =>
  (value as Y.Map<unknown>)?.toJSON ? (value as Y.Map<unknown>).toJSON() : value;
const summaryIn = (client: Client, key = "cl-1") => plain(client.doc.getMap("claims").get(key));

function restoreClaimSuite(
  label: string,
  storage: () => Promise<PostgresStorage | undefined>,
  cleanup: () => Promise<void>,
) {
  describe(`[HIST2] a restore brings a claim's summaries back: ${label}`, () => {
    let server: TestServer;
    const clients: Client[] = [];
    const open = async (user: { sub: string }, name: string) => {
      const client = connect(server.syncUrl, name, await server.token(user));
      clients.push(client);
      expect(await client.ready).toBe(true);
      return client;
    };
    const synced = (...all: Client[]) =>
      vi.waitFor(() => expect(all.map((c) => c.provider.unsyncedChanges)).toEqual(all.map(() => 0)));
    const restore = async (body: Record<string, unknown>) => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/orgs/demo/document-history/restore`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await server.token(admin)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    /** The summary the claim document now implies, read by a fresh client. */
    const expectedSummary = async () => {
      const reader = await open(agent, CLAIM);
      const json = documentJson(reader.doc);
      reader.destroy();
      return claimSummaryOf(json.claim as ClaimRecord, json.checklist as Record<string, ChecklistItem>);
    };
    /** A fresh agent client's summary of `key` in `name`. */
    const freshSummary = async (name: string, key = "cl-1") => {
      const reader = await open(agent, name);
      const summary = summaryIn(reader, key);
      reader.destroy();
      return summary;
    };

    let beforeClaim = 0;
    let beforeDelete = 0;
    let writer: Client;
    let org: Client;
    let customerDoc: Client;

    beforeAll(async () => {
      server = await startTestServer({}, { compactAfterMs: 50, storage: await storage() });
      customerDoc = await open(agent, CUSTOMER);
      writeProfile(customerDoc.doc, sampleProfile("c-demo"));
      writeRecord(customerDoc.doc, "entities", "e-1", sampleEntity("e-1"));
      writeRecord(customerDoc.doc, "policies", "p-1", samplePolicy("p-1", "e-1"));
      writeRecord(
        customerDoc.doc,
        "coverages",
        "cv-1",
        sampleLrpCoverage("cv-1", "p-1", { status: "ended" }),
      );
      org = await open(agent, ORG);
      // A summary of a claim that has no document: a restore of the `claims` drops it. One of a claim
      // written before claims had a version (legacy): nothing derives it, it is kept as it is.
      const stray = { ...claimSummaryOf(claim, checklist), id: "cl-9" };
      const legacy = { ...claimSummaryOf(claim, checklist), id: "cl-old", status: "paid" };
      const old = await open(agent, "org/demo/claim/cl-old");
      old.doc.transact(() => {
        old.doc.getMap("claim").set("customerId", "c-demo");
        old.doc.getMap("claim").set("status", "paid by check");
      });
      for (const doc of [org.doc, customerDoc.doc]) {
        doc.getMap("claims").set("cl-9", stray);
        doc.getMap("claims").set("cl-old", legacy);
      }
      await synced(customerDoc, org, old);
      old.destroy();
      await pause(20);
      beforeClaim = Date.now();
      await pause(20);

      // The agent opens the claim, and its app writes the two summaries (one JSON value each).
      writer = await open(agent, CLAIM);
      writer.doc.transact(() => {
        for (const [k, v] of Object.entries(claim)) writer.doc.getMap("claim").set(k, v);
        for (const [k, v] of Object.entries(checklist)) writer.doc.getMap("checklist").set(k, v);
      });
      const summary = claimSummaryOf(claim, checklist);
      org.doc.getMap("claims").set("cl-1", summary);
      customerDoc.doc.getMap("claims").set("cl-1", summary);
      await synced(writer, org, customerDoc);
      await vi.waitFor(async () =>
        expect(await server.storage.claims.getClaimCustomer("demo", "cl-1")).toBe("c-demo"),
      );
      // Compacted, so the claim is in the archive (not only in the log).
      await vi.waitFor(async () => expect((await server.storage.readArchive(CLAIM)).base).not.toBeNull(), {
        timeout: 10_000,
      });
      await pause(20);
      beforeDelete = Date.now();
      await pause(20);

      // The agent deletes the claim's record and its checklist, and the summaries go with it.
      writer.doc.transact(() => {
        for (const section of ["claim", "checklist"]) {
          const map = writer.doc.getMap(section);
          for (const key of [...map.keys()]) map.delete(key);
        }
      });
      org.doc.getMap("claims").delete("cl-1");
      customerDoc.doc.getMap("claims").delete("cl-1");
      await synced(writer, org, customerDoc);
      const fresh = await open(agent, CLAIM);
      expect(Object.keys(documentJson(fresh.doc))).toEqual(["meta"]);
      fresh.destroy();
      expect(await freshSummary(ORG)).toBeUndefined();
      // The claim names no customer now: its customer no longer reads it (ACL7).
      await vi.waitFor(async () =>
        expect(await server.storage.claims.getClaimCustomer("demo", "cl-1")).toBeNull(),
      );
    }, 60_000);

    afterAll(async () => {
      for (const client of clients) client.destroy();
      await server?.stop();
      await cleanup();
    });

    it("restoring the claim document writes its summary into the organisation and customer documents", async () => {
      const response = await restore({ document: CLAIM, at: new Date(beforeDelete).toISOString() });
      expect(response.status).toBe(200);
      expect(response.body.changed).toBe(true);
      expect(response.body.claimSummaries).toEqual({ written: 2, removed: 0, refused: [] });
      const expected = claimSummaryOf(claim, checklist);
      expect(await expectedSummary()).toEqual(expected);
      expect(expected.needed).toEqual(["Proof of ownership"]);
      // A fresh client's organisation document (claims list, hub) and customer document (My coverages).
      expect(await freshSummary(ORG)).toEqual(expected);
      expect(await freshSummary(CUSTOMER)).toEqual(expected);
      // The agent's open clients receive it like any change.
      await vi.waitFor(() => expect(summaryIn(org)).toEqual(expected));
      // The claim names its customer again, who reads it.
      expect(await server.storage.claims.getClaimCustomer("demo", "cl-1")).toBe("c-demo");
      const producer = await open(customer, CLAIM);
      expect((producer.doc.getMap("claim").get("indemnity") as string) ?? null).toBe("3660");
      producer.destroy();
      // Restoring the same point again changes nothing, and writes no summary.
      const again = await restore({ document: CLAIM, at: beforeDelete });
      expect(again.body).toMatchObject({ changed: false, claimSummaries: { written: 0, removed: 0 } });
    });

    it("a restore of the claim's record to an earlier status rewrites the summary that differs", async () => {
      await pause(20);
      const beforeSubmit = Date.now();
      await pause(20);
      writer.doc.transact(() => {
        const map = writer.doc.getMap("claim");
        map.set("status", "submitted");
        map.set("submittedAt", "2026-11-21");
        map.set("submittedAmount", "3660");
        map.set("updatedAt", "2026-11-21T10:00:00.000Z");
        writer.doc.getMap("checklist").set("ck-2", { ...checklist["ck-2"], status: "received" });
      });
      await synced(writer);
      const submitted = await expectedSummary();
      expect(submitted).toMatchObject({ status: "submitted", submittedAt: "2026-11-21", needed: [] });
      org.doc.getMap("claims").set("cl-1", submitted);
      await synced(org);

      const response = await restore({ document: CLAIM, at: beforeSubmit, section: "claim" });
      expect(response.status).toBe(200);
      // Both differed: the organisation's said "submitted"; the customer's (not rewritten by the agent
      // here) still listed the proof of ownership as needed, which the checklist has as received.
      expect(response.body.claimSummaries).toEqual({ written: 2, removed: 0, refused: [] });
      const now = await expectedSummary();
      expect(now).toMatchObject({ status: "open", needed: [] });
      expect(now).not.toHaveProperty("submittedAt");
      expect(await freshSummary(ORG)).toEqual(now);
      expect(await freshSummary(CUSTOMER)).toEqual(now);
    });

    it("a restore of the customer document keeps the summaries of its claims and drops a stray one", async () => {
      // Before the claim, the customer document had no summary of it (and the stray and legacy ones).
      const response = await restore({ document: CUSTOMER, at: beforeClaim });
      expect(response.status).toBe(200);
      expect(response.body.claimSummaries).toEqual({ written: 1, removed: 1, refused: [] });
      const reader = await open(agent, CUSTOMER);
      expect([...reader.doc.getMap("claims").keys()].sort()).toEqual(["cl-1", "cl-old"]);
      expect(summaryIn(reader, "cl-old")).toMatchObject({ status: "paid" });
      expect(summaryIn(reader)).toEqual(await expectedSummary());
      reader.destroy();
      // A restore of another section leaves the claim summaries alone (nothing to derive).
      const profile = await restore({ document: CUSTOMER, at: beforeClaim, section: "profile" });
      expect(profile.body).not.toHaveProperty("claimSummaries");
    });

    it("a restore of the organisation's claims keeps the summaries of the claims that exist", async () => {
      const response = await restore({ document: ORG, at: beforeClaim, section: "claims" });
      expect(response.status).toBe(200);
      expect(response.body.claimSummaries).toEqual({ written: 1, removed: 1, refused: [] });
      const reader = await open(agent, ORG);
      expect([...reader.doc.getMap("claims").keys()].sort()).toEqual(["cl-1", "cl-old"]);
      expect(summaryIn(reader)).toEqual(await expectedSummary());
      reader.destroy();
    });

    it("restoring the claim document to before the claim removes its summaries", async () => {
      // The claim's history holds every change (nothing is older than the retention): it starts empty.
      const response = await restore({ document: CLAIM, at: beforeClaim });
      expect(response.status).toBe(200);
      expect(response.body.claimSummaries).toEqual({ written: 0, removed: 2, refused: [] });
      expect(await freshSummary(ORG)).toBeUndefined();
      expect(await freshSummary(CUSTOMER)).toBeUndefined();
      expect(await server.storage.claims.getClaimCustomer("demo", "cl-1")).toBeNull();
    });
  });
}

restoreClaimSuite(
  "SQLite",
  async () => undefined,
  async () => {},
);

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("restore_claim");
  restoreClaimSuite(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
