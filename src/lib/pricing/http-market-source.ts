import { isMarketVersion } from "../../../shared/market/published";
import { type LoadedMarket, type MarketSnapshotSource, MarketUnavailableError } from "./market-source";

// The snapshot from GET /api/market/current. Each answer is also put into Cache Storage (the cache the
// service worker's NetworkFirst route for this URL uses), so with no network the last snapshot is read
// from the device. The service worker alone would also answer offline, but the first visit's request
// is made before it controls the page; writing here makes "offline after one visit" hold regardless.

export const MARKET_URL = "/api/market/current";
/**
 * The snapshot without LGM's data (docs/first-visit.md), which the HTML preloads for a first LRP quote
 * (vite.config.ts, the same URL and credentials so this fetch takes the preloaded answer). Not kept on
 * the device: the whole snapshot, fetched after it, is.
 */
export const MARKET_LRP_PART_URL = `${MARKET_URL}?part=lrp`;
/** Shared with src/sw.ts's runtime route for MARKET_URL. */
export const MARKET_CACHE = "rangeline-market";
/** One bar of signal: give up on the network after this long and use the device's copy. */
const NETWORK_TIMEOUT_MS = 6000;

/**
 * The published version an answer carries in its ETag (`"{version}[+part][+encoding]"`,
 * sync-server/market/encoded.ts), or undefined.
 */
export function versionOf(response: Response): string | undefined {
  const tag = response.headers.get("etag")?.replace(/^W\//, "").replaceAll('"', "");
  const version = tag?.split("+")[0];
  return isMarketVersion(version) ? version : undefined;
}

type Answer = { json: unknown; version: string | undefined };
const answerOf = async (response: Response): Promise<Answer> => ({
  json: await response.json(),
  version: versionOf(response),
});

async function fromNetwork(url = MARKET_URL): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal: controller.signal, cache: "no-cache" });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (url === MARKET_URL && typeof caches !== "undefined") {
      const cache = await caches.open(MARKET_CACHE);
      await cache.put(MARKET_URL, response.clone());
    }
    return await answerOf(response);
  } finally {
    clearTimeout(timer);
  }
}

async function fromDevice(): Promise<Answer | undefined> {
  if (typeof caches === "undefined") return undefined;
  const cache = await caches.open(MARKET_CACHE);
  const response = await cache.match(MARKET_URL);
  return response ? await answerOf(response) : undefined;
}

const offline = () => typeof navigator !== "undefined" && !navigator.onLine;

/** The whole snapshot from the network, else the device's copy. */
async function loadWhole(): Promise<LoadedMarket> {
  try {
    const { json, version } = await fromNetwork();
    // Offline with the service worker in control, the "network" answer is the SW's cached copy.
    return { snapshot: json, fromDevice: offline(), version };
  } catch (networkError) {
    const kept = await fromDevice().catch(() => undefined);
    if (kept !== undefined) return { snapshot: kept.json, fromDevice: true, version: kept.version };
    const reason = networkError instanceof Error ? networkError.message : String(networkError);
    throw new MarketUnavailableError(
      `Market prices could not be loaded (${reason}) and none are saved on this device yet. Connect once to load them.`,
    );
  }
}

let loading: Promise<LoadedMarket> | undefined;

export const httpMarketSource: MarketSnapshotSource = {
  async loadLrpPart(): Promise<LoadedMarket | undefined> {
    try {
      return { snapshot: (await fromNetwork(MARKET_LRP_PART_URL)).json, fromDevice: offline() };
    } catch {
      // The whole snapshot (load) says why, or comes from the device.
      return undefined;
    }
  },
  load(): Promise<LoadedMarket> {
    // Callers at once (the pricing store restarted with a new source while loading) share one download.
    loading ??= loadWhole().finally(() => {
      loading = undefined;
    });
    return loading;
  },
};
