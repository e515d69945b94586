import type { MountResource } from "../routes/context";
import { mountMarketTools } from "./market-tools";
import { mountPlatformApi } from "./routes";

/** The platform (docs/administration.md): organisations, status, the outbox, and the market tools. */
export const mountPlatform: MountResource = (api, ctx) => {
  const { storage, verify, market } = ctx;
  mountPlatformApi(api, {
    storage,
    verify,
    disabled: ctx.disabled,
    onMembershipChanged: ctx.membershipChanged,
  });
  // The tools screen: uploaded market files published (and kept by the feed), the job runs.
  const feed = market.feed;
  mountMarketTools(api, {
    storage,
    verify,
    latest: async () => (feed ? feed.latest() : null),
    publish: (snapshot) => (feed ? feed.publishSnapshot(snapshot) : ctx.publishMarket(snapshot)),
    runs: feed ? (limit) => feed.listRuns(limit) : null,
    work: ctx.work,
  });
};
