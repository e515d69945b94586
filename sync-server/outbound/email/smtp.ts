import nodemailer from "nodemailer";
import { checkMessage, type EmailMessage, type EmailSender } from "./types";

export interface SmtpOptions {
  /** smtp://user:password@host:587 or smtps://…:465 (SMTP_URL). */
  url: string;
  /** The From address (EMAIL_FROM). */
  from: string;
}

/** Sends through an SMTP server with nodemailer. The connection URL (it holds a password) is never logged. */
export function smtpSender(options: SmtpOptions): EmailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: "smtp",
    async send(message: EmailMessage) {
      checkMessage(message);
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          headers: message.headers,
        });
        return { id: String(info.messageId) };
      } catch (error) {
        // nodemailer's errors can quote the server's reply; never the URL with its password.
        const code = (error as { code?: string }).code ?? "send-failed";
        throw new Error(`The SMTP server did not accept the message to ${message.to} (${code}).`);
      }
    },
  };
}
