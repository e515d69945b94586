import type { MountResource } from "../routes/context";
import { mountPartnerApi } from "./api";

/** The partner API and its keys (docs/partner-api.md). */
export const mountPartner: MountResource = (api, ctx) =>
  mountPartnerApi(api, {
    storage: ctx.storage,
    verify: ctx.verify,
    store: ctx.store,
    market: () => ctx.market.source,
    perKeyPerMinute: ctx.config.PARTNER_API_PER_KEY_PER_MINUTE,
    publicUrl: ctx.publicUrl,
    log: ctx.log,
  });
