import type { MarketSnapshot } from "../../shared/market/snapshot";
import { now } from "../clock";
import type { MarketSource } from "./api";
import { nextCentralMidnight } from "./central-time";

// With no market feed configured (development, e2e), the embedded sample data — labelled "sample market
// data" and dated today, Central time — is published into `market/current`. It must roll over at
// Central midnight: GET /api/market/current moves to the new day at once (the source is dated by the
// clock), so a notice that waited for a periodic check kept devices on the previous day's sample for up
// to the check's interval. The next publish is timed to the next Central midnight, with the periodic
// check kept as a safety net (a suspended machine, a clock change).

export interface SamplePublisherOptions {
  source: MarketSource;
  publish: (snapshot: MarketSnapshot) => Promise<void>;
  clock?: () => Date;
  /** The safety-net check's interval (default 15 minutes). */
  checkMs?: number;
  log?: (message: string) => void;
}

export interface SamplePublisher {
  /** The as-of date last published, if any. */
  published(): string | undefined;
  stop(): void;
}

/** A timer a little after midnight: timers may fire a millisecond early. */
const MIDNIGHT_MARGIN_MS = 50;

export async function startSamplePublisher(options: SamplePublisherOptions): Promise<SamplePublisher> {
  const clock = options.clock ?? now;
  const checkMs = options.checkMs ?? 15 * 60_000;
  let published: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const publishIfNew = async () => {
    const snapshot = await options.source.current();
    if (!snapshot || snapshot.asOf === published) return;
    await options.publish(snapshot);
    published = snapshot.asOf;
  };
  const scheduleNext = () => {
    if (stopped) return;
    const now = clock();
    const untilMidnight = nextCentralMidnight(now).getTime() - now.getTime() + MIDNIGHT_MARGIN_MS;
    timer = setTimeout(run, Math.min(checkMs, untilMidnight));
    timer.unref?.();
  };
  const run = () => {
    publishIfNew()
      .catch((e) => options.log?.(`[market] sample publish: ${e instanceof Error ? e.message : e}`))
      .finally(scheduleNext);
  };

  await publishIfNew();
  scheduleNext();
  return {
    published: () => published,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
