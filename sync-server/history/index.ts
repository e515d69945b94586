import type { Hocuspocus } from "@hocuspocus/server";
import type { Hono } from "hono";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { type ConfirmationStore, MemoryConfirmations, RedisConfirmations } from "./confirmations";
import { mountImportUndo } from "./import-routes";
import { RemovalHold } from "./removal-hold";
import { mountHistoryApi } from "./routes";

// Document history and restore (docs/hardening.md §4): the authors of accepted writes
// (logged with each update by the write path, sync-server/sync/write-path.ts),
// the hold of mass removals until confirmed, the API, and the hourly pruning of what is older than the
// retention (30 days).

/** How long any point of a document's history stays restorable. */
export const HISTORY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function createDocumentHistory(options: {
  storage: Storage;
  log: (message: string) => void;
  /** With several instances (REDIS_URL), held writes' confirmations are kept in Redis under `redisPrefix`. */
  redisUrl?: string;
  redisPrefix?: string;
}) {
  const { storage, log } = options;
  let hocuspocus: Hocuspocus | undefined;
  const confirmations: ConfirmationStore = options.redisUrl
    ? new RedisConfirmations(options.redisUrl, options.redisPrefix ?? "rangeline", log)
    : new MemoryConfirmations();
  const prune = async (now = nowMs()) => {
    const folded = await storage.pruneArchive(now - HISTORY_RETENTION_MS);
    if (folded > 0) log(`document history: ${folded} update(s) older than 30 days folded into their base`);
    return folded;
  };
  const timer = setInterval(
    () => void prune().catch((e) => log(`document history: pruning failed: ${(e as Error).message}`)),
    PRUNE_EVERY_MS,
  );
  timer.unref();
  return {
    /** The write path's hold of mass removals until their writer confirms them (HIST3). */
    hold: new RemovalHold(confirmations, log),
    mountApi(app: Hono, verify: VerifyToken) {
      mountHistoryApi(app, { storage, verify, hocuspocus: () => hocuspocus, confirmations });
      mountImportUndo(app, { storage, verify, hocuspocus: () => hocuspocus });
    },
    attach(instance: Hocuspocus) {
      hocuspocus = instance;
    },
    /** Folds what is older than the retention (hourly; tests call it). */
    prune,
    /** Where held writes' confirmations are kept (tests read it). */
    confirmations,
    async close() {
      clearInterval(timer);
      await confirmations.close();
    },
  };
}
