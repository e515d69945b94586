import type { Context, Hono } from "hono";
import { z } from "zod";
import { ROLES, type Role } from "../../shared/access/roles";
import { grantProblem, lastAdminProblem } from "../../shared/admin/members";
import type { Config } from "../config";
import { countRefusal } from "../routes/limits";
import { callerOf, idSchema, invalid, parseBody, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { memberRecordFor } from "./records";

// An organisation's members as the sync server's tables hold them (never a document): list, add a role,
// take a role away. The people screen's routes (invitations, roles, removal) are in routes.ts.

export const addMemberSchema = z.strictObject({
  userId: idSchema,
  email: z.email().nullable().optional(),
  name: z.string().trim().min(1).max(200).nullable().optional(),
  role: z.enum(ROLES),
});

export interface OrgMembersOptions {
  storage: Storage;
  verify: VerifyToken;
  /** BOUND2: the people an organisation may have. */
  counts: Pick<Config, "MEMBERS_PER_ORG">;
  /** Called after a membership change, so live connections and the org document follow it. */
  onMembershipChanged?: (orgId: string, userId: string) => Promise<void>;
}

export function mountOrgMembers(app: Hono, options: OrgMembersOptions): void {
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
    return c.json({ members: await storage.members.listMembers(org.data) });
  });

  app.post("/api/orgs/:orgId/members", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const who = await caller(c, org.data, ["admin"]);
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, addMemberSchema);
    if ("response" in parsed) return parsed.response;
    const member = parsed.data;
    // ADMIN1 (docs/hardening.md): the platform's role is not an organisation's to grant; another
    // organisation's user is invited, never edited; a field left out keeps the stored one.
    const refused = grantProblem(who.roles, [member.role]);
    if (refused) return c.json({ error: "forbidden", message: refused }, 403);
    const decided = memberRecordFor(
      org.data,
      member.userId,
      await storage.members.getUser(member.userId),
      member,
    );
    if ("refused" in decided) return c.json(decided.refused, 409);
    // BOUND2: a new person only while the organisation has fewer than MEMBERS_PER_ORG.
    const members = await storage.members.listMembers(org.data);
    const full = members.some((m) => m.id === member.userId)
      ? null
      : countRefusal("POST /api/orgs/:orgId/members", members.length, options.counts);
    if (full) return c.json(full, 409);
    if (decided.record) await storage.members.upsertUser(decided.record);
    await storage.members.addMembership(member.userId, org.data, member.role);
    await options.onMembershipChanged?.(org.data, member.userId);
    return c.json({ members: await storage.members.listMembers(org.data) }, 201);
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
    // The last admin keeps the role (docs/administration.md; shared/admin/members.ts).
    if (params.data.role === "admin") {
      const admins = (await storage.members.listMembers(org.data))
        .filter((m) => m.roles.includes("admin"))
        .map((m) => m.id);
      const problem = lastAdminProblem(admins, params.data.userId, []);
      if (problem) return c.json({ error: "last-admin", message: problem }, 409);
    }
    await storage.members.removeMembership(params.data.userId, org.data, params.data.role);
    await options.onMembershipChanged?.(org.data, params.data.userId);
    return c.json({ members: await storage.members.listMembers(org.data) });
  });
}
