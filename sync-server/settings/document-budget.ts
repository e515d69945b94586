import type { Context, Hono } from "hono";
import { documentBudgetSchema } from "../../shared/admin/document-budget";
import { nowMs } from "../clock";
import { callerOf, idSchema, invalid, parseBody, toIssues } from "../routes/route";
import type { Db, SqlTypes } from "../storage/sql";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// An organisation's own budget of new documents an hour (IMPORT3; docs/administration.md), set by its
// admins and kept on the server (never in a synced document: a device does not choose its own quota).
//   GET /api/orgs/{o}/document-budget  {newDocumentsPerHour, default, set}
//   PUT /api/orgs/{o}/document-budget  {newDocumentsPerHour} (1 … NEW_DOCUMENTS_PER_HOUR_MAX), audited
// orgDocumentBudget (protection/org-documents.ts) reads it through budgetOf, cached BUDGET_CACHE_MS per
// organisation on each instance (another instance sees a change within that time; this one at once).

export interface DocumentBudgetTables {
  /** The organisation's own budget, or null when it has none (the server's default applies). */
  getDocumentBudget(orgId: string): Promise<number | null>;
  putDocumentBudget(orgId: string, perHour: number, at: number, by: string): Promise<void>;
}

export const documentBudgetSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS org_document_budgets (
  org_id TEXT PRIMARY KEY,
  new_documents_per_hour ${t.integer} NOT NULL,
  updated_at ${t.integer} NOT NULL,
  updated_by TEXT NOT NULL
);`;

export const documentBudgetTables = (db: Db): DocumentBudgetTables => ({
  async getDocumentBudget(orgId) {
    const [row] = await db.all<{ n: number | string }>(
      "SELECT new_documents_per_hour AS n FROM org_document_budgets WHERE org_id = ?",
      [orgId],
    );
    return row ? Number(row.n) : null;
  },
  async putDocumentBudget(orgId, perHour, at, by) {
    await db.run(
      "INSERT INTO org_document_budgets (org_id, new_documents_per_hour, updated_at, updated_by) VALUES (?, ?, ?, ?) ON CONFLICT (org_id) DO UPDATE SET new_documents_per_hour = excluded.new_documents_per_hour, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
      [orgId, perHour, at, by],
    );
  },
});

const BUDGET_CACHE_MS = 2_000;

/** An organisation's own budget as orgDocumentBudget reads it: cached briefly, forgotten when set here. */
export function budgetOf(storage: Pick<Storage, "settings">, now: () => number = nowMs) {
  const cache = new Map<string, { value: number | null; at: number }>();
  const read = async (orgId: string): Promise<number | undefined> => {
    const hit = cache.get(orgId);
    if (hit && now() - hit.at < BUDGET_CACHE_MS) return hit.value ?? undefined;
    const value = await storage.settings.getDocumentBudget(orgId);
    cache.set(orgId, { value, at: now() });
    return value ?? undefined;
  };
  return Object.assign(read, { forget: (orgId: string) => void cache.delete(orgId) });
}

export function mountDocumentBudgetApi(
  app: Hono,
  options: {
    storage: Storage;
    verify: VerifyToken;
    /** The server's default (ORG_DOCUMENTS_CREATED_PER_HOUR). */
    defaultPerHour: number;
    /** Tells this instance's budget reader that an organisation's budget changed. */
    changed: (orgId: string) => void;
  },
): void {
  const { storage } = options;
  const orgOf = async (c: Context) => {
    const org = idSchema.safeParse(c.req.param("orgId"));
    if (!org.success) return { response: invalid(c, "organisation id", toIssues(org.error)) };
    const who = await callerOf(c, options, {
      org: org.data,
      roles: ["admin"],
      forbidden: `Only admins of ${org.data} may see or change its budget of new documents.`,
    });
    return "response" in who ? who : { orgId: org.data, userId: who.identity.sub };
  };
  const answer = async (c: Context, orgId: string) => {
    const own = await storage.settings.getDocumentBudget(orgId);
    c.header("Cache-Control", "no-store");
    return c.json({
      newDocumentsPerHour: own ?? options.defaultPerHour,
      default: options.defaultPerHour,
      set: own !== null,
    });
  };

  app.get("/api/orgs/:orgId/document-budget", async (c) => {
    const who = await orgOf(c);
    return "response" in who ? who.response : answer(c, who.orgId);
  });

  app.put("/api/orgs/:orgId/document-budget", async (c) => {
    const who = await orgOf(c);
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, documentBudgetSchema);
    if ("response" in parsed) return parsed.response;
    const at = nowMs();
    const perHour = parsed.data.newDocumentsPerHour;
    await storage.settings.putDocumentBudget(who.orgId, perHour, at, who.userId);
    await storage.settings.appendAdminAudit({
      orgId: who.orgId,
      actorId: who.userId,
      action: "document-budget.set",
      target: who.orgId,
      detail: `${perHour} new documents an hour`,
      at,
    });
    options.changed(who.orgId);
    return answer(c, who.orgId);
  });
}
