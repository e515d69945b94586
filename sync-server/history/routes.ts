import type { Hocuspocus } from "@hocuspocus/server";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { ROLES } from "../../shared/access/roles";
import { type DocumentRef, parseDocumentName } from "../../shared/documents/names";
import { isRecordSection } from "../../shared/documents/shapes";
import { maskTaxId, type TaxIdType } from "../../shared/documents/tax-id";
import { nowMs } from "../clock";
import type { Identity } from "../identity/verify";
import { callerOf, idSchema, invalid, jsonBody, toIssues } from "../routes/route";
import { keepsHistory } from "../storage/archive-tables";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import type { ConfirmationStore } from "./confirmations";
import { importFiles, importIdsIn } from "./import-undo";
import { touchedRecords } from "./past-state";
import { pastJson, restorableSections, restoreDocument } from "./restore";

// The document history API (docs/hardening.md; HIST2). An administrator of the document's organisation, or
// a super administrator, may:
//   GET  /api/orgs/{orgId}/document-history/documents             the organisation's stored documents
//   GET  /api/orgs/{orgId}/document-history?document=…           the changes, newest first: when, who, which records
//   GET  /api/orgs/{orgId}/document-history/state?document=…&at=…[&section=…[&key=…]]   the document or a record then
//   POST /api/orgs/{orgId}/document-history/restore {document, at, section?, key?}      restore it as a new update
// Anyone else: 401 (not signed in) or 403. Tax ids of an internal document are shown masked.
// And any member of the organisation whose write was held (hold.ts, HIST3) confirms it:
//   POST /api/orgs/{orgId}/document-history/confirm-removal {document}   their next such write is applied

export interface HistoryApiOptions {
  storage: Storage;
  verify: VerifyToken;
  /** The live documents (absent until the sync service is attached). */
  hocuspocus: () => Hocuspocus | undefined;
  confirmations: ConfirmationStore;
}

type OrgRef = DocumentRef & { orgId: string };

const documentSchema = z
  .string()
  .max(300)
  .transform((name, ctx) => {
    const ref = parseDocumentName(name);
    if (!ref || !("orgId" in ref) || !keepsHistory(name)) {
      ctx.addIssue({
        code: "custom",
        message:
          "must be the name of one of the organisation's documents that keep a history (not the book index)",
      });
      return z.NEVER;
    }
    return ref as OrgRef;
  });

/** A time: ISO 8601 with a zone, or epoch milliseconds. */
const timeSchema = z.union([
  z.iso.datetime({ offset: true }).transform((t) => Date.parse(t)),
  z
    .string()
    .regex(/^\d{1,16}$/, "must be an ISO 8601 time or epoch milliseconds")
    .transform(Number),
  z.number().int().nonnegative(),
]);

const listQuery = z.strictObject({
  document: documentSchema,
  limit: z
    .string()
    .regex(/^\d{1,4}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1).max(1000))
    .optional(),
});
const stateQuery = z.strictObject({
  document: documentSchema,
  at: timeSchema,
  section: z.string().max(64).optional(),
  key: idSchema.optional(),
});
const confirmBody = z.strictObject({ document: documentSchema });
const restoreBody = z.strictObject({
  document: documentSchema,
  at: timeSchema,
  section: z.string().max(64).optional(),
  key: idSchema.optional(),
});

const iso = (ms: number) => new Date(ms).toISOString();

/** An internal document's tax ids as the screen shows them: masked, never the digits. */
function masked(ref: DocumentRef, section: string, value: unknown): unknown {
  if (ref.kind !== "customerInternal" || section !== "taxIds") return value;
  const maskOne = (entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return entry;
    const record = entry as { taxId?: unknown; taxIdType?: unknown };
    const digits = typeof record.taxId === "string" ? record.taxId : "";
    return { ...record, taxId: maskTaxId(record.taxIdType as TaxIdType, digits.slice(-4) || undefined) };
  };
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskOne(v)]),
  );
}

export function mountHistoryApi(app: Hono, options: HistoryApiOptions): void {
  const { storage } = options;

  /** The caller when they are an admin of `orgId` or a superAdmin; else the response to send. */
  const caller = async (c: Context, orgId: string): Promise<Identity | Response> => {
    const who = await callerOf(c, options, {
      org: orgId,
      roles: ["admin"],
      anywhere: ["superAdmin"],
      forbidden: `Only an admin of ${orgId} or a super administrator may do this.`,
    });
    return "response" in who ? who.response : who.identity;
  };

  /** Parses the org id, the caller and the input; the document must be the organisation's. */
  const prepare = async <T extends { document: OrgRef }>(
    c: Context,
    schema: z.ZodType<T>,
    input: unknown,
    where: string,
  ): Promise<{ who: Identity; input: T } | Response> => {
    const orgId = idSchema.safeParse(c.req.param("orgId"));
    if (!orgId.success) return invalid(c, "organisation id in the path", toIssues(orgId.error));
    const who = await caller(c, orgId.data);
    if (who instanceof Response) return who;
    const parsed = schema.safeParse(input);
    if (!parsed.success) return invalid(c, where, toIssues(parsed.error));
    if (parsed.data.document.orgId !== orgId.data) {
      return c.json(
        { error: "forbidden", message: `${parsed.data.document.name} is not a document of ${orgId.data}.` },
        403,
      );
    }
    return { who, input: parsed.data };
  };

  app.get("/api/orgs/:orgId/document-history/documents", async (c) => {
    const orgId = idSchema.safeParse(c.req.param("orgId"));
    if (!orgId.success) return invalid(c, "organisation id in the path", toIssues(orgId.error));
    const who = await caller(c, orgId.data);
    if (who instanceof Response) return who;
    const names = [
      ...(await storage.listDocuments(`org/${orgId.data}`)).filter((n) => n === `org/${orgId.data}`),
      ...(await storage.listDocuments(`org/${orgId.data}/`)),
    ];
    const documents = names.flatMap((name) => {
      const ref = parseDocumentName(name);
      if (!ref || !("orgId" in ref) || !keepsHistory(name)) return [];
      const id =
        "customerId" in ref
          ? ref.customerId
          : "claimId" in ref
            ? ref.claimId
            : "campaignId" in ref
              ? ref.campaignId
              : null;
      return [{ name, kind: ref.kind, id }];
    });
    return c.json({ documents });
  });

  app.get("/api/orgs/:orgId/document-history", async (c) => {
    const ready = await prepare(c, listQuery, c.req.query(), "query");
    if (ready instanceof Response) return ready;
    const ref = ready.input.document;
    const archive = await storage.readArchive(ref.name);
    // Nothing archived yet: the base is the stored state, if any (the history then starts now).
    const stored = archive.base ? null : (await storage.loadDocument(ref.name)).state;
    const base = archive.base ? archive.base.state : stored;
    const since = archive.base ? archive.base.since : stored ? nowMs() : 0;
    const touched = touchedRecords(
      ref,
      base,
      archive.updates.map((u) => u.update),
    );
    const members = new Map((await storage.members.listMembers(ref.orgId)).map((m) => [m.id, m]));
    const limit = ready.input.limit ?? 200;
    // A change that wrote records' `importId` was a book import's: named by its file (docs/book-import.md).
    const files =
      ref.kind === "customer" || ref.kind === "customerInternal"
        ? await importFiles(options.hocuspocus(), storage, ref.orgId)
        : null;
    const importOf = (update: Uint8Array) => {
      const id = files ? importIdsIn(update)[0] : undefined;
      const fileName = id === undefined ? undefined : files?.get(id);
      return id !== undefined && fileName !== undefined ? { import: { id, fileName } } : {};
    };
    const changes = archive.updates
      .map((u, i) => ({
        seq: u.seq,
        at: iso(u.at),
        userId: u.userId,
        userName: u.userId ? (members.get(u.userId)?.name ?? null) : null,
        userEmail: u.userId ? (members.get(u.userId)?.email ?? null) : null,
        records: touched[i] ?? [],
        ...importOf(u.update),
      }))
      .reverse()
      .slice(0, limit);
    return c.json({
      document: ref.name,
      since: iso(since),
      sections: restorableSections(ref),
      changes,
      total: archive.updates.length,
    });
  });

  app.get("/api/orgs/:orgId/document-history/state", async (c) => {
    const ready = await prepare(c, stateQuery, c.req.query(), "query");
    if (ready instanceof Response) return ready;
    const { document: ref, at, section, key } = ready.input;
    const { json, since } = await pastJson(storage, ref, at);
    if (at < since) {
      return c.json(
        {
          error: "too-old",
          message: `The history of ${ref.name} starts at ${iso(since)}.`,
          since: iso(since),
        },
        409,
      );
    }
    const sections = restorableSections(ref);
    if (section !== undefined && !sections.includes(section)) {
      return invalid(c, "query", [{ path: ["section"], message: `must be one of ${sections.join(", ")}` }]);
    }
    const shown = Object.fromEntries(
      (section === undefined ? sections : [section]).map((s) => [s, masked(ref, s, json[s] ?? {})]),
    );
    const body: Record<string, unknown> = {
      document: ref.name,
      at: iso(at),
      since: iso(since),
      // Sections of independent records (restored one by one); the others are one record each.
      recordSections: sections.filter((s) => isRecordSection(ref.kind, s)),
    };
    if (section !== undefined && key !== undefined) {
      body.section = section;
      body.key = key;
      body.value = (shown[section] as Record<string, unknown>)[key] ?? null;
    } else body.sections = shown;
    return c.json(body);
  });

  app.post("/api/orgs/:orgId/document-history/confirm-removal", async (c) => {
    const orgId = idSchema.safeParse(c.req.param("orgId"));
    if (!orgId.success) return invalid(c, "organisation id in the path", toIssues(orgId.error));
    const who = await callerOf(c, options, {
      org: orgId.data,
      roles: ROLES,
      forbidden: `Only members of ${orgId.data} may do this.`,
    });
    if ("response" in who) return who.response;
    const { identity } = who;
    const body = await jsonBody(c);
    const parsed = confirmBody.safeParse(body.ok ? body.body : undefined);
    if (!parsed.success) return invalid(c, "request body", toIssues(parsed.error));
    const ref = parsed.data.document;
    if (ref.orgId !== orgId.data) {
      return c.json({ error: "forbidden", message: `${ref.name} is not a document of ${orgId.data}.` }, 403);
    }
    // Write access is still the sync server's to decide when the write comes again.
    let expiresAt: number;
    try {
      expiresAt = await options.confirmations.confirm(identity.sub, ref.name);
    } catch {
      return c.json(
        {
          error: "unavailable",
          message:
            "The confirmation could not be recorded (the server's shared store did not answer). Try again.",
        },
        503,
      );
    }
    return c.json({ document: ref.name, confirmedUntil: iso(expiresAt) });
  });

  app.post("/api/orgs/:orgId/document-history/restore", async (c) => {
    const body = await jsonBody(c);
    const ready = await prepare(c, restoreBody, body.ok ? body.body : undefined, "request body");
    if (ready instanceof Response) return ready;
    const hocuspocus = options.hocuspocus();
    if (!hocuspocus) return c.json({ error: "unavailable", message: "The sync service is starting." }, 503);
    const { document: ref, at, section, key } = ready.input;
    const result = await restoreDocument({
      hocuspocus,
      storage,
      ref,
      at,
      target: section === undefined ? null : { section, key: key ?? null },
      userId: ready.who.sub,
    });
    if (result.ok) {
      return c.json({
        document: ref.name,
        at: iso(at),
        restored: section ?? "document",
        changed: result.changed,
        ...(result.bookIndex ? { bookIndex: result.bookIndex } : {}),
        ...(result.claimSummaries ? { claimSummaries: result.claimSummaries } : {}),
      });
    }
    if (result.error === "unknown-section") {
      return invalid(c, "request body", [
        { path: ["section"], message: `must be one of ${result.sections.join(", ")}` },
      ]);
    }
    if (result.error === "too-old") {
      const since = iso(result.since);
      return c.json(
        { error: "too-old", message: `The history of ${ref.name} starts at ${since}.`, since },
        409,
      );
    }
    return c.json(
      {
        error: "invalid-document",
        message: `Restoring would make ${ref.name} invalid: ${result.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      },
      409,
    );
  });
}
