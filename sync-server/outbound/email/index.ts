import type { Storage } from "../../storage/types";
import { outboxSender } from "./outbox";
import { smtpSender } from "./smtp";
import type { EmailSender } from "./types";

export { outboxSender } from "./outbox";
export { smtpSender } from "./smtp";
export type { EmailMessage, EmailSender } from "./types";

/** SMTP when SMTP_URL is set, else the local outbox table. */
export function emailSenderFrom(
  config: { SMTP_URL?: string; EMAIL_FROM: string },
  storage: Storage,
): EmailSender {
  return config.SMTP_URL
    ? smtpSender({ url: config.SMTP_URL, from: config.EMAIL_FROM })
    : outboxSender(storage);
}
