import type { Hono } from "hono";
import { z } from "zod";
import type { MarketFiles } from "../../shared/market";
import type { MarketSnapshot, SnapshotSource } from "../../shared/market/snapshot";
import { nowMs } from "../clock";
import type { JobRun } from "../jobs/store";
import { carryOver } from "../market/feed";
import { callerOf, invalid, parseBody, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { type WorkPool, WorkPoolBusy } from "../work/pool";
import type { importMarketTask } from "./market-import-task";

// The platform's market and job tools (docs/administration.md; superAdmin only):
//   POST /api/platform/market/upload  {files: {lrpRate?, lrpActualEndingValue?, lgmGrossMargin?, lgmDraw?,
//                                     futures?: {name, text}}, publish}: the files go through the market
//                                     feed's importer; a bad file is refused with the importer's message
//                                     (file, line, column) and nothing is published. With `publish` the
//                                     snapshot (parts not uploaded carried over from the last published
//                                     one) is published to every device and, with a market feed, kept.
//   GET  /api/platform/jobs           the server's job runs (the market fetch), newest first
//   GET  /api/platform/sms-outbox     text messages queued while no SMS provider is configured

export interface MarketToolsOptions {
  storage: Storage;
  verify: VerifyToken;
  /** The last published market snapshot that is not the sample data; null when none. */
  latest: () => Promise<MarketSnapshot | null>;
  /** Publishes to `market/current` (and keeps it in market history when a feed is configured). */
  publish: (snapshot: MarketSnapshot) => Promise<void>;
  /** The job store's runs; null when the server runs no scheduled job (no market feed configured). */
  runs: ((limit: number) => Promise<JobRun[]>) | null;
  /** The work threads the files are read in (IMPORT1). */
  work: WorkPool;
  now?: () => number;
}

/** The upload's kinds of file, the snapshot part each fills and how its source is named. */
export const MARKET_UPLOADS = {
  lrpRate: { part: "lrpRates", name: "RMA A00630_LrpRate" },
  lrpActualEndingValue: { part: "lrpActualEndingValues", name: "RMA A00620_LrpActualEndingValue" },
  lgmGrossMargin: { part: "lgm", name: "RMA A00600_LgmGrossMargin" },
  lgmDraw: { part: "lgm", name: "RMA A00610_LgmDraw" },
  futures: { part: "futures", name: "futures settlements" },
} as const satisfies Record<keyof MarketFiles, { part: SnapshotSource["part"]; name: string }>;

const file = z.strictObject({
  name: z.string().trim().min(1, "the file's name is required").max(200),
  text: z.string().min(1, "the file is empty"),
});
const uploadSchema = z.strictObject({
  files: z
    .strictObject({
      lrpRate: file.optional(),
      lrpActualEndingValue: file.optional(),
      lgmGrossMargin: file.optional(),
      lgmDraw: file.optional(),
      futures: file.optional(),
    })
    .refine((f) => Object.values(f).some(Boolean), "choose at least one file"),
  publish: z.boolean(),
});
const limitSchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(50) });

export function mountMarketTools(app: Hono, options: MarketToolsOptions): void {
  const now = options.now ?? nowMs;
  const superAdmin = (c: Parameters<typeof callerOf>[0]) =>
    callerOf(c, options, { org: null, roles: ["superAdmin"] });
  // Without a market feed nothing keeps a published upload: the next upload carries over from this one.
  let lastUploaded: MarketSnapshot | null = null;

  app.post("/api/platform/market/upload", async (c) => {
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, uploadSchema);
    if ("response" in parsed) return parsed.response;
    const kinds = (Object.keys(MARKET_UPLOADS) as (keyof MarketFiles)[]).filter((k) => parsed.data.files[k]);
    const files: MarketFiles = Object.fromEntries(
      kinds.map((k) => [
        k,
        { text: parsed.data.files[k]?.text ?? "", file: parsed.data.files[k]?.name ?? k },
      ]),
    );
    // IMPORT1: the importer's time grows with the files; it runs in a work thread.
    let read: ReturnType<typeof importMarketTask>;
    try {
      read = await options.work.run("marketImport", { files, label: "RMA livestock data (uploaded)" });
    } catch (error) {
      if (!(error instanceof WorkPoolBusy)) throw error;
      c.header("Retry-After", "60");
      return c.json({ error: "server-busy", message: `The files were not read: ${error.message}.` }, 503);
    }
    // The importer's message names the file, the line and the column; nothing was published.
    if (!read.ok) return c.json({ error: "invalid-file", message: read.message }, 400);
    const imported: MarketSnapshot = read.snapshot;
    const at = new Date(now()).toISOString();
    const fresh: MarketSnapshot = {
      ...imported,
      sources: kinds.map((k) => ({
        part: MARKET_UPLOADS[k].part,
        name: `${MARKET_UPLOADS[k].name} (uploaded: ${files[k]?.file})`.slice(0, 200),
        date: imported.asOf,
        fetchedAt: at,
      })),
    };
    const previous = (await options.latest()) ?? lastUploaded;
    const snapshot = carryOver(fresh, previous);
    const uploaded = [...new Set(kinds.map((k) => MARKET_UPLOADS[k].part))];
    const summary = {
      asOf: snapshot.asOf,
      counts: {
        lrpRates: snapshot.lrpRates.length,
        lrpActualEndingValues: snapshot.lrpActualEndingValues.length,
        lgm: snapshot.lgm.length,
        futures: snapshot.futures.length,
      },
      uploaded,
      carried: previous
        ? [...new Set((snapshot.sources ?? []).map((s) => s.part))].filter((p) => !uploaded.includes(p))
        : [],
      carriedFrom: previous?.asOf ?? null,
    };
    if (!parsed.data.publish) return c.json({ published: false, ...summary });
    await options.publish(snapshot);
    lastUploaded = snapshot;
    return c.json({ published: true, kept: options.runs !== null, ...summary });
  });

  app.get("/api/platform/jobs", async (c) => {
    const query = limitSchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    if (!options.runs) return c.json({ configured: false, runs: [] });
    const runs = await options.runs(query.data.limit);
    return c.json({
      configured: true,
      runs: runs.map((r) => ({
        ...r,
        startedAt: new Date(r.startedAt).toISOString(),
        finishedAt: r.finishedAt === null ? null : new Date(r.finishedAt).toISOString(),
      })),
    });
  });

  app.get("/api/platform/sms-outbox", async (c) => {
    const query = limitSchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const who = await superAdmin(c);
    if ("response" in who) return who.response;
    const rows = await options.storage.campaigns.listSmsOutbox(query.data.limit);
    return c.json({ messages: rows.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) });
  });
}
