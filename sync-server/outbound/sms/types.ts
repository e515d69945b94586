// The outbound SMS adapter: one small interface every sender of texts uses (campaigns). `send`
// resolves once the provider (Twilio, or the local outbox) has accepted the text, with its id.

export interface SmsMessage {
  /** E.164 number, e.g. +15555550100. */
  to: string;
  body: string;
  /** The sending number (the organisation's twilioSmsSenderNumber); unset: the adapter's default. */
  from?: string | null;
}

export interface SmsSender {
  /** "outbox" (the local table, development and test) or "twilio". */
  readonly kind: "outbox" | "twilio";
  send(message: SmsMessage): Promise<{ id: string }>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export function checkSms(message: SmsMessage): void {
  if (!E164.test(message.to))
    throw new Error(`The SMS recipient "${message.to}" is not an E.164 phone number (+ and 7–15 digits).`);
  if (message.from && !E164.test(message.from))
    throw new Error(`The SMS sender "${message.from}" is not an E.164 phone number (+ and 7–15 digits).`);
  if (message.body.trim() === "") throw new Error("The SMS body is empty.");
}
