import { emailSenderFrom } from "../outbound/email";
import type { MountResource } from "../routes/context";
import { mountDeliveryCallbacks } from "./delivery-callbacks";
import { campaignDocuments } from "./documents";
import { mountResubscribeApi } from "./resubscribe";
import { mountCampaignsApi } from "./routes";
import { mountShortLinks } from "./short-links";
import { mountSmsInbound } from "./sms-inbound";
import { mountUnsubscribeApi } from "./unsubscribe-api";

/** Quote campaigns (docs/campaigns.md): the public unsubscribe and short links, the providers' callbacks, the agents' API. */
export const mountCampaigns: MountResource = (api, ctx) => {
  const { storage, config } = ctx;
  const documents = campaignDocuments(ctx.hocuspocus);
  mountUnsubscribeApi(api, { storage, signer: ctx.campaignSigner });
  mountResubscribeApi(api, {
    storage,
    signer: ctx.campaignSigner,
    email: emailSenderFrom(config, storage),
    baseUrl: ctx.publicUrl,
    restoreRecipients: documents.restoreRecipients,
    log: ctx.log,
  });
  mountShortLinks(api, { storage });
  mountDeliveryCallbacks(api, {
    storage,
    sendgridPublicKey: config.SENDGRID_WEBHOOK_PUBLIC_KEY,
    twilioAuthToken: config.TWILIO_AUTH_TOKEN,
    smsStatusUrl: () => `${ctx.publicUrl()}api/campaigns/sms/status`,
    markRecipients: documents.markRecipients,
    log: ctx.log,
  });
  mountSmsInbound(api, {
    storage,
    authToken: config.TWILIO_AUTH_TOKEN,
    url: () => `${ctx.publicUrl()}api/campaigns/sms/inbound`,
  });
  mountCampaignsApi(api, {
    storage,
    verify: ctx.verify,
    email: emailSenderFrom(config, storage),
    signer: ctx.campaignSigner,
    snapshot: () => ctx.market.source.current(),
    baseUrl: ctx.publicUrl,
    counts: config,
    writeCampaign: documents.writeCampaign,
  });
};
