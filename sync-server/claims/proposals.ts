import type { Hocuspocus } from "@hocuspocus/server";
import type * as Y from "yjs";
import { lrpProposalRecord, proposeClaims, proposeLgmClaim } from "../../shared/book/claims";
import type { CoverageSummary, LgmEndorsement } from "../../shared/documents/book";
import type { ClaimProposalRecord, ClaimSummary } from "../../shared/documents/claim";
import type { FuturesRoot } from "../../shared/market/contracts";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { lgmActualPriceNeeds, lgmActualPrices } from "../../shared/pricing/claims";
import { storedDocumentJson } from "../campaigns/stored-doc";
import { now } from "../clock";
import type { Storage } from "../storage/types";
import { documentJson, writeSections } from "../sync/doc-json";

// The server's claim proposals (docs/claims.md "Claims that pay"): after each published
// market snapshot, for every organisation, the same engine the devices run (shared/book/claims.ts,
// shared/pricing/claims) decides which claimable endorsements pay, and the server writes them into the
// organisation document's `claimProposals` section — which only the server writes and the agent hub
// reads, offline too. LRP: RMA's actual ending values (A00620) in the snapshot. LGM: the actual gross
// margins from the futures settlements the server kept day by day (market history): the average of the
// last three trading days before each contract's expiry; the devices cannot work these out (they hold
// one snapshot), so LGM proposals come from here only. The section is rewritten whole each time: a
// proposal whose endorsement is claimed, cancelled or no longer pays goes away.

export interface ClaimProposalsOptions {
  storage: Storage;
  hocuspocus: Pick<Hocuspocus, "openDirectConnection" | "documents">;
  /** Published snapshots of past days (the market feed's history); null without a feed. */
  history: { snapshotOf(asOf: string): Promise<MarketSnapshot | null> } | null;
  /** Today's date, Central (RMA's clock). */
  today: () => string;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface ClaimProposalsRun {
  orgs: number;
  lrp: number;
  lgm: number;
  /** LGM endorsements whose actual margins cannot be worked out yet, with the reason. */
  lgmWaiting: { coverageId: string; reason: string }[];
}

const ORG = /^org\/([^/]+)$/;
const CLAIMABLE = new Set(["accepted", "ended"]);

/**
 * A document as JSON: the open one when this instance has it in memory, else as stored (no connection
 * is opened to read: loading and storing every organisation's documents would cost more than the run).
 */
async function readDocument(options: ClaimProposalsOptions, name: string): Promise<Record<string, unknown>> {
  const open = options.hocuspocus.documents.get(name);
  return open ? documentJson(open) : storedDocumentJson(options.storage, name);
}

/** The proposal without the stamps of the run that made it: what tells whether it changed. */
const substance = ({ computedAt: _at, marketAsOf: _asOf, ...rest }: ClaimProposalRecord) =>
  JSON.stringify(rest);

/**
 * The settlements of a day from that day's published snapshot: null when the snapshot's futures are
 * another day's (carried over when the day's futures could not be fetched).
 */
function settlementsOf(snapshot: MarketSnapshot, day: string): Map<string, number> | null {
  const futuresDate = snapshot.sources?.find((s) => s.part === "futures")?.date;
  if (snapshot.asOf !== day || (futuresDate !== undefined && futuresDate !== day)) return null;
  return new Map(snapshot.futures.map((f) => [`${f.root} ${f.contractMonth}`, f.settle]));
}

/** Settlements of past days, each day's snapshot loaded once per run. */
function settlementBook(snapshot: MarketSnapshot, history: ClaimProposalsOptions["history"]) {
  const days = new Map<string, Map<string, number> | null>();
  days.set(snapshot.asOf, settlementsOf(snapshot, snapshot.asOf));
  return {
    async load(wanted: Iterable<string>) {
      for (const day of wanted) {
        if (days.has(day)) continue;
        const past = history ? await history.snapshotOf(day) : null;
        days.set(day, past ? settlementsOf(past, day) : null);
      }
    },
    settlement: (day: string, root: FuturesRoot, contractMonth: string) =>
      days.get(day)?.get(`${root} ${contractMonth}`) ?? null,
  };
}

export async function recordClaimProposals(
  snapshot: MarketSnapshot,
  options: ClaimProposalsOptions,
): Promise<ClaimProposalsRun> {
  const started = performance.now();
  const today = options.today();
  const computedAt = (options.now?.() ?? now()).toISOString();
  const run: ClaimProposalsRun = { orgs: 0, lrp: 0, lgm: 0, lgmWaiting: [] };
  const settlements = settlementBook(snapshot, options.history);
  const names = await options.storage.listDocuments("org/");
  const stored = new Set(names);
  for (const name of names) {
    const orgId = ORG.exec(name)?.[1];
    if (!orgId) continue;
    run.orgs++;
    const org = await readDocument(options, name);
    // The book's summaries: in the book document from schema version 3, in the organisation's before
    // (an entry the book document has wins, as sync-server/sync/book-index.ts reads them).
    const bookName = `org/${orgId}/book`;
    const book = stored.has(bookName) ? await readDocument(options, bookName) : {};
    const coverages = Object.values({
      ...(org.coverages as Record<string, CoverageSummary> | undefined),
      ...(book.coverages as Record<string, CoverageSummary> | undefined),
    });
    const claims = Object.values((org.claims ?? {}) as Record<string, ClaimSummary>);
    const records: Record<string, ClaimProposalRecord> = {};

    for (const p of proposeClaims(coverages, claims, snapshot, today)) {
      records[p.coverage.id] = lrpProposalRecord(p, snapshot.asOf, computedAt);
      run.lrp++;
    }

    const claimed = new Set(claims.flatMap((c) => c.coverageIds));
    const lgmCandidates = coverages.filter(
      (c) => c.plan === "lgm" && CLAIMABLE.has(c.status) && c.endDate < today && !claimed.has(c.id),
    );
    const byCustomer = new Map<string, CoverageSummary[]>();
    for (const c of lgmCandidates) byCustomer.set(c.customerId, [...(byCustomer.get(c.customerId) ?? []), c]);
    for (const [customerId, summaries] of byCustomer) {
      const customer = await readDocument(options, `org/${orgId}/customer/${customerId}`);
      const full = (customer.coverages ?? {}) as Record<string, LgmEndorsement>;
      for (const summary of summaries) {
        const endorsement = full[summary.id];
        if (endorsement?.plan !== "lgm") continue;
        const needs = lgmActualPriceNeeds(endorsement);
        await settlements.load(needs.filter((n) => n.expiry < today).flatMap((n) => n.days));
        const actualPrices = lgmActualPrices(needs, settlements.settlement, today);
        if ("missing" in actualPrices) {
          run.lgmWaiting.push({ coverageId: endorsement.id, reason: actualPrices.missing });
          continue;
        }
        const record = proposeLgmClaim({
          endorsement,
          customerId,
          claims,
          actualPrices,
          today,
          marketAsOf: snapshot.asOf,
          computedAt,
        });
        if (record) {
          records[record.id] = record;
          run.lgm++;
        }
      }
    }

    // A proposal that did not change keeps the stamps it was first made with: nothing is written then.
    const had = (org.claimProposals ?? {}) as Record<string, ClaimProposalRecord>;
    for (const [id, record] of Object.entries(records)) {
      const old = had[id];
      if (old && substance(old) === substance(record)) records[id] = old;
    }
    const same =
      Object.keys(records).length === Object.keys(had).length &&
      Object.entries(records).every(([id, r]) => had[id] === r);
    if (same) continue;
    const direct = await options.hocuspocus.openDirectConnection(name, { server: true });
    try {
      await direct.transact((doc: Y.Doc) => writeSections(doc, { claimProposals: records }));
    } finally {
      await direct.disconnect();
    }
  }
  options.log?.(
    `claim proposals after the snapshot of ${snapshot.asOf}: ${run.lrp} LRP, ${run.lgm} LGM in ${run.orgs} organisations (${Math.round(performance.now() - started)} ms)` +
      (run.lgmWaiting.length > 0 ? `; ${run.lgmWaiting.length} LGM endorsements wait for actual prices` : ""),
  );
  return run;
}
