import { useEffect, useState } from "react";
import { addDays } from "../../../shared/market/dates";
import type { LrpActualEndingValue } from "../../../shared/market/snapshot";
import { authorizedJson } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatPercent } from "../../lib/format";
import { usePricing } from "../../lib/pricing/use-pricing";
import { ScrollRegion } from "../ui/scroll-region";
import {
  backtest,
  type DataSource,
  type OfferDay,
  otherLevels,
  type Range,
  sourceCounts,
  windowSummary,
} from "./history-math";
import "./market-history.css";

// Loaded lazily by HistorySlot (signed in and online only): the offer's last 365 days from the server's
// history, a small chart, today against the last 30 and 365 days, and the back-test.

export interface OfferKey {
  commodity: string;
  type: string;
  length: number;
  coverageLevel: number;
  asOf: string;
}

type Loaded = { days: OfferDay[]; endingValues: LrpActualEndingValue[]; endingSource: DataSource };

export default function OfferHistory({ offer }: { offer: OfferKey }) {
  const session = useSession();
  const [state, setState] = useState<{ key: string; data?: Loaded; error?: string } | null>(null);
  const key = JSON.stringify(offer);

  const getToken = session.getAccessToken;
  // RMA's actual ending values come from the snapshot the quote was priced on, in the pricing worker:
  // not a second download of it.
  const pricing = usePricing();
  const client = pricing.status === "ready" ? pricing.client : null;
  const marketSource = pricing.status === "ready" ? pricing.market.source : null;
  useEffect(() => {
    if (!client) return;
    let cancelled = false;
    const offer = JSON.parse(key) as OfferKey;
    const query = new URLSearchParams({
      commodity: offer.commodity,
      type: offer.type,
      length: String(offer.length),
      coverageLevel: String(offer.coverageLevel),
      from: addDays(offer.asOf, -365),
      to: offer.asOf,
    });
    void (async () => {
      try {
        const token = await getToken();
        // The ending values are extra: without them the back-test only has fewer settled days.
        const [{ days }, ending] = await Promise.all([
          authorizedJson<{ days: OfferDay[] }>(`/api/market/history/lrp?${query}`, token),
          client.api.lrpEndingValues(),
        ]);
        const endingValues = ending.ok ? ending.value : [];
        // The snapshot's ending values are sample when the snapshot is the sample data.
        const endingSource: DataSource = marketSource === "sample" ? "sample" : "real";
        if (!cancelled) setState({ key, data: { days, endingValues, endingSource } });
      } catch (e) {
        if (!cancelled) setState({ key, error: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [key, getToken, client, marketSource]);

  if (!state || state.key !== key) return <p className="offer-history">Loading this offer's history…</p>;
  if (state.error || !state.data)
    return <p className="offer-history">The offer's history is not available. {state.error}</p>;
  const { days, endingValues, endingSource } = state.data;
  const counts = sourceCounts(days);
  const levels = otherLevels(days);
  const today = days.find((d) => d.asOf === offer.asOf);
  const month = windowSummary(days, offer.asOf, 30);
  const year = windowSummary(days, offer.asOf, 365);
  if (days.length < 2 || !today)
    return (
      <p className="offer-history" data-testid="offer-history-empty">
        No history of this offer is kept yet: the comparison appears once the server has published it on
        earlier days.
      </p>
    );
  const rows = backtest(
    days.filter((d) => d.asOf < offer.asOf),
    endingValues,
    offer.commodity,
    offer.type,
    endingSource,
  ).reverse();
  return (
    <section className="offer-history" data-testid="offer-history" aria-label="This offer's history">
      <h3>This offer over the last year</h3>
      <p className="note" data-testid="history-sources">
        {counts.real} real {counts.real === 1 ? "day" : "days"} from RMA's published offers, {counts.sample}{" "}
        sample {counts.sample === 1 ? "day" : "days"} (days the server has not stored, filled from the sample
        data){endingSource === "sample" ? "; ending values are sample data" : ""}.
      </p>
      {levels.length > 0 ? (
        <p className="note" data-testid="history-levels">
          RMA's coverage levels vary by day: days without an offer at {formatPercent(offer.coverageLevel)} are
          read at the nearest offered level below it (
          {levels
            .map((l) => `${formatPercent(l.level)} on ${l.days} ${l.days === 1 ? "day" : "days"}`)
            .join(", ")}
          ).
        </p>
      ) : null}
      <Chart days={days} />
      <ScrollRegion label="Today against the last 30 and 365 days">
        <table className="offer-history__compare">
          <thead>
            <tr>
              <th />
              <th>Today</th>
              <th>30 days (low · mean · high)</th>
              <th>365 days (low · mean · high)</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>Coverage price ($/cwt)</th>
              <td>{today.coveragePrice.toFixed(2)}</td>
              <td>{show(month?.coveragePrice)}</td>
              <td>{show(year?.coveragePrice)}</td>
            </tr>
            <tr>
              <th>Premium, total ($/cwt)</th>
              <td>{today.costPerCwt.toFixed(2)}</td>
              <td>{show(month?.premium)}</td>
              <td>{show(year?.premium)}</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      <details className="offer-history__backtest" data-testid="backtest">
        <summary>Back-test: what this endorsement bought on each past day paid at its end</summary>
        <p>
          Per cwt. Indemnity = coverage price − RMA's actual ending value, when above 0; net = indemnity −
          producer premium (after the level's subsidy). Days whose endorsement has not ended show no ending
          value yet.
        </p>
        <ScrollRegion label="Back-test by day bought">
          <table>
            <thead>
              <tr>
                <th>Bought</th>
                <th>Ends</th>
                <th>Coverage price</th>
                <th>Producer premium</th>
                <th>Actual ending value</th>
                <th>Indemnity</th>
                <th>Net</th>
                <th>Data</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.asOf}>
                  <td>{formatDate(r.asOf)}</td>
                  <td>{formatDate(r.endDate)}</td>
                  <td>{r.coveragePrice}</td>
                  <td>{r.producerPremium ?? `${r.premium} (total)`}</td>
                  <td>{r.actualEndingValue ?? "not yet"}</td>
                  <td>{r.indemnity ?? "—"}</td>
                  <td>{r.net ?? "—"}</td>
                  <td>{dataLabel(r.daySource, r.endingSource)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
}

/** "Real", "Sample", or "Real day, sample ending value". */
const dataLabel = (day: DataSource, ending: DataSource | null) =>
  ending === null || ending === day
    ? day === "real"
      ? "Real"
      : "Sample"
    : `${day === "real" ? "Real" : "Sample"} day, ${ending} ending value`;

const show = (r: Range | undefined) =>
  r ? `${r.min} · ${r.mean} · ${r.max} (${r.days} days)` : "no days kept";

/** Coverage price (line) and total premium (second line) by day, scaled to a small SVG. */
function Chart({ days }: { days: OfferDay[] }) {
  const w = 320;
  const h = 90;
  const line = (pick: (d: OfferDay) => number) => {
    const values = days.map(pick);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return values
      .map(
        (v, i) =>
          `${((i / (values.length - 1)) * w).toFixed(1)},${(h - 4 - ((v - lo) / (hi - lo || 1)) * (h - 8)).toFixed(1)}`,
      )
      .join(" ");
  };
  return (
    <svg
      className="offer-history__chart"
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label="Coverage price and premium by day"
    >
      <polyline className="offer-history__price" points={line((d) => d.coveragePrice)} fill="none" />
      <polyline className="offer-history__premium" points={line((d) => d.costPerCwt)} fill="none" />
    </svg>
  );
}
