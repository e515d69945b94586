import { emailSenderFrom } from "../outbound/email";
import type { MountResource } from "../routes/context";
import { mountApplicationsApi } from "./routes";

/** Applications for coverage (docs/applications.md): anyone submits; the organisation's agents review and decide. */
export const mountApplications: MountResource = (api, ctx) => {
  const mail = emailSenderFrom(ctx.config, ctx.storage);
  mountApplicationsApi(api, {
    storage: ctx.storage,
    verify: ctx.verify,
    dataKey: ctx.dataKey,
    store: ctx.store,
    trustedHops: ctx.config.TRUST_PROXY_HOPS,
    counts: ctx.config,
    appUrl: ctx.publicUrl,
    // Into the e-mail outbox (the outbound adapter delivers from there).
    sendEmail: async (m) => {
      await mail.send({ ...m, html: m.html ?? undefined, headers: {} });
    },
    log: ctx.log,
  });
};
