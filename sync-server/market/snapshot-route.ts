import type { Hono } from "hono";
import { isMarketVersion, MARKET_SNAPSHOTS_PATH } from "../../shared/market/published";
import type { MarketHistory, MarketSource } from "./api";
import {
  type EncodedSnapshot,
  encodedByVersion,
  encodeSnapshotOffLoop,
  sendEncoded,
  snapshotVersion,
} from "./encoded";

// GET /api/market/snapshots/{version}: the snapshot a `market/current` notice names, as the bytes encoded
// once at publish. The address names one content (the version is a hash of it), so it is cached for a
// year and never revalidated — by the browser, a proxy or a CDN in front of the server. Not restricted,
// as GET /api/market/current is not.
//
// Looked up in this process's recent encodings (the publish put it there), else in the current source
// and the kept history (another instance published it): a version nothing here has is a 404.

const IMMUTABLE = "public, max-age=31536000, immutable";

async function find(
  version: string,
  source: MarketSource,
  history?: Pick<MarketHistory, "snapshotOf">,
): Promise<EncodedSnapshot | null> {
  const recent = encodedByVersion(version);
  if (recent) return recent;
  const current = await source.current();
  // Compared by version before anything is compressed, and compressed off the event loop (BOUND1):
  // a request naming a day of the history with any digits cost a whole encoding on the loop before.
  if (current && snapshotVersion(current) === version) return encodeSnapshotOffLoop(current);
  const kept = await history?.snapshotOf(version.slice(0, 10));
  if (kept && snapshotVersion(kept) === version) return encodeSnapshotOffLoop(kept);
  return null;
}

export function mountMarketSnapshots(
  app: Hono,
  source: MarketSource,
  history?: Pick<MarketHistory, "snapshotOf">,
): void {
  app.get(`${MARKET_SNAPSHOTS_PATH}/:version`, async (c) => {
    const version: string = c.req.param("version");
    if (!isMarketVersion(version))
      return c.json(
        {
          error: "invalid-input",
          message: `The path is invalid: version must be YYYY-MM-DD.<16 hex digits>, got ${JSON.stringify(c.req.param("version").slice(0, 40))}`,
        },
        400,
      );
    const encoded = await find(version, source, history);
    if (!encoded)
      return c.json(
        { error: "not-found", message: `No market snapshot ${version} is published on this server` },
        404,
      );
    return sendEncoded(c, encoded, IMMUTABLE);
  });
}
