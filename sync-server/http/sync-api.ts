import type { Context, Hono } from "hono";
import { z } from "zod";
import { ROLES, type Role } from "../../shared/access/roles";
import { grantProblem, lastAdminProblem } from "../../shared/admin/members";
import { documentName } from "../../shared/documents/names";
import { memberRecordFor } from "../admin/member-records";
import { callerOf, idSchema, invalid, parseBody, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// The sync server's HTTP API: organisation membership (the server's tables, never a document), the
// recorded document violations and the record history. JSON in and out; every body and query is
// parsed with a zod schema and a failure answers 400 with the reason code `invalid-input` and where the
// problem is (rule INPUT4).

export const addMemberSchema = z.strictObject({
  userId: idSchema,
  email: z.email().nullable().optional(),
  name: z.string().trim().min(1).max(200).nullable().optional(),
  role: z.enum(ROLES),
});

export const violationsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const historyQuerySchema = z.strictObject({
  /** One record's key (an entity's also brings its tax ids' rows); absent: the whole customer. */
  record: z.string().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export interface SyncApiOptions {
  storage: Storage;
  verify: VerifyToken;
  /** Called after a membership change, so live connections and the org document follow it. */
  onMembershipChanged?: (orgId: string, userId: string) => Promise<void>;
}

export function mountSyncApi(app: Hono, options: SyncApiOptions): void {
  const { storage } = options;

  /** The caller's identity and roles in `orgId`, or an error response. */
  const caller = (c: Context, orgId: string, allowed: readonly Role[]) =>
    callerOf(c, options, { org: orgId, roles: allowed });

  const orgParam = (c: Context) => idSchema.safeParse(c.req.param("orgId"));

  app.get("/api/orgs/:orgId/members", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const who = await caller(c, org.data, ["admin", "agent"]);
    if ("response" in who) return who.response;
    return c.json({ members: await storage.listMembers(org.data) });
  });

  app.post("/api/orgs/:orgId/members", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const who = await caller(c, org.data, ["admin"]);
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, addMemberSchema);
    if ("response" in parsed) return parsed.response;
    const member = parsed.data;
    // Issue 24 §2 (ADMIN1): the platform's role is not an organisation's to grant; another
    // organisation's user is invited, never edited; a field left out keeps the stored one.
    const refused = grantProblem(who.roles, [member.role]);
    if (refused) return c.json({ error: "forbidden", message: refused }, 403);
    const decided = memberRecordFor(
      org.data,
      member.userId,
      await storage.admin.getUser(member.userId),
      member,
    );
    if ("refused" in decided) return c.json(decided.refused, 409);
    if (decided.record) await storage.upsertUser(decided.record);
    await storage.addMembership(member.userId, org.data, member.role);
    await options.onMembershipChanged?.(org.data, member.userId);
    return c.json({ members: await storage.listMembers(org.data) }, 201);
  });

  app.delete("/api/orgs/:orgId/members/:userId/roles/:role", async (c) => {
    const org = orgParam(c);
    const params = z
      .strictObject({ userId: idSchema, role: z.enum(ROLES) })
      .safeParse({ userId: c.req.param("userId"), role: c.req.param("role") });
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    if (!params.success) return invalid(c, "address", toIssues(params.error));
    const who = await caller(c, org.data, ["admin"]);
    if ("response" in who) return who.response;
    // The platform's role is not an organisation's to take away either (ADMIN1).
    const refused = grantProblem(who.roles, [params.data.role]);
    if (refused) return c.json({ error: "forbidden", message: refused }, 403);
    // The last admin keeps the role (issue 13 §3, shared/admin/members.ts).
    if (params.data.role === "admin") {
      const admins = (await storage.listMembers(org.data))
        .filter((m) => m.roles.includes("admin"))
        .map((m) => m.id);
      const problem = lastAdminProblem(admins, params.data.userId, []);
      if (problem) return c.json({ error: "last-admin", message: problem }, 409);
    }
    await storage.removeMembership(params.data.userId, org.data, params.data.role);
    await options.onMembershipChanged?.(org.data, params.data.userId);
    return c.json({ members: await storage.listMembers(org.data) });
  });

  // Record history (rule AUDIT1): who changed which fields of a customer's records, and when, as the
  // server recorded it. Agents of the organisation only; newest first.
  app.get("/api/orgs/:orgId/customers/:customerId/history", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const customer = idSchema.safeParse(c.req.param("customerId"));
    if (!customer.success) return invalid(c, "customer id", toIssues(customer.error));
    const query = historyQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const who = await caller(c, org.data, ["agent"]);
    if ("response" in who) return who.response;
    const names = {
      customer: documentName.customer(org.data, customer.data),
      internal: documentName.customerInternal(org.data, customer.data),
    };
    const rows = await storage.listHistory({
      documentNames: [names.customer, names.internal],
      recordKey: query.data.record,
      limit: query.data.limit,
    });
    return c.json({
      history: rows.map((row) => ({
        id: row.id,
        document: row.documentName === names.internal ? "internal" : "customer",
        section: row.section,
        record: row.recordKey,
        action: row.action,
        fields: row.fields,
        at: new Date(row.at).toISOString(),
        user: { id: row.userId, email: row.userEmail, name: row.userName },
      })),
    });
  });

  app.get("/api/orgs/:orgId/sync-violations", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const query = violationsQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const who = await caller(c, org.data, ["admin", "agent"]);
    if ("response" in who) return who.response;
    const violations = await storage.listViolations({
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
