import type { Hono } from "hono";
import { z } from "zod";
import { callerOf, idSchema, parse } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// The refused writes the sync server recorded for an organisation's documents (rule VIOL1), for its
// admins and agents; the platform's view of all of them is the platform routes'.

export const violationsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export function mountViolations(app: Hono, options: { storage: Storage; verify: VerifyToken }): void {
  const { storage } = options;

  app.get("/api/orgs/:orgId/sync-violations", async (c) => {
    const org = parse(c, idSchema, c.req.param("orgId"), "organisation id");
    if ("response" in org) return org.response;
    const query = parse(c, violationsQuerySchema, c.req.query(), "query");
    if ("response" in query) return query.response;
    const who = await callerOf(c, options, { org: org.data, roles: ["admin", "agent"] });
    if ("response" in who) return who.response;
    const violations = await storage.violations.listViolations({
      documentPrefix: `org/${org.data}`,
      limit: query.data.limit,
    });
    // `org/demo` must not match `org/demo2`: keep the org document and its sub-documents only.
    return c.json({
      violations: violations.filter(
        (v) => v.documentName === `org/${org.data}` || v.documentName.startsWith(`org/${org.data}/`),
      ),
    });
  });
}
