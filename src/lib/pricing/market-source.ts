// Where the page gets its market snapshot. One small interface so the quote screens do not care
// whether the snapshot came over HTTP (GET /api/market/current, kept on the device for offline use) or,
// for a signed-in user, from the synced `market/current` document of the local-first layer.

export interface LoadedMarket {
  /** The snapshot as JSON (the worker parses it with shared/market's marketSnapshotSchema). */
  snapshot: unknown;
  /** True when it is the copy kept on this device because the network could not be reached. */
  fromDevice: boolean;
  /**
   * The published version it is (shared/market/published.ts), when the answer says so: the synced
   * market history then takes it for a notice of that version instead of downloading it again.
   */
  version?: string;
}

export interface MarketSnapshotSource {
  /** Resolves the newest snapshot the source can give; rejects with MarketUnavailableError when none. */
  load(): Promise<LoadedMarket>;
  /**
   * The snapshot's LRP part (docs/first-visit.md: `lgm` empty, a tenth of the bytes), sooner than the whole one;
   * undefined when the source has no such part or cannot give it now. `load` follows it.
   */
  loadLrpPart?(): Promise<LoadedMarket | undefined>;
}

export class MarketUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MarketUnavailableError";
  }
}
