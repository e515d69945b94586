import { documentName } from "../../../../shared/documents/names";
import { httpMarketSource } from "../../pricing/http-market-source";
import {
  type LoadedMarket,
  type MarketSnapshotSource,
  MarketUnavailableError,
} from "../../pricing/market-source";
import type { SyncClient } from "../sync-client";
import { MarketHistory } from "./market-history";

// The market snapshot on the device for a signed-in user: the read-only `market/current` document
// (published by the server, kept in IndexedDB) and the previous snapshot this device saw. Offered to
// src/lib/pricing as a snapshot source, and read by the watchlist.

const histories = new WeakMap<SyncClient, MarketHistory>();

/** The market history of a client's user (opens market/current if needed). */
export function marketHistoryOf(client: SyncClient): MarketHistory {
  let history = histories.get(client);
  if (!history) {
    history = new MarketHistory(client.open<"market">(documentName.market()));
    histories.set(client, history);
  }
  return history;
}

const waitFor = (history: MarketHistory, ms: number) =>
  new Promise<void>((resolve) => {
    if (history.get().current) return resolve();
    const timer = setTimeout(done, ms);
    const unsubscribe = history.subscribe(() => {
      if (history.get().current) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });

/**
 * A MarketSnapshotSource for src/lib/pricing: the newer of the synced `market/current` document and
 * GET /api/market/current (which itself falls back to its copy on the device). While the socket is
 * connected and the document's snapshot is on the device, that is the current one (a newer publish
 * arrives as a notice and reloads the source): no second download of the same snapshot over HTTP.
 */
export function documentMarketSource(client: SyncClient, waitMs = 6000): MarketSnapshotSource {
  return {
    async load(): Promise<LoadedMarket> {
      const history = marketHistoryOf(client);
      const held = history.get().current;
      if (held && client.getStatus().socket === "connected") return { snapshot: held, fromDevice: false };
      // One download of one snapshot: while the history gets a notice's snapshot, wait for it; else
      // the history takes this download for a notice of the same version (MarketHistory.expect).
      if (!held && history.isFetching()) {
        await waitFor(history, waitMs);
        const fetched = history.get().current;
        if (fetched) return { snapshot: fetched, fromDevice: client.getStatus().socket !== "connected" };
      }
      const download = httpMarketSource.load();
      history.expect(download);
      const [http] = await Promise.all([download.catch(() => null), waitFor(history, waitMs)]);
      const fromDocument = history.get().current;
      const httpAsOf = (http?.snapshot as { asOf?: unknown } | undefined)?.asOf;
      if (fromDocument && (!http || typeof httpAsOf !== "string" || fromDocument.asOf >= httpAsOf)) {
        return { snapshot: fromDocument, fromDevice: client.getStatus().socket !== "connected" };
      }
      if (http) return http;
      throw new MarketUnavailableError(
        "Market prices could not be loaded and none are saved on this device yet. Connect once to load them.",
      );
    },
  };
}
