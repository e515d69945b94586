import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { documentAccess } from "../../shared/access/documents";
import { attachmentProblem, sniffAttachmentType } from "../../shared/documents/attachment-sniff";
import { ATTACHMENT_MAX_BYTES } from "../../shared/documents/claim";
import { documentName } from "../../shared/documents/names";
import { nowMs } from "../clock";
import { historyEntryJson } from "../history/record-routes";
import { countRefusal } from "../routes/limits";
import { idSchema, invalid, signedIn, toIssues } from "../routes/route";
import type { AttachmentRecord, Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { claimExists } from "./exists";

// Claim attachments and history (docs/claims.md):
//   POST /api/orgs/{orgId}/claims/{claimId}/attachments?id=…&name=…   body: the file's bytes
//   GET  /api/orgs/{orgId}/claims/{claimId}/attachments               the list (no bytes)
//   GET  /api/orgs/{orgId}/claims/{claimId}/attachments/{id}          the file
//   GET  /api/orgs/{orgId}/claims/{claimId}/history                   who changed what (AUDIT1)
// The same access as the claim document (ACL7): agents of the organisation write, the customer the
// claim names reads (the server's claim link table). A file is at most 10 MB and a PDF, PNG, JPEG or
// HEIC told by its content; the id is made on the device, so an upload retried after a lost answer is
// the same attachment (same bytes: 200 with the stored record; other bytes: 409). docs/hardening.md: only a
// claim the server holds takes files (ATTACH1, 404), and an organisation's files stay under a cap
// (ATTACH2, 413 with the organisation's figures).

const uploadQuerySchema = z.strictObject({
  id: idSchema,
  name: z
    .string()
    .trim()
    .min(1, "give the file's name")
    .max(200, "a file name has at most 200 characters")
    .refine(
      (n) => ![...n].some((ch) => ch === "/" || ch === "\\" || ch.charCodeAt(0) < 0x20),
      "a file name has no slashes or control characters",
    ),
});

export interface ClaimsApiOptions {
  storage: Storage;
  verify: VerifyToken;
  /** The bytes all attachments of one organisation may take (ATTACH2; ATTACHMENT_MAX_BYTES_PER_ORG). */
  maxBytesPerOrg: number;
}

/** Bytes in words: "1.5 MiB". */
const formatBytes = (n: number): string => {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${n} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
};

const publicRecord = (r: AttachmentRecord) => ({
  id: r.id,
  name: r.name,
  contentType: r.contentType,
  size: r.size,
  sha256: r.sha256,
  uploadedBy: r.uploadedBy,
  uploadedAt: new Date(r.uploadedAt).toISOString(),
});

export function mountClaimsApi(app: Hono, options: ClaimsApiOptions): void {
  const { storage } = options;

  /** The ids of the address and what the caller may do with the claim (ACL7), or an error response. */
  const claimCaller = async (c: Context, need: "read" | "write" | "agent") => {
    const params = z
      .strictObject({ orgId: idSchema, claimId: idSchema })
      .safeParse({ orgId: c.req.param("orgId"), claimId: c.req.param("claimId") });
    if (!params.success) return { response: invalid(c, "address", toIssues(params.error)) };
    const { orgId, claimId } = params.data;
    const signed = await signedIn(c, options.verify);
    if ("response" in signed) return signed;
    const { sub } = signed.identity;
    const subject = await storage.members.loadSubject(sub);
    const ref = { kind: "claim" as const, name: documentName.claim(orgId, claimId), orgId, claimId };
    const grant = documentAccess(subject, ref, {
      claimCustomerId: await storage.claims.getClaimCustomer(orgId, claimId),
    });
    const isAgent = subject.memberships.some((m) => m.orgId === orgId && m.role === "agent");
    const allowed =
      need === "agent" ? isAgent : need === "write" ? grant.access === "write" : grant.access !== "none";
    if (!allowed)
      return {
        response: c.json(
          {
            error: "forbidden",
            message:
              need === "read"
                ? `Only agents of ${orgId} and the customer the claim names may read claim ${claimId}.`
                : `Only agents of ${orgId} may ${need === "write" ? "attach files to" : "read the history of"} claim ${claimId}.`,
          },
          403,
        ),
      };
    return { orgId, claimId, sub };
  };

  app.post("/api/orgs/:orgId/claims/:claimId/attachments", async (c) => {
    const who = await claimCaller(c, "write");
    if ("response" in who) return who.response;
    const query = uploadQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    // ATTACH1: only a claim the server holds takes files.
    if (!(await claimExists(storage, who.orgId, who.claimId)))
      return c.json(
        {
          error: "claim-not-found",
          message: `Organisation ${who.orgId} has no claim ${who.claimId} on the server: open the claim and let it sync before attaching files.`,
        },
        404,
      );
    const content = new Uint8Array(await c.req.arrayBuffer());
    const problem = attachmentProblem(query.data.name, content);
    if (problem) {
      const status = content.length > ATTACHMENT_MAX_BYTES ? 413 : content.length === 0 ? 400 : 415;
      return invalid(c, "file", [{ path: ["body"], message: problem }], status);
    }
    // ATTACH2: the organisation's attachments stay under its cap (a retry of a stored file is no new
    // byte). Checked before storing: uploads at the same moment may pass it together, by one file each.
    const attached = await storage.claims.listAttachments(who.orgId, who.claimId);
    const known = attached.some((a) => a.id === query.data.id);
    // BOUND2: a claim holds at most ATTACHMENTS_PER_CLAIM files.
    const full = known
      ? null
      : countRefusal("POST /api/orgs/:orgId/claims/:claimId/attachments", attached.length);
    if (full) return c.json(full, 409);
    const used = known ? 0 : await storage.claims.orgAttachmentBytes(who.orgId);
    if (!known && used + content.length > options.maxBytesPerOrg)
      return c.json(
        {
          error: "attachment-storage-full",
          message: `Organisation ${who.orgId}'s attachments take ${formatBytes(used)} of the ${formatBytes(options.maxBytesPerOrg)} it may store: ${query.data.name} (${formatBytes(content.length)}) does not fit. Ask the server's operator to raise ATTACHMENT_MAX_BYTES_PER_ORG.`,
        },
        413,
      );
    const record: AttachmentRecord = {
      orgId: who.orgId,
      claimId: who.claimId,
      id: query.data.id,
      name: query.data.name,
      contentType: sniffAttachmentType(content) as string,
      size: content.length,
      sha256: createHash("sha256").update(content).digest("hex"),
      uploadedBy: who.sub,
      uploadedAt: nowMs(),
    };
    const stored = await storage.claims.putAttachment(record, content);
    if (stored.sha256 !== record.sha256)
      return c.json(
        {
          error: "conflict",
          message: `Claim ${who.claimId} already has an attachment ${record.id} with other content.`,
        },
        409,
      );
    return c.json({ attachment: publicRecord(stored) }, stored.uploadedAt === record.uploadedAt ? 201 : 200);
  });

  app.get("/api/orgs/:orgId/claims/:claimId/attachments", async (c) => {
    const who = await claimCaller(c, "read");
    if ("response" in who) return who.response;
    const list = await storage.claims.listAttachments(who.orgId, who.claimId);
    return c.json({ attachments: list.map(publicRecord) });
  });

  app.get("/api/orgs/:orgId/claims/:claimId/attachments/:id", async (c) => {
    const who = await claimCaller(c, "read");
    if ("response" in who) return who.response;
    const id = idSchema.safeParse(c.req.param("id"));
    if (!id.success) return invalid(c, "attachment id", toIssues(id.error));
    const found = await storage.claims.getAttachment(who.orgId, who.claimId, id.data);
    if (!found)
      return c.json(
        { error: "not-found", message: `Claim ${who.claimId} has no attachment ${id.data}.` },
        404,
      );
    const { record, content } = found;
    return c.body(content as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": record.contentType,
      "Content-Length": String(record.size),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(record.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=3600",
      ETag: `"${record.sha256}"`,
    });
  });

  // Record history of the claim document (AUDIT1): status, amounts, checklist, attachments, notes.
  app.get("/api/orgs/:orgId/claims/:claimId/history", async (c) => {
    const who = await claimCaller(c, "agent");
    if ("response" in who) return who.response;
    const limit = z.coerce.number().int().min(1).max(500).default(100).safeParse(c.req.query("limit"));
    if (!limit.success) return invalid(c, "query", toIssues(limit.error));
    const rows = await storage.history.listHistory({
      documentNames: [documentName.claim(who.orgId, who.claimId)],
      limit: limit.data,
    });
    return c.json({
      history: rows.map((row) => historyEntryJson(row, "claim")),
    });
  });
}
