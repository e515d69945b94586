import { documentName } from "../../../shared/documents/names";
import type { WatchSetup } from "../../../shared/documents/watchlist";
import { DomainError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { useSession } from "../../lib/auth/session";
import { formatDate } from "../../lib/format";
import { lastTradingDay, useDeviceMarket, useDocument } from "../../lib/sync";
import { AddSetupForm } from "./add-setup-form";
import { PushNotifications } from "./push-notifications";
import { useWatchFigures } from "./use-watch-figures";
import { WatchItem } from "./watch-item";
import "./watchlist.css";
import { useState } from "react";

/**
 * /insurance/watchlist (agents and customers): the user's saved quote setups, each priced by the
 * worker against the latest market snapshot on the device, with the snapshot's date and the change
 * since the previous snapshot. The watchlist is a synced document: it works offline and follows the
 * user to their other devices.
 */
export default function WatchlistPage() {
  const session = useSession();
  const userId = session.user?.sub ?? null;
  const watchlist = useDocument<"watchlist">(userId ? documentName.watchlist(userId) : null);
  const market = useDeviceMarket();
  const [error, setError] = useState<string | null>(null);

  const items = Object.values(watchlist.state?.data.items ?? {})
    .filter((item): item is WatchSetup & { id: string } => typeof item.id === "string")
    .sort((a, b) => (a.addedAt ?? "").localeCompare(b.addedAt ?? "") || a.id.localeCompare(b.id));
  const figures = useWatchFigures(items, market.current, market.previous);

  const guarded = (change: () => void) => {
    try {
      change();
      setError(null);
    } catch (e) {
      setError(e instanceof DomainError ? e.message : String(e));
    }
  };
  const add = (setup: Omit<WatchSetup, "id">) =>
    guarded(() => {
      const id = crypto.randomUUID();
      watchlist.write((t) => t.set("items", [id], { ...setup, id, addedAt: new Date().toISOString() }));
    });

  if (!watchlist.state?.loaded) return <p>Loading your watchlist…</p>;

  return (
    <div className="watchlist" data-testid="watchlist-page">
      <MarketLine market={market} />
      {watchlist.readOnly ? null : <PushNotifications />}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {items.length === 0 ? (
        <p data-testid="watchlist-empty">
          No setups yet. Save one from the LRP or LGM quote screen, or add one by hand below.
        </p>
      ) : (
        <ul className="watchlist__items" aria-label="Saved setups">
          {items.map((item) => (
            <WatchItem
              key={item.id}
              setup={item}
              figures={figures[item.id]}
              hasPrevious={market.previous !== null}
              readOnly={watchlist.readOnly}
              onRename={(name) =>
                guarded(() =>
                  watchlist.write((t) =>
                    t
                      .set("items", [item.id, "name"], name)
                      .set("items", [item.id, "updatedAt"], new Date().toISOString()),
                  ),
                )
              }
              onRemove={() => guarded(() => watchlist.write((t) => t.remove("items", [item.id])))}
              onTarget={(target) =>
                guarded(() =>
                  watchlist.write((t) =>
                    (target
                      ? t.set("items", [item.id, "target"], target)
                      : t.remove("items", [item.id, "target"])
                    ).set("items", [item.id, "updatedAt"], new Date().toISOString()),
                  ),
                )
              }
            />
          ))}
        </ul>
      )}
      {watchlist.readOnly ? null : <AddSetupForm onAdd={add} />}
    </div>
  );
}

function MarketLine({ market }: { market: ReturnType<typeof useDeviceMarket> }) {
  if (!market.current)
    return (
      <Alert tone="warning" title="No market snapshot on this device yet">
        Premiums appear once the market snapshot has loaded; connect once to load it.
      </Alert>
    );
  return (
    <p className="watchlist__market" data-testid="market-as-of" data-stale={market.stale}>
      Premiums as of <strong>{formatDate(market.current.asOf)}</strong> ({market.current.label})
      {market.previous ? `, compared with ${formatDate(market.previous.asOf)}` : ""}.
      {market.stale ? (
        <span className="watchlist__stale" data-testid="market-stale">
          {" "}
          Stale: older than the last trading day ({formatDate(lastTradingDay(Date.now()))}).
        </span>
      ) : null}
    </p>
  );
}
