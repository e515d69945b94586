import { useEffect, useState } from "react";
import type { CustomerProfile, LgmEndorsement } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import type { PricingClient, Result } from "../../../worker/client";
import { usePricing } from "../../lib/pricing/use-pricing";
import { useDeviceMarket } from "../../lib/sync/react/use-device-market";
import {
  type CurveAgreement,
  type CurveRow,
  curveAgreement,
  curveRows,
  endorsementQuoteInput,
} from "./lgm-curve";

// The stored LGM endorsement's deductible curve, priced in the pricing worker (the LGM quote screen's)
// on the market snapshot of its sales date. Where that snapshot comes from, in order: the snapshot the
// page's worker already holds (the quote and create screens' one, when it is of the sales date); the
// current or previous snapshot kept on this device (the watchlist's market history); online, the
// server's market history (GET /api/market/history/{date}). A snapshot other than the page's current
// one is priced in a worker of its own, so the quote screens' market never changes under them.

export type CurveSource = "device" | "server";

export type EndorsementCurve =
  | { status: "loading" }
  | { status: "unavailable"; reason: string }
  | { status: "failed"; message: string }
  | {
      status: "done";
      rows: CurveRow[];
      agreement: CurveAgreement;
      source: CurveSource;
      /** The snapshot's own name (e.g. "RMA 2026-11-20"), to compare with the record's. */
      snapshotLabel: string;
    };

interface Priced {
  quote: LgmQuote;
  source: CurveSource;
  label: string;
}

let own: Promise<{ client: PricingClient; key: string | null }> | undefined;

/** A second pricing worker for snapshots other than the page's current one (loaded once per date). */
async function priceOnSnapshot(snapshot: { asOf: string; label?: string }, input: unknown) {
  own ??= import("../../../worker/client").then(({ createPricingClient }) => ({
    client: createPricingClient(),
    key: null,
  }));
  const p = await own;
  const key = `${snapshot.asOf}:${snapshot.label ?? ""}`;
  if (p.key !== key) {
    const set = await p.client.api.setMarket(snapshot);
    if (!set.ok) return set;
    p.key = key;
  }
  return p.client.latest("lgm-endorsement-curve", (api) =>
    api.quoteLgm(input, { channel: "lgm-endorsement-curve" }),
  );
}

async function fromServer(salesDate: string): Promise<{ asOf: string; label?: string } | null> {
  const response = await fetch(`/api/market/history/${encodeURIComponent(salesDate)}`);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the market history answered ${response.status}`);
  return (await response.json()) as { asOf: string; label?: string };
}

const notOnDevice = (salesDate: string, why: string) =>
  `The market data of the sales date (${salesDate}) is not on this device${why}, so the curve cannot be priced here.`;

export function useEndorsementCurve(
  e: LgmEndorsement,
  profile: Pick<CustomerProfile, "farmerClassification" | "farmingSinceYear"> | undefined,
): EndorsementCurve {
  const pricing = usePricing();
  const device = useDeviceMarket();
  const [state, setState] = useState<EndorsementCurve>({ status: "loading" });

  let input: ReturnType<typeof endorsementQuoteInput> | null = null;
  let inputError: string | null = null;
  try {
    input = endorsementQuoteInput(e, profile);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    inputError = error.message;
  }
  const inputKey = input ? JSON.stringify(input) : null;
  const pageAsOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const kept = [device.current, device.previous].find((s) => s?.asOf === e.salesDate) ?? null;
  const keptKey = kept ? `${kept.asOf}:${kept.label}` : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the input and snapshots.
  useEffect(() => {
    if (inputError) {
      setState({ status: "failed", message: inputError });
      return;
    }
    if (pricing.status === "loading" || !input) {
      setState({ status: "loading" });
      return;
    }
    let live = true;
    const request = input;
    const done = (r: Result<LgmQuote> | null, source: CurveSource, label: string) => {
      if (!live || !r) return;
      if (!r.ok) {
        if (r.error.code !== "superseded") setState({ status: "failed", message: r.error.message });
        return;
      }
      const priced: Priced = { quote: r.value, source, label };
      const rows = curveRows(e, priced.quote);
      setState({
        status: "done",
        rows,
        agreement: curveAgreement(e, rows),
        source: priced.source,
        snapshotLabel: priced.label,
      });
    };
    setState({ status: "loading" });
    void (async () => {
      try {
        if (pricing.status === "ready" && pageAsOf === e.salesDate) {
          const r = await pricing.client.latest("lgm-endorsement-curve", (api) =>
            api.quoteLgm(request, { channel: "lgm-endorsement-curve" }),
          );
          return done(r, "device", pricing.market.label);
        }
        if (kept) return done(await priceOnSnapshot(kept, request), "device", kept.label);
        if (typeof navigator !== "undefined" && !navigator.onLine) {
          if (live)
            setState({ status: "unavailable", reason: notOnDevice(e.salesDate, " and you are offline") });
          return;
        }
        const fetched = await fromServer(e.salesDate);
        if (!fetched) {
          if (live)
            setState({
              status: "unavailable",
              reason: notOnDevice(
                e.salesDate,
                ", and the server's market history has no snapshot of that day",
              ),
            });
          return;
        }
        done(await priceOnSnapshot(fetched, request), "server", fetched.label ?? "");
      } catch (error) {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({
          status: "unavailable",
          reason: notOnDevice(e.salesDate, ` and could not be fetched (${message})`),
        });
      }
    })();
    return () => {
      live = false;
    };
  }, [inputKey, inputError, pricing.status, pageAsOf, keptKey, e.salesDate, e.deductible, e.producerPremium]);

  return state;
}
