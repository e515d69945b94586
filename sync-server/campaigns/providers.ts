import { ProviderError } from "../outbound/provider-error";

// The campaign sender's providers: the outbound adapters (sync-server/outbound). E-mail: SendGrid, SMTP
// or the local outbox table; SMS: Twilio or campaign_sms_outbox (both readable by a developer).

export type { EmailSender } from "../outbound/email";
export { ProviderError } from "../outbound/provider-error";
export { outboxSmsSender, type SmsSender } from "../outbound/sms";

/** Whether a provider's error is not worth retrying (the recipient's or the account's fault). */
export const isPermanent = (error: unknown): boolean => error instanceof ProviderError && error.permanent;

/** Whether a provider refused the recipient (a bounce, an invalid number): the recipient becomes INVALID. */
export const isRecipientFault = (error: unknown): boolean =>
  error instanceof ProviderError && error.fault === "recipient";
