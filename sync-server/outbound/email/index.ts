import type { Storage } from "../../storage/types";
import { outboxSender } from "./outbox";
import { sendgridSender } from "./sendgrid";
import { smtpSender } from "./smtp";
import type { EmailSender } from "./types";

export { outboxSender } from "./outbox";
export { sendgridSender } from "./sendgrid";
export { smtpSender } from "./smtp";
export type { EmailSender } from "./types";

/** SendGrid when SENDGRID_API_KEY is set, else SMTP when SMTP_URL is set, else the local outbox table. */
export function emailSenderFrom(
  config: { SENDGRID_API_KEY?: string; SMTP_URL?: string; EMAIL_FROM: string },
  storage: Storage,
): EmailSender {
  if (config.SENDGRID_API_KEY)
    return sendgridSender({ apiKey: config.SENDGRID_API_KEY, from: config.EMAIL_FROM });
  return config.SMTP_URL
    ? smtpSender({ url: config.SMTP_URL, from: config.EMAIL_FROM })
    : outboxSender(storage);
}
