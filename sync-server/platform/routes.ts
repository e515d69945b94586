import type { Context, Hono } from "hono";
import { z } from "zod";
import type { DisabledOrgs } from "../admin/disabled-orgs";
import { nowMs } from "../clock";
import { callerOf, idSchema, invalid, parseBody, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import type { OrganisationRecord } from "./tables";

// The platform (docs/administration.md; superAdmin only — a superAdmin membership in any organisation):
//   GET   /api/platform/orgs                 every organisation the server knows (the table's, and those
//                                            known only through memberships), with its member count
//   POST  /api/platform/orgs                 {id, name, organizationType, parentOrgId?}
//   PATCH /api/platform/orgs/{id}            {name?, organizationType?, parentOrgId?, disabled?}
//   GET   /api/platform/status               server version, storage kind, counts
//   GET   /api/platform/sync-violations      refused document writes across organisations
//   GET   /api/platform/outbox               the local e-mail outbox, newest first
// Disabling an organisation signs its members out of its documents at once (membershipChanged for
// each member, through the disabled-organisation filter of the subject).

export interface PlatformApiOptions {
  storage: Storage;
  verify: VerifyToken;
  disabled: DisabledOrgs;
  onMembershipChanged?: (orgId: string, userId: string) => Promise<void>;
  now?: () => number;
}

const name = z.string().trim().min(1, "name is required").max(200, "name has at most 200 characters");
const type = z.string().trim().min(1, "organizationType is required").max(60);
const createSchema = z.strictObject({
  id: idSchema,
  name,
  organizationType: type,
  parentOrgId: idSchema.nullable().optional(),
});
const patchSchema = z.strictObject({
  name: name.optional(),
  organizationType: type.optional(),
  parentOrgId: idSchema.nullable().optional(),
  disabled: z.boolean().optional(),
});
const limitSchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(100) });

export function mountPlatformApi(app: Hono, options: PlatformApiOptions): void {
  const { storage } = options;
  const now = options.now ?? nowMs;
  const superAdmin = (c: Context) => callerOf(c, options, { org: null, roles: ["superAdmin"] });

  /**
   * An organisation the server knows only through memberships or customer links (seeded, or
   * bootstrapped by the CLI): a record made from its id, stored (registered) by its first change.
   */
  const unregistered = (id: string): OrganisationRecord => ({
    id,
    name: id,
    organizationType: "agency",
    parentOrgId: null,
    createdAt: 0,
    updatedAt: 0,
    disabledAt: null,
  });
  /** The record of `id` and whether it is stored; null when the server knows no such organisation. */
  const recordOf = async (id: string) => {
    const stored = await storage.platform.getOrganisation(id);
    if (stored) return { record: stored, registered: true };
    return (await storage.platform.listKnownOrgIds()).includes(id)
      ? { record: unregistered(id), registered: false }
      : null;
  };
  const orgView = async () => {
    const stored = new Map((await storage.platform.listOrganisations()).map((o) => [o.id, o]));
    return Promise.all(
      (await storage.platform.listKnownOrgIds()).map(async (id) => {
        const o = stored.get(id) ?? unregistered(id);
        return {
          id: o.id,
          name: o.name,
          organizationType: o.organizationType,
          parentOrgId: o.parentOrgId,
          registered: stored.has(id),
          createdAt: stored.has(id) ? new Date(o.createdAt).toISOString() : null,
          disabledAt: o.disabledAt === null ? null : new Date(o.disabledAt).toISOString(),
          members: (await storage.members.listMembers(o.id)).length,
        };
      }),
    );
  };
  /** Why `parentOrgId` cannot be the parent of `id` (unknown, itself, or a cycle); null when it can. */
  const parentProblem = async (id: string, parentOrgId: string | null | undefined) => {
    if (!parentOrgId) return null;
    if (parentOrgId === id) return "an organisation cannot be its own parent";
    if (!(await storage.platform.listKnownOrgIds()).includes(parentOrgId))
      return `there is no organisation ${parentOrgId}`;
    const all = new Map((await storage.platform.listOrganisations()).map((o) => [o.id, o]));
    for (let at: string | null | undefined = parentOrgId; at; at = all.get(at)?.parentOrgId) {
      if (at === id) return `${parentOrgId} is a sub-agency of ${id}: that would be a cycle`;
    }
    return null;
  };

  app.get("/api/platform/orgs", async (c) => {
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    return c.json({ organisations: await orgView() });
  });

  app.post("/api/platform/orgs", async (c) => {
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, createSchema);
    if ("response" in parsed) return parsed.response;
    if ((await storage.platform.listKnownOrgIds()).includes(parsed.data.id))
      return invalid(c, "request body", [{ path: ["id"], message: `${parsed.data.id} exists already` }]);
    const parent = await parentProblem(parsed.data.id, parsed.data.parentOrgId);
    if (parent) return invalid(c, "request body", [{ path: ["parentOrgId"], message: parent }]);
    const at = now();
    await storage.platform.putOrganisation({
      id: parsed.data.id,
      name: parsed.data.name,
      organizationType: parsed.data.organizationType,
      parentOrgId: parsed.data.parentOrgId ?? null,
      createdAt: at,
      updatedAt: at,
      disabledAt: null,
    });
    await storage.settings.appendAdminAudit({
      orgId: parsed.data.id,
      actorId: who.identity.sub,
      action: "org.created",
      target: parsed.data.id,
      at,
    });
    return c.json({ organisations: await orgView() }, 201);
  });

  app.patch("/api/platform/orgs/:id", async (c) => {
    const id = idSchema.safeParse(c.req.param("id"));
    if (!id.success) return invalid(c, "organisation id", toIssues(id.error));
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, patchSchema);
    if ("response" in parsed) return parsed.response;
    const found = await recordOf(id.data);
    if (!found) return c.json({ error: "not-found", message: `There is no organisation ${id.data}.` }, 404);
    // An organisation known only through its members is stored (registered) by its first change.
    const existing = found.registered ? found.record : { ...found.record, createdAt: now() };
    const parent = await parentProblem(id.data, parsed.data.parentOrgId);
    if (parent) return invalid(c, "request body", [{ path: ["parentOrgId"], message: parent }]);
    const at = now();
    const disabledAt =
      parsed.data.disabled === undefined
        ? existing.disabledAt
        : parsed.data.disabled
          ? (existing.disabledAt ?? at)
          : null;
    await storage.platform.putOrganisation({
      ...existing,
      name: parsed.data.name ?? existing.name,
      organizationType: parsed.data.organizationType ?? existing.organizationType,
      parentOrgId: parsed.data.parentOrgId === undefined ? existing.parentOrgId : parsed.data.parentOrgId,
      updatedAt: at,
      disabledAt,
    });
    const action =
      disabledAt !== existing.disabledAt ? (disabledAt ? "org.disabled" : "org.enabled") : "org.changed";
    await storage.settings.appendAdminAudit({
      orgId: id.data,
      actorId: who.identity.sub,
      action,
      target: id.data,
      at,
    });
    if (disabledAt !== existing.disabledAt) {
      await options.disabled.refresh();
      for (const member of await storage.members.listMembers(id.data))
        await options.onMembershipChanged?.(id.data, member.id);
    }
    return c.json({ organisations: await orgView() });
  });

  app.get("/api/platform/status", async (c) => {
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    const documents = await storage.listDocuments("");
    return c.json({
      version: process.env.npm_package_version ?? "0.0.1",
      node: process.version,
      storage: storage.kind,
      documents: documents.length,
      organisations: (await storage.platform.listKnownOrgIds()).length,
      uptimeSeconds: Math.round(process.uptime()),
      memoryMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    });
  });

  app.get("/api/platform/sync-violations", async (c) => {
    const query = limitSchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    const rows = await storage.violations.listViolations({ limit: query.data.limit });
    // One row per kind, document, user and minute with its count and first/last time (rule VIOL1).
    const iso = (at: number) => new Date(at).toISOString();
    return c.json({ violations: rows.map((v) => ({ ...v, at: iso(v.at), lastAt: iso(v.lastAt) })) });
  });

  app.get("/api/platform/outbox", async (c) => {
    const query = limitSchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    const rows = await storage.platform.listOutbox(query.data.limit);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) });
  });
}
