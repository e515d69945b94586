import { type MarketSnapshot, marketSnapshotSchema } from "../../../../shared/market";
import {
  fetchPublishedSnapshot,
  type PublishedMarket,
  publishedMarketOf,
} from "../../../../shared/market/published";
import type { SyncedDocument } from "../synced-document";

// The device's memory of market snapshots: the current one comes from the synced `market/current`
// document; when the server publishes a newer one, the one this device saw before is kept as the
// previous snapshot (for "change since the previous snapshot"). Both stay on the device beside the
// market document, so the watchlist works offline with the last snapshot.
//
// The document carries a small notice of the published snapshot (shared/market/published.ts): the
// snapshot of a version not on the device yet is fetched once (GET /api/market/snapshots/{version}) and
// kept as the last seen one. Offline, or while that fetch fails, the last seen snapshot stays current and
// the fetch is tried again. A whole snapshot in the section (an older server) is read as it is.

const LAST_SEEN = "market:last-seen";
const LAST_SEEN_VERSION = "market:last-seen-version";
const PREVIOUS = "market:previous";
const RETRY_MS = 15_000;

/** The market/current document's snapshot section as a full snapshot, or null when absent or partial. */
export function snapshotOf(section: unknown): MarketSnapshot | null {
  if (!section) return null;
  const parsed = marketSnapshotSchema.safeParse(section);
  return parsed.success ? parsed.data : null;
}

const parseStored = (value: unknown): MarketSnapshot | null => {
  if (typeof value !== "string") return null;
  try {
    return snapshotOf(JSON.parse(value));
  } catch {
    return null;
  }
};

/** A snapshot downloaded elsewhere, with the published version its answer named. */
export interface OfferedSnapshot {
  snapshot: unknown;
  version?: string;
}

export interface MarketHistoryState {
  current: MarketSnapshot | null;
  previous: MarketSnapshot | null;
}

/**
 * Decides what to keep when the document shows `current` and the device last saw `lastSeen`: a newer
 * snapshot makes the last seen one the previous; the same or an older one changes nothing.
 */
export function rotate(
  lastSeen: MarketSnapshot | null,
  current: MarketSnapshot,
  previous: MarketSnapshot | null,
): { lastSeen: MarketSnapshot; previous: MarketSnapshot | null } {
  if (!lastSeen || lastSeen.asOf === current.asOf) return { lastSeen: current, previous };
  if (lastSeen.asOf > current.asOf) return { lastSeen, previous };
  return { lastSeen: current, previous: lastSeen };
}

export class MarketHistory {
  private state: MarketHistoryState = { current: null, previous: null };
  private readonly listeners = new Set<() => void>();
  private seenAsOf: string | null = null;
  private section: unknown;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly unsubscribe: () => void;
  /** A download of the current snapshot under way elsewhere (GET /api/market/current): see `expect`. */
  private offered: Promise<OfferedSnapshot | null> | undefined;
  /** Whether a notice's snapshot is being looked up or downloaded right now. */
  private fetching = false;

  constructor(private readonly document: SyncedDocument<"market">) {
    this.unsubscribe = document.subscribe(() => void this.follow());
    void this.load();
  }

  private async load() {
    const previous = parseStored(await this.document.getLocal(PREVIOUS));
    this.set({ ...this.state, previous });
    await this.follow();
  }

  private async follow() {
    const { data, loaded } = this.document.getState();
    if (!loaded || data.snapshot === this.section) return;
    const section = data.snapshot;
    this.section = section;
    const whole = snapshotOf(section);
    const { current, version } = whole
      ? { current: whole, version: null }
      : await this.fetchPublished(section);
    if (!current || this.section !== section) return;
    if (current.asOf === this.seenAsOf) {
      if (version) await this.keep(current, version);
      this.set({ ...this.state, current });
      return;
    }
    this.seenAsOf = current.asOf;
    const lastSeen = parseStored(await this.document.getLocal(LAST_SEEN));
    const next = rotate(lastSeen, current, this.state.previous);
    if (next.lastSeen !== lastSeen) await this.document.setLocal(LAST_SEEN, JSON.stringify(next.lastSeen));
    if (version && next.lastSeen === current) await this.document.setLocal(LAST_SEEN_VERSION, version);
    if (next.previous !== this.state.previous && next.previous)
      await this.document.setLocal(PREVIOUS, JSON.stringify(next.previous));
    this.set({ current, previous: next.previous });
  }

  /**
   * The snapshot the page is downloading anyway (GET /api/market/current, with its version from the
   * ETag): a notice of that version waits for it and takes it instead of downloading the same bytes
   * again from /api/market/snapshots/{version}. A first sign-in's quote screen did both at once.
   */
  expect(download: Promise<OfferedSnapshot | null>): void {
    this.offered = download.catch(() => null);
  }

  /** True while a notice's snapshot is being looked up or downloaded. */
  isFetching = (): boolean => this.fetching;

  private async keep(snapshot: MarketSnapshot, version: string) {
    await this.document.setLocal(LAST_SEEN, JSON.stringify(snapshot));
    await this.document.setLocal(LAST_SEEN_VERSION, version);
  }

  /**
   * The snapshot a published notice names, with its version: from the device when it has that version,
   * else fetched. When it cannot be fetched: the device's last snapshot without a version, and a retry.
   */
  private async fetchPublished(
    section: unknown,
  ): Promise<{ current: MarketSnapshot | null; version: string | null }> {
    const published = publishedMarketOf(section);
    if (!published) return { current: null, version: null };
    clearTimeout(this.retry);
    this.fetching = true;
    try {
      return await this.lookUp(section, published);
    } finally {
      this.fetching = false;
    }
  }

  private async lookUp(
    section: unknown,
    published: PublishedMarket,
  ): Promise<{ current: MarketSnapshot | null; version: string | null }> {
    // Taken once: the page does not keep a second copy of the snapshot alive for later notices.
    const offered = this.offered;
    this.offered = undefined;
    if ((await this.document.getLocal(LAST_SEEN_VERSION)) === published.version) {
      const kept = parseStored(await this.document.getLocal(LAST_SEEN));
      if (kept) return { current: kept, version: published.version };
    }
    const download = await offered;
    if (download?.version === published.version) {
      const taken = snapshotOf(download.snapshot);
      if (taken) return { current: taken, version: published.version };
    }
    try {
      const fetched = snapshotOf(await fetchPublishedSnapshot(published));
      if (!fetched) throw new Error(`the snapshot ${published.version} is not a market snapshot`);
      return { current: fetched, version: published.version };
    } catch {
      // Offline or the server is unreachable: the device's last snapshot stays current; try again.
      this.retry = setTimeout(() => {
        if (this.section !== section) return;
        this.section = undefined;
        void this.follow();
      }, RETRY_MS);
      const kept = this.state.current ?? parseStored(await this.document.getLocal(LAST_SEEN));
      return { current: kept, version: null };
    }
  }

  private set(next: MarketHistoryState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  get = (): MarketHistoryState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close() {
    clearTimeout(this.retry);
    this.unsubscribe();
  }
}
