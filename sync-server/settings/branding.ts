import type { Hono } from "hono";
import * as Y from "yjs";
import { documentName } from "../../shared/documents/names";
import { colorSchemeSchema } from "../../shared/schemas/organisation";
import { nowMs } from "../clock";
import { callerOf, idSchema, invalid, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// GET /api/orgs/{o}/branding (docs/administration.md): the organisation's name, colours and logo addresses for
// members who may not read the organisation document (customers, ACL3), so their app wears the
// agency's colours too. Read from the stored document (every accepted update is stored before it is
// acknowledged), cached for 5 s per organisation.

const TTL_MS = 5_000;
const LOGO = /^\/api\/orgs\/[A-Za-z0-9_.|-]+\/assets\/[A-Za-z]+\/[0-9a-f]{16}$/;

export function mountBrandingApi(
  app: Hono,
  options: { storage: Storage; verify: VerifyToken; now?: () => number },
) {
  const now = options.now ?? nowMs;
  const cache = new Map<string, { at: number; value: Record<string, unknown> }>();
  const read = async (orgId: string) => {
    const hit = cache.get(orgId);
    if (hit && now() - hit.at < TTL_MS) return hit.value;
    const stored = await options.storage.loadDocument(documentName.org(orgId));
    const doc = new Y.Doc();
    if (stored.state) Y.applyUpdate(doc, stored.state);
    for (const u of stored.updates) Y.applyUpdate(doc, u.update);
    const settings = doc.getMap("settings").toJSON() as Record<string, unknown>;
    doc.destroy();
    const scheme = colorSchemeSchema.safeParse(settings.colorScheme);
    const logo = (v: unknown) => (typeof v === "string" && LOGO.test(v) ? v : null);
    const value = {
      name: typeof settings.name === "string" ? settings.name : null,
      colorScheme: scheme.success ? scheme.data : null,
      compactLogo: logo(settings.compactLogo),
      fullLogo: logo(settings.fullLogo),
      favicon: logo(settings.favicon),
    };
    if (cache.size > 1000) cache.clear();
    cache.set(orgId, { at: now(), value });
    return value;
  };
  app.get("/api/orgs/:orgId/branding", async (c) => {
    const org = idSchema.safeParse(c.req.param("orgId"));
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const who = await callerOf(c, options, {
      org: org.data,
      roles: ["admin", "agent", "customer", "partner", "superAdmin"],
    });
    if ("response" in who) return who.response;
    c.header("Cache-Control", "private, max-age=30");
    return c.json(await read(org.data));
  });
}
