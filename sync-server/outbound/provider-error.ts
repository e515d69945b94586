// A provider's refusal, as the outbound adapters report it (e-mail: SendGrid, SMTP; SMS: Twilio). The
// fault decides what the caller does:
// - "recipient": the provider refused this recipient or this message (a bounce, an invalid number, any
//   other 4xx about the request): not retried; a campaign marks the recipient INVALID with the reason.
// - "account": the sending side is at fault — the provider refused our credentials or account (401,
//   403), or our own message or sending number is malformed: not retried, and not the recipient's
//   fault — the recipient stays as they are.
// - "transient": the provider is busy or down (429, 5xx, a timeout, no connection): retried with back-off.
// Messages never carry a key, a token or an Authorization header.

export type ProviderFault = "recipient" | "account" | "transient";

export class ProviderError extends Error {
  readonly fault: ProviderFault;
  /**
   * The request went out and no answer came back (a timeout, a connection reset): the provider may have
   * accepted the message. A caller that can learn the outcome from the provider's callback waits for it
   * instead of sending again (sync-server/campaigns/sender.ts).
   */
  readonly maybeAccepted: boolean;
  /** `true` is the older spelling of "recipient", `false` of "transient". */
  constructor(message: string, fault: ProviderFault | boolean, options: { maybeAccepted?: boolean } = {}) {
    super(message);
    this.name = "ProviderError";
    this.fault = fault === true ? "recipient" : fault === false ? "transient" : fault;
    this.maybeAccepted = options.maybeAccepted === true;
  }
  /** Not worth retrying. */
  get permanent(): boolean {
    return this.fault !== "transient";
  }
}

/** How an HTTP provider's status reads: 401/403 account, 408/429/5xx transient, other 4xx recipient. */
export function faultOfStatus(status: number): ProviderFault {
  if (status === 401 || status === 403) return "account";
  if (status === 408 || status === 429 || status >= 500) return "transient";
  return "recipient";
}

/** A provider's text with every secret replaced, cut to one short line. */
export function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text.replace(/[\r\n]+/g, " ").trim();
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out.length > 300 ? `${out.slice(0, 297)}…` : out;
}

/**
 * Whether an HTTP client's error without an answer (axios' or Node's code) may follow a request the
 * provider received: anything but a connection that never opened.
 */
export const mayHaveArrived = (code: string): boolean =>
  !["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"].includes(code);
