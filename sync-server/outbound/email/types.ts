import { ProviderError } from "../provider-error";

// The outbound e-mail adapter (docs/administration.md): one small interface every sender of
// e-mail uses (invitations now, campaigns later). `send` resolves once the message is accepted by the
// transport (the SMTP server, or the local outbox), with the id it was given.

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (List-Unsubscribe, a campaign id …); never a secret. */
  headers?: Record<string, string>;
  /** The sender's display name beside the From address (a campaign: the organisation's name). */
  fromName?: string;
  /**
   * The From address (a campaign: the organisation's `senderEmail`); unset: the adapter's own
   * (EMAIL_FROM). With SendGrid it must be a verified sender or on an authenticated domain.
   */
  from?: string;
  /**
   * Values the provider carries back in its delivery events (SendGrid's `custom_args`): the send's
   * idempotency key. Never a secret; SMTP and the outbox have no delivery events and ignore them.
   */
  tracking?: Record<string, string>;
}

export interface EmailSender {
  /** "outbox" (the local table, development and test), "smtp" or "sendgrid". */
  readonly kind: "outbox" | "smtp" | "sendgrid";
  send(message: EmailMessage): Promise<{ id: string }>;
}

/** A recipient address as the adapter accepts it: one address, no display name or line breaks. */
export const isPlainAddress = (to: string): boolean => /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(to);

/**
 * Refuses a message no transport should take, before it goes anywhere: a recipient that is not one
 * address is the recipient's fault; a bad subject or header is the sender's (neither is retried).
 */
export function checkMessage(message: EmailMessage): void {
  if (!isPlainAddress(message.to))
    throw new ProviderError(`The recipient "${message.to}" is not one e-mail address.`, "recipient");
  if (message.from !== undefined && !isPlainAddress(message.from))
    throw new ProviderError(`The sender address "${message.from}" is not one e-mail address.`, "account");
  if (/[\r\n]/.test(message.subject)) throw new ProviderError("The subject must be one line.", "account");
  // Both transports encode a display name themselves (nodemailer quotes it, SendGrid takes JSON): only a
  // line break could reach the header as such.
  if (message.fromName !== undefined && (/[\r\n]/.test(message.fromName) || message.fromName.length > 200))
    throw new ProviderError("The sender's name must be one line of at most 200 characters.", "account");
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value))
      throw new ProviderError(`The header ${name} is not a valid one-line header.`, "account");
  }
}
