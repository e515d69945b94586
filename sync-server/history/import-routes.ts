import type { Hocuspocus } from "@hocuspocus/server";
import type { Hono } from "hono";
import { z } from "zod";
import { callerOf, idSchema, parse, parseBody } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { undoImport } from "./import-undo";

// The undo of a book import (import-undo.ts; docs/book-import.md "Undo"). Agents of the organisation:
//   POST /api/orgs/{orgId}/book-imports/{importId}/undo {dryRun?}   200 {report}; 404 unknown-import;
//        409 already-undone or invalid-document (nothing written); 503 while the sync service starts.
// With dryRun the answer says what the undo would remove and give back, and writes nothing.

const undoBody = z.strictObject({ dryRun: z.boolean().optional() });

export function mountImportUndo(
  app: Hono,
  options: {
    storage: Storage;
    verify: VerifyToken;
    hocuspocus: () => Hocuspocus | undefined;
  },
): void {
  app.post("/api/orgs/:orgId/book-imports/:importId/undo", async (c) => {
    const org = parse(c, idSchema, c.req.param("orgId"), "organisation id");
    if ("response" in org) return org.response;
    const importId = parse(c, idSchema, c.req.param("importId"), "import id");
    if ("response" in importId) return importId.response;
    const who = await callerOf(c, options, {
      org: org.data,
      roles: ["agent"],
      forbidden: `Only agents of ${org.data} may undo its imports.`,
    });
    if ("response" in who) return who.response;
    const body = await parseBody(c, undoBody);
    if ("response" in body) return body.response;
    const hocuspocus = options.hocuspocus();
    if (!hocuspocus) return c.json({ error: "unavailable", message: "The sync service is starting." }, 503);
    const result = await undoImport({
      hocuspocus,
      storage: options.storage,
      orgId: org.data,
      importId: importId.data,
      userId: who.identity.sub,
      dryRun: body.data.dryRun ?? false,
    });
    if (result.ok) return c.json({ report: result.report, dryRun: body.data.dryRun ?? false });
    if (result.error === "unknown-import")
      return c.json({ error: result.error, message: result.message }, 404);
    if (result.error === "already-undone")
      return c.json({ error: result.error, message: result.message }, 409);
    return c.json(
      {
        error: "invalid-document",
        message: `Undoing would make ${result.document} invalid, so nothing was undone: ${result.issues
          .map((i) => `${i.path.join(".")}: ${i.message}`)
          .join("; ")}`,
      },
      409,
    );
  });
}
