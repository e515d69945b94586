import { type MarketSnapshot, marketSnapshotSchema } from "../../../../shared/market";
import type { SyncedDocument } from "../synced-document";

// The device's memory of market snapshots: the current one comes from the synced `market/current`
// document; when the server publishes a newer one, the one this device saw before is kept as the
// previous snapshot (for "change since the previous snapshot"). Both stay on the device beside the
// market document, so the watchlist works offline with the last snapshot.

const LAST_SEEN = "market:last-seen";
const PREVIOUS = "market:previous";

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
  private readonly unsubscribe: () => void;

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
    this.section = data.snapshot;
    const current = snapshotOf(data.snapshot);
    if (!current) return;
    if (current.asOf === this.seenAsOf) {
      this.set({ ...this.state, current });
      return;
    }
    this.seenAsOf = current.asOf;
    const lastSeen = parseStored(await this.document.getLocal(LAST_SEEN));
    const next = rotate(lastSeen, current, this.state.previous);
    if (next.lastSeen !== lastSeen) await this.document.setLocal(LAST_SEEN, JSON.stringify(next.lastSeen));
    if (next.previous !== this.state.previous && next.previous)
      await this.document.setLocal(PREVIOUS, JSON.stringify(next.previous));
    this.set({ current, previous: next.previous });
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
    this.unsubscribe();
  }
}
