import type { Config } from "../config";
import type { budgetOf } from "../settings/document-budget";
import type { RateStore } from "./rate-limit";

// IMPORT3 (docs/hardening.md, docs/book-import.md): one budget of new documents per organisation and hour,
// in the rate store (memory, or Redis shared by every instance), spent by every path that creates an
// organisation's documents — a device's first write over the sync socket (beside the user's own LIMIT6
// budget), the server's book import (all of its new documents at once, before it writes any) and the
// API routes that create one. ORG_DOCUMENTS_CREATED_PER_HOUR by default; `limitOf` gives an
// organisation's own budget where an admin set one (settings/document-budget.ts), and `changed` tells
// it at once when an admin of this instance sets it.

export type OrgBudgetDecision = { allowed: true } | { allowed: false; limit: number; retryAfterMs: number };

export function orgDocumentBudget(options: {
  config: Config;
  store: RateStore;
  limitOf?: ReturnType<typeof budgetOf>;
}) {
  const { config, store } = options;
  const spend = async (orgId: string, count = 1): Promise<OrgBudgetDecision> => {
    const limit = (await options.limitOf?.(orgId)) ?? config.ORG_DOCUMENTS_CREATED_PER_HOUR;
    // More than the whole hour's budget can never be spent at once: refused without spending anything.
    if (count > limit) return { allowed: false, limit, retryAfterMs: Number.POSITIVE_INFINITY };
    const decision = await store.take(
      `documents:org:${orgId}`,
      { limit, periodMs: 3_600_000, burst: limit },
      count,
    );
    return decision.allowed
      ? { allowed: true }
      : { allowed: false, limit, retryAfterMs: decision.retryAfterMs };
  };
  return Object.assign(spend, { changed: (orgId: string) => options.limitOf?.forget(orgId) });
}
