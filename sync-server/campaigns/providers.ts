import { randomUUID } from "node:crypto";
import type { Storage } from "../storage/types";

// The campaign sender's providers. E-mail uses the interface of the outbound e-mail adapter
// (sync-server/outbound/email, issue 13: send({to, subject, text, html, headers}) → {id}); SMS has its
// own (Twilio when configured). The embedded defaults (no provider keys) deliver to real local outboxes
// a developer can read: the e-mail outbox table (admin's listOutbox) and campaign_sms_outbox.

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}
export interface EmailSender {
  send(message: EmailMessage): Promise<{ id: string }>;
}

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

/** The embedded default e-mail provider: the server's e-mail outbox table. */
export const outboxEmailSender = (storage: Storage, now: () => number = Date.now): EmailSender => ({
  async send(m) {
    const id = randomUUID();
    await storage.putOutbox({
      id,
      createdAt: now(),
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      headers: m.headers,
    });
    return { id };
  },
});

/** The embedded default SMS provider: campaign_sms_outbox. */
export const outboxSmsSender = (storage: Storage, from: string, now: () => number = Date.now): SmsSender => ({
  async send(m) {
    const id = randomUUID();
    await storage.putSmsOutbox({ id, createdAt: now(), to: m.to, from, body: m.body });
    return { id };
  },
});
