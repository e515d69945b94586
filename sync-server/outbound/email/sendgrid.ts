import sendgridClient from "@sendgrid/client";
import sendgridMail from "@sendgrid/mail";
import { faultOfStatus, mayHaveArrived, ProviderError, scrub } from "../provider-error";
import { checkMessage, type EmailMessage, type EmailSender } from "./types";

export interface SendGridOptions {
  /** SENDGRID_API_KEY. Never logged, never in an error. */
  apiKey: string;
  /**
   * The From address when the message names none (EMAIL_FROM, a verified sender of the SendGrid
   * account). A message's own `from` (an organisation's senderEmail) must be verified too.
   */
  from: string;
  /**
   * The API's base URL; unset: the SDK's own (SendGrid's API). Tests point it at a server on loopback
   * (the client's documented `setDefaultRequest('baseUrl', …)`, set after the key, which resets it).
   */
  baseUrl?: string;
  /** Longest wait for SendGrid's answer (default 30 s); a timeout is retried by the caller. */
  timeoutMs?: number;
}

// The SDK's classes (its typings declare them beside `export =`, which TypeScript will not import by name):
// one client and one mail service per adapter, not the shared singletons.
const { Client } = sendgridClient as unknown as { Client: new () => typeof sendgridClient };
const { MailService } = sendgridMail as unknown as { MailService: new () => typeof sendgridMail };

// Headers SendGrid does not take among a message's custom headers; Reply-To has its own field.
const RESERVED = new Set(["reply-to", "to", "from", "subject", "cc", "bcc", "content-type"]);

/** Sends through SendGrid's v3 mail send API with the official SDK (@sendgrid/mail). */
export function sendgridSender(options: SendGridOptions): EmailSender {
  const client = new Client();
  client.setApiKey(options.apiKey);
  if (options.baseUrl) client.setDefaultRequest("baseUrl", options.baseUrl);
  const mail = new MailService();
  mail.setClient(client);
  mail.setTimeout(options.timeoutMs ?? 30_000);
  return {
    kind: "sendgrid",
    async send(message: EmailMessage) {
      checkMessage(message);
      const headers: Record<string, string> = {};
      let replyTo: string | undefined;
      for (const [name, value] of Object.entries(message.headers ?? {})) {
        if (name.toLowerCase() === "reply-to") replyTo = value;
        else if (!RESERVED.has(name.toLowerCase())) headers[name] = value;
      }
      const from = message.from ?? options.from;
      try {
        const [response] = await mail.send({
          to: message.to,
          from: message.fromName ? { email: from, name: message.fromName } : from,
          ...(replyTo ? { replyTo } : {}),
          ...(message.tracking ? { customArgs: message.tracking } : {}),
          subject: message.subject,
          content: [
            { type: "text/plain", value: message.text },
            ...(message.html ? [{ type: "text/html", value: message.html }] : []),
          ],
          headers,
        });
        const id = response.headers["x-message-id"];
        return { id: typeof id === "string" && id ? id : `sendgrid-${response.statusCode}` };
      } catch (error) {
        throw sendgridError(error, message.to, from, options.apiKey);
      }
    },
  };
}

function sendgridError(error: unknown, to: string, from: string, apiKey: string): ProviderError {
  const e = error as {
    code?: unknown;
    response?: { body?: { errors?: { message?: string; field?: string | null }[] } };
  };
  if (typeof e.code === "number") {
    const details = (e.response?.body?.errors ?? [])
      .map((x) => [x.message, x.field ? `(${x.field})` : ""].filter(Boolean).join(" "))
      .join("; ");
    const fault = faultOfStatus(e.code);
    // 403 about the From: the address is not a verified sender (or on an authenticated domain).
    const aboutFrom = e.code === 403 && (e.response?.body?.errors ?? []).some((x) => x.field === "from");
    const what = aboutFrom
      ? `SendGrid refused the sender address ${from} (verify it, or authenticate its domain, in SendGrid)`
      : fault === "account"
        ? "SendGrid refused the API key"
        : fault === "transient"
          ? "SendGrid did not take the message now"
          : `SendGrid refused the message to ${to}`;
    return new ProviderError(scrub(`${what} (${e.code}${details ? `: ${details}` : ""}).`, [apiKey]), fault);
  }
  // No answer: a timeout or no connection (axios' code, e.g. ECONNABORTED, ECONNREFUSED).
  const code = typeof e.code === "string" ? e.code : "no answer";
  return new ProviderError(`SendGrid could not be reached (${scrub(code, [apiKey])}).`, "transient", {
    maybeAccepted: mayHaveArrived(code),
  });
}
