import { randomUUID } from "node:crypto";
import type { Storage } from "../storage/types";

// The campaign sender's providers. E-mail uses the interface of the outbound e-mail adapter
// (sync-server/outbound/email, issue 13: send({to, subject, text, html, headers}) → {id}); SMS has its
// own (Twilio when configured). The embedded defaults (no provider keys) deliver to real local outboxes
// a developer can read: the e-mail outbox table (admin's listOutbox) and campaign_sms_outbox.

export type { EmailMessage, EmailSender } from "../outbound/email";

export interface SmsMessage {
  to: string;
  body: string;
}
export interface SmsSender {
  send(message: SmsMessage): Promise<{ id: string }>;
}

/**
 * A provider's refusal. `permanent` (a bounce, an invalid number): the recipient becomes INVALID with
 * the reason and the send is not retried; otherwise the send is retried with back-off.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/**
 * Whether a provider's error is permanent (the recipient becomes INVALID): a ProviderError saying so,
 * or the SMTP adapter's refusal of the envelope (nodemailer's EENVELOPE: the server rejected the
 * recipient, e.g. 550 mailbox unavailable).
 */
export const isPermanent = (error: unknown): boolean =>
  error instanceof ProviderError
    ? error.permanent
    : error instanceof Error && /\(EENVELOPE\)/.test(error.message);

/** The embedded default SMS provider: campaign_sms_outbox. */
export const outboxSmsSender = (storage: Storage, from: string, now: () => number = Date.now): SmsSender => ({
  async send(m) {
    const id = randomUUID();
    await storage.putSmsOutbox({ id, createdAt: now(), to: m.to, from, body: m.body });
    return { id };
  },
});
