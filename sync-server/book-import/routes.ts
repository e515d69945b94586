import type { Hocuspocus } from "@hocuspocus/server";
import type { Hono } from "hono";
import { importRequestSchema } from "../../shared/book/import/request";
import { callerOf, idSchema, parse, parseBody } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { runImport } from "./run";

// The book import on the server (docs/book-import.md), for the command line and any
// agency tool. Agents of the organisation:
//   POST /api/orgs/{orgId}/book-imports {fileName, sheets, mapping, dryRun, confirmedLines?, importId?}
//     200 {report, dryRun, written}: the dry run's report (dryRun: nothing written) or the import done;
//     400 invalid-input naming the bad part of the body; 409 invalid-document when a write would make a
//     document fail its schema (nothing written); 413 over IMPORT_BODY_BYTES.
// The report is the screen's: counts, every refused row with line, column and sentence; no tax id.

export function mountBookImport(
  app: Hono,
  options: { storage: Storage; verify: VerifyToken; hocuspocus: Hocuspocus },
): void {
  app.post("/api/orgs/:orgId/book-imports", async (c) => {
    const org = parse(c, idSchema, c.req.param("orgId"), "organisation id");
    if ("response" in org) return org.response;
    const who = await callerOf(c, options, {
      org: org.data,
      roles: ["agent"],
      forbidden: `Only agents of ${org.data} may import into its book.`,
    });
    if ("response" in who) return who.response;
    const body = await parseBody(c, importRequestSchema);
    if ("response" in body) return body.response;
    const run = await runImport({
      hocuspocus: options.hocuspocus,
      storage: options.storage,
      orgId: org.data,
      userId: who.identity.sub,
      request: body.data,
    });
    if (run.ok) return c.json({ report: run.report, dryRun: run.dryRun, written: run.written });
    const issues = run.refusal.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    return c.json(
      {
        error: "invalid-document",
        message: `Importing would make ${run.refusal.document} invalid, so nothing was written: ${issues}`,
        report: run.report,
      },
      409,
    );
  });
}
