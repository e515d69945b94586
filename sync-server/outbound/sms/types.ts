import { ProviderError } from "../provider-error";

// The outbound SMS adapter: one small interface every sender of texts uses (campaigns). `send`
// resolves once the provider (Twilio, or the local outbox) has accepted the text, with its id.

export interface SmsMessage {
  /** E.164 number, e.g. +15555550100. */
  to: string;
  body: string;
  /** The sending number (the organisation's twilioSmsSenderNumber); unset: the adapter's default. */
  from?: string | null;
  /**
   * Where the provider reports the text's delivery (Twilio's StatusCallback), with the send's key in its
   * query; the outbox has no such reports and ignores it.
   */
  statusCallback?: string;
}

export interface SmsSender {
  /** "outbox" (the local table, development and test) or "twilio". */
  readonly kind: "outbox" | "twilio";
  send(message: SmsMessage): Promise<{ id: string }>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number as providers take it (E.164, e.g. +15555550123), from how the book stores it (the
 * spec's phone format: "(555) 123-4567", "+1 555.123.4567 x89" …). Without a "+", ten digits (or
 * eleven starting with 1) are a North American number; an extension is dropped (a text cannot reach
 * one). Null when it cannot be one.
 */
export function e164(phone: string): string | null {
  const main = phone.replace(/\s*(?:x|ext\.?|extension)\s*\d{1,6}\s*$/i, "").trim();
  const digits = main.replace(/\D/g, "");
  // Without a "+", only a North American number is understood: ten digits, or eleven starting with 1.
  const number = main.startsWith("+")
    ? `+${digits}`
    : digits.length === 10
      ? `+1${digits}`
      : digits.length === 11 && digits.startsWith("1")
        ? `+${digits}`
        : null;
  return number && E164.test(number) ? number : null;
}

/** The message with its numbers in E.164, or a ProviderError naming what is wrong (not retried). */
export function checkSms(message: SmsMessage): SmsMessage & { to: string } {
  const to = e164(message.to);
  if (!to)
    throw new ProviderError(
      `The SMS recipient "${message.to}" is not a phone number that can get texts (E.164: + and 7–15 digits).`,
      "recipient",
    );
  const from = message.from ? e164(message.from) : null;
  if (message.from && !from)
    throw new ProviderError(
      `The SMS sender "${message.from}" is not a phone number (E.164: + and 7–15 digits).`,
      "account",
    );
  if (message.body.trim() === "") throw new ProviderError("The SMS body is empty.", "recipient");
  return { ...message, to, from };
}
