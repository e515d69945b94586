import nodemailer from "nodemailer";
import { ProviderError, type ProviderFault } from "../provider-error";
import { checkMessage, type EmailMessage, type EmailSender } from "./types";

export interface SmtpOptions {
  /** smtp://user:password@host:587 or smtps://…:465 (SMTP_URL). */
  url: string;
  /** The From address when the message names none (EMAIL_FROM). */
  from: string;
}

/** Sends through an SMTP server with nodemailer. The connection URL (it holds a password) is never logged. */
export function smtpSender(options: SmtpOptions): EmailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: "smtp",
    async send(message: EmailMessage) {
      checkMessage(message);
      const address = message.from ?? options.from;
      try {
        const info = await transport.sendMail({
          from: message.fromName ? { name: message.fromName, address } : address,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          headers: message.headers,
        });
        return { id: String(info.messageId) };
      } catch (error) {
        // nodemailer's errors can quote the server's reply; never the URL with its password.
        const { code = "send-failed", responseCode } = error as { code?: string; responseCode?: number };
        throw new ProviderError(
          `The SMTP server did not accept the message to ${message.to} (${code}).`,
          smtpFault(code, responseCode),
        );
      }
    },
  };
}

/**
 * The envelope or message refused for good (5xx to RCPT TO or DATA): the recipient's fault; a refused
 * login: the account's; anything else (4xx, no connection, a timeout): transient.
 */
function smtpFault(code: string, responseCode: number | undefined): ProviderFault {
  if (code === "EAUTH") return "account";
  if ((code === "EENVELOPE" || code === "EMESSAGE") && (responseCode ?? 500) >= 500) return "recipient";
  return "transient";
}
