import type { Hono } from "hono";
import { z } from "zod";
import { documentName } from "../../shared/documents/names";
import { callerOf, idSchema, parse } from "../routes/route";
import type { HistoryRecord, Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// Record history (rule AUDIT1) as the server recorded it: who changed which fields of a customer's
// records, and when. The claim's history is the claims routes' (claims/routes.ts), in the same shape.

export const recordHistoryQuerySchema = z.strictObject({
  /** One record's key (an entity's also brings its tax ids' rows); absent: the whole customer. */
  record: z.string().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** One history row as the API answers it; `document` says which of the record's documents. */
export const historyEntryJson = (row: HistoryRecord, document: string) => ({
  id: row.id,
  document,
  section: row.section,
  record: row.recordKey,
  action: row.action,
  fields: row.fields,
  at: new Date(row.at).toISOString(),
  user: { id: row.userId, email: row.userEmail, name: row.userName },
});

export function mountRecordHistory(app: Hono, options: { storage: Storage; verify: VerifyToken }): void {
  const { storage } = options;

  // Record history (rule AUDIT1): who changed which fields of a customer's records, and when, as the
  // server recorded it. Agents of the organisation only; newest first.
  app.get("/api/orgs/:orgId/customers/:customerId/history", async (c) => {
    const org = parse(c, idSchema, c.req.param("orgId"), "organisation id");
    if ("response" in org) return org.response;
    const customer = parse(c, idSchema, c.req.param("customerId"), "customer id");
    if ("response" in customer) return customer.response;
    const query = parse(c, recordHistoryQuerySchema, c.req.query(), "query");
    if ("response" in query) return query.response;
    const who = await callerOf(c, options, { org: org.data, roles: ["agent"] });
    if ("response" in who) return who.response;
    const names = {
      customer: documentName.customer(org.data, customer.data),
      internal: documentName.customerInternal(org.data, customer.data),
    };
    const rows = await storage.history.listHistory({
      documentNames: [names.customer, names.internal],
      recordKey: query.data.record,
      limit: query.data.limit,
    });
    return c.json({
      history: rows.map((row) =>
        historyEntryJson(row, row.documentName === names.internal ? "internal" : "customer"),
      ),
    });
  });
}
