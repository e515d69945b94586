import type { Storage } from "../../storage/types";
import { outboxSmsSender } from "./outbox";
import { twilioSender } from "./twilio";
import type { SmsSender } from "./types";

export { outboxSmsSender } from "./outbox";
export { twilioSender } from "./twilio";
export { e164, type SmsSender } from "./types";

/** Twilio when its account, token and sending number are all set, else campaign_sms_outbox. */
export function smsSenderFrom(
  config: { TWILIO_ACCOUNT_SID?: string; TWILIO_AUTH_TOKEN?: string; TWILIO_FROM?: string },
  storage: Storage,
): SmsSender {
  return config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
    ? twilioSender({
        accountSid: config.TWILIO_ACCOUNT_SID,
        authToken: config.TWILIO_AUTH_TOKEN,
        from: config.TWILIO_FROM,
      })
    : outboxSmsSender(storage, "campaigns");
}
