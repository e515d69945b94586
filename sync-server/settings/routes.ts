import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { LOGO_KINDS, logoProblem, sniffLogoType } from "../../shared/admin/logo";
import { ORGANISATION_SECRET_FIELDS, SECRET_NAME_PATTERN } from "../../shared/schemas/organisation";
import { nowMs } from "../clock";
import { callerOf, idSchema, invalid, parseBody, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import type { SecretBox } from "./secret-box";

// Organisation settings on the server (docs/administration.md):
//   GET    /api/orgs/{o}/secrets                 which secrets are set (names, when) — never a value
//   PUT    /api/orgs/{o}/secrets/{name}          {value}: set or replace (sealed at rest)
//   DELETE /api/orgs/{o}/secrets/{name}          clear
//   PUT    /api/orgs/{o}/assets/{kind}           body: the PNG or WebP file (≤ 512 KB) → {url}
//   DELETE /api/orgs/{o}/assets/{kind}
//   GET    /api/orgs/{o}/assets/{kind}/{version} the image, cached for a year (the version is its hash)
//   GET    /api/orgs/{o}/audit                   the administration audit log, newest first
// Admins of the organisation only, except the images: an <img> sends no bearer token, and a logo is
// public by nature (the header of every page shows it), so they are served to anyone who has the link.

export interface SettingsApiOptions {
  storage: Storage;
  verify: VerifyToken;
  secrets: SecretBox;
  now?: () => number;
}

const secretNameSchema = z
  .string()
  .regex(
    SECRET_NAME_PATTERN,
    `must be one of ${ORGANISATION_SECRET_FIELDS.join(", ")} or providerApiKey.{PROVIDER CODE}`,
  );
const secretBodySchema = z.strictObject({
  value: z
    .string()
    .min(1, "give the secret's value (to clear it, use Clear)")
    .max(4096, "a secret has at most 4096 characters")
    .refine((v) => v.trim() === v, "a secret has no spaces at its start or end"),
});
const kindSchema = z.enum(LOGO_KINDS, { error: `must be one of ${LOGO_KINDS.join(", ")}` });
const auditQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const assetUrl = (orgId: string, kind: string, sha256: string) =>
  `/api/orgs/${encodeURIComponent(orgId)}/assets/${kind}/${sha256.slice(0, 16)}`;

export function mountSettingsApi(app: Hono, options: SettingsApiOptions): void {
  const { storage } = options;
  const now = options.now ?? nowMs;
  const orgOf = (c: Context) => idSchema.safeParse(c.req.param("orgId"));

  app.get("/api/orgs/:orgId/secrets", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin"] });
    if ("response" in who) return who.response;
    const rows = await storage.settings.listOrgSecrets(org.data);
    c.header("Cache-Control", "no-store");
    return c.json({
      secrets: rows.map((r) => ({ name: r.name, set: true, updatedAt: new Date(r.updatedAt).toISOString() })),
    });
  });

  app.put("/api/orgs/:orgId/secrets/:name", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const name = secretNameSchema.safeParse(c.req.param("name"));
    if (!name.success) return invalid(c, "secret name", toIssues(name.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin"] });
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, secretBodySchema);
    if ("response" in parsed) return parsed.response;
    const at = now();
    const sealed = options.secrets.seal(org.data, name.data, parsed.data.value);
    await storage.settings.putOrgSecret(org.data, name.data, sealed, at, who.identity.sub);
    await storage.settings.appendAdminAudit({
      orgId: org.data,
      actorId: who.identity.sub,
      action: "secret.set",
      target: name.data,
      at,
    });
    return c.json({ name: name.data, set: true, updatedAt: new Date(at).toISOString() });
  });

  app.delete("/api/orgs/:orgId/secrets/:name", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const name = secretNameSchema.safeParse(c.req.param("name"));
    if (!name.success) return invalid(c, "secret name", toIssues(name.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin"] });
    if ("response" in who) return who.response;
    const at = now();
    await storage.settings.putOrgSecret(org.data, name.data, null, at, who.identity.sub);
    await storage.settings.appendAdminAudit({
      orgId: org.data,
      actorId: who.identity.sub,
      action: "secret.cleared",
      target: name.data,
      at,
    });
    return c.json({ name: name.data, set: false });
  });

  app.put("/api/orgs/:orgId/assets/:kind", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const kind = kindSchema.safeParse(c.req.param("kind"));
    if (!kind.success) return invalid(c, "image kind", toIssues(kind.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin"] });
    if ("response" in who) return who.response;
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const problem = logoProblem(bytes);
    const type = sniffLogoType(bytes);
    if (problem || !type) {
      const status =
        bytes.length > 0 && problem?.includes("at most") ? 413 : problem?.includes("empty") ? 400 : 415;
      return invalid(c, "image", [{ path: [kind.data], message: problem ?? "unreadable" }], status);
    }
    const at = now();
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    await storage.settings.putOrgAsset(
      {
        orgId: org.data,
        kind: kind.data,
        contentType: type,
        size: bytes.length,
        sha256,
        updatedAt: at,
        updatedBy: who.identity.sub,
      },
      bytes,
    );
    await storage.settings.appendAdminAudit({
      orgId: org.data,
      actorId: who.identity.sub,
      action: "image.uploaded",
      target: kind.data,
      detail: `${type}, ${bytes.length} bytes`,
      at,
    });
    return c.json(
      { kind: kind.data, url: assetUrl(org.data, kind.data, sha256), contentType: type, size: bytes.length },
      201,
    );
  });

  app.delete("/api/orgs/:orgId/assets/:kind", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const kind = kindSchema.safeParse(c.req.param("kind"));
    if (!kind.success) return invalid(c, "image kind", toIssues(kind.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin"] });
    if ("response" in who) return who.response;
    const removed = await storage.settings.deleteOrgAsset(org.data, kind.data);
    if (removed) {
      await storage.settings.appendAdminAudit({
        orgId: org.data,
        actorId: who.identity.sub,
        action: "image.removed",
        target: kind.data,
        at: now(),
      });
    }
    return c.json({ kind: kind.data, removed });
  });

  app.get("/api/orgs/:orgId/assets/:kind/:version", async (c) => {
    const org = orgOf(c);
    const kind = kindSchema.safeParse(c.req.param("kind"));
    const version = c.req.param("version");
    const notFound = () =>
      c.json({ error: "not-found", message: "No such image (it may have been replaced)." }, 404);
    if (!org.success || !kind.success || !/^[0-9a-f]{16}$/.test(version)) return notFound();
    const asset = await storage.settings.getOrgAsset(org.data, kind.data);
    if (!asset?.record.sha256.startsWith(version)) return notFound();
    const etag = `"${asset.record.sha256.slice(0, 32)}"`;
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("ETag", etag);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Type", asset.record.contentType);
    return c.body(new Uint8Array(asset.content));
  });

  app.get("/api/orgs/:orgId/audit", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const query = auditQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin", "agent"] });
    if ("response" in who) return who.response;
    const rows = await storage.settings.listAdminAudit(org.data, query.data.limit);
    return c.json({
      audit: rows.map((r) => ({
        id: r.id,
        at: new Date(r.at).toISOString(),
        actor: { id: r.actorId, email: r.actorEmail },
        action: r.action,
        target: r.target,
        detail: r.detail,
      })),
    });
  });
}
