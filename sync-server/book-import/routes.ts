import type { Hocuspocus } from "@hocuspocus/server";
import type { Hono } from "hono";
import { now } from "../clock";
import type { Config } from "../config";
import type { orgDocumentBudget } from "../protection/org-documents";
import { callerOf, idSchema, invalid, parse } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { type WorkPool, WorkPoolBusy } from "../work/pool";
import { runImport } from "./run";
import { type ImportSlots, LocalImportSlots, RedisImportSlots } from "./running";

// The book import on the server (docs/book-import.md), for the command line and any
// agency tool. Agents of the organisation:
//   POST /api/orgs/{orgId}/book-imports {fileName, sheets, mapping, dryRun, confirmedLines?, importId?}
//     200 {report, dryRun, written}: the dry run's report (dryRun: nothing written) or the import done;
//     400 invalid-input naming the bad part of the body; 409 invalid-document when a write would make a
//     document fail its schema (nothing written); 409 import-running while another import of the
//     organisation runs (IMPORT1); 409 import-id-taken for an id the organisation used before (IMPORT2);
//     429 too-many-documents when its new documents exceed the organisation's hourly budget, before
//     anything is written (IMPORT3); 503 server-busy when too many large requests wait for a work thread;
//     413 over IMPORT_BODY_BYTES.
// The report is the screen's: counts, every refused row with line, column and sentence; no tax id.

const count = (n: number) => n.toLocaleString("en-US");

/**
 * A JSON answer whose `report` is the work thread's bytes as they are (IMPORT1: never parsed or
 * stringified here); one copy of them into the answer (a Blob of the parts cost the loop 0.5 s a
 * 100,000-row report, bench:import-loop).
 */
function withReport(head: Record<string, unknown>, report: Uint8Array, status: 200 | 409): Response {
  const body = Buffer.concat([
    Buffer.from(`${JSON.stringify(head).slice(0, -1)},"report":`),
    report,
    Buffer.from("}"),
  ]);
  return new Response(body, { status, headers: { "content-type": "application/json" } });
}

export function mountBookImport(
  app: Hono,
  options: {
    storage: Storage;
    verify: VerifyToken;
    hocuspocus: Hocuspocus;
    work: WorkPool;
    orgDocuments: ReturnType<typeof orgDocumentBudget>;
    config: Pick<Config, "REDIS_URL">;
    /** Redis key prefix, shared by instances that share documents. */
    redisPrefix: string;
    log: (message: string) => void;
  },
): { close(): Promise<void> } {
  // IMPORT1: one running import per organisation, across every instance with REDIS_URL.
  const running: ImportSlots = options.config.REDIS_URL
    ? new RedisImportSlots(options.config.REDIS_URL, options.redisPrefix, options.log)
    : new LocalImportSlots();
  app.post("/api/orgs/:orgId/book-imports", async (c) => {
    const org = parse(c, idSchema, c.req.param("orgId"), "organisation id");
    if ("response" in org) return org.response;
    const who = await callerOf(c, options, {
      org: org.data,
      roles: ["agent"],
      forbidden: `Only agents of ${org.data} may import into its book.`,
    });
    if ("response" in who) return who.response;
    // IMPORT1: one running import per organisation; the next is answered at once, before its body is read.
    const slot = await running.begin(org.data, now());
    if ("startedAt" in slot) {
      const message = `An import is already running for this agency; it started at ${slot.startedAt.toISOString()}. Try again when it has finished.`;
      return c.json({ error: "import-running", message, startedAt: slot.startedAt.toISOString() }, 409);
    }
    try {
      const body = await c.req.arrayBuffer();
      const run = await runImport({
        hocuspocus: options.hocuspocus,
        storage: options.storage,
        work: options.work,
        spendDocuments: options.orgDocuments,
        orgId: org.data,
        userId: who.identity.sub,
        body,
      });
      switch (run.kind) {
        case "done":
          return withReport({ dryRun: run.dryRun, written: run.written }, run.report, 200);
        case "invalid":
          return invalid(c, "request body", run.issues);
        case "id-taken": {
          const { entry } = run;
          const message = `The import id ${entry.id} was already used by the import of ${entry.fileName} at ${entry.at}; an id names one import of the agency, so nothing was imported. Send a new id (or none).`;
          return c.json({ error: "import-id-taken", message }, 409);
        }
        case "over-budget": {
          const when = Number.isFinite(run.retryAfterMs)
            ? `try again in ${Math.ceil(run.retryAfterMs / 60_000)} min`
            : "import the file in parts";
          const message = `This import would create ${count(run.newDocuments)} new documents, more than the ${count(run.limit)} an hour this agency may create; nothing was imported: ${when}, or ask an administrator to raise the agency's budget of new documents.`;
          if (Number.isFinite(run.retryAfterMs))
            c.header("Retry-After", String(Math.max(1, Math.ceil(run.retryAfterMs / 1000))));
          return c.json(
            { error: "too-many-documents", message, newDocuments: run.newDocuments, limit: run.limit },
            429,
          );
        }
        case "refused": {
          const issues = run.refusal.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
          const message = `Importing would make ${run.refusal.document} invalid, so nothing was written: ${issues}`;
          return withReport({ error: "invalid-document", message }, run.report, 409);
        }
      }
    } catch (error) {
      if (!(error instanceof WorkPoolBusy)) throw error;
      c.header("Retry-After", "60");
      return c.json({ error: "server-busy", message: `The import was not started: ${error.message}.` }, 503);
    } finally {
      await slot.release();
    }
  });
  return running;
}
