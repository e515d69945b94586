import type RequestClientType from "twilio/lib/base/RequestClient";
import { faultOfStatus, mayHaveArrived, ProviderError, scrub } from "../provider-error";
import { checkSms, type SmsMessage, type SmsSender } from "./types";

export interface TwilioOptions {
  /** TWILIO_ACCOUNT_SID (AC…). */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN. Never logged, never in an error. */
  authToken: string;
  /** TWILIO_FROM: the sending number when the organisation has none of its own. */
  from: string;
  /**
   * The API's base URL; unset: the SDK's own (Twilio's API). The SDK has no base-URL option; its
   * documented way to change how requests go out is a custom `httpClient`: a RequestClient whose
   * requests keep their path, query and body and go to this origin instead (tests: a server on loopback).
   */
  baseUrl?: string;
  /** Longest wait for Twilio's answer (default 30 s); a timeout is retried by the caller. */
  timeoutMs?: number;
}

type TwilioSdk = typeof import("twilio");
type TwilioClient = ReturnType<TwilioSdk>;

/** Sends texts through Twilio's Messages API with the official SDK (twilio), loaded on first use. */
export function twilioSender(options: TwilioOptions): SmsSender {
  let client: Promise<TwilioClient> | undefined;
  const open = async (): Promise<TwilioClient> => {
    const twilio = ((await import("twilio")) as unknown as { default: TwilioSdk }).default;
    const timeout = options.timeoutMs ?? 30_000;
    let httpClient: RequestClientType | undefined;
    if (options.baseUrl) {
      const base = new URL(options.baseUrl);
      httpClient = new (class extends twilio.RequestClient {
        request<T>(opts: RequestClientType.RequestOptions<T>) {
          const uri = new URL(opts.uri);
          uri.protocol = base.protocol;
          uri.host = base.host;
          return super.request({ ...opts, uri: uri.href });
        }
      })({ timeout });
    }
    return twilio(options.accountSid, options.authToken, { timeout, ...(httpClient ? { httpClient } : {}) });
  };
  return {
    kind: "twilio",
    async send(message: SmsMessage) {
      const { to, from, body, statusCallback } = checkSms(message);
      client ??= open();
      try {
        const sent = await (await client).messages.create({
          to,
          from: from ?? options.from,
          body,
          ...(statusCallback ? { statusCallback } : {}),
        });
        return { id: sent.sid };
      } catch (error) {
        throw twilioError(error, message.to, [options.authToken, options.accountSid]);
      }
    },
  };
}

function twilioError(error: unknown, to: string, secrets: string[]): ProviderError {
  const e = error as { status?: unknown; code?: unknown; message?: unknown };
  if (typeof e.status === "number") {
    const fault = faultOfStatus(e.status);
    const code = typeof e.code === "number" ? ` ${e.code}` : "";
    const detail = typeof e.message === "string" && e.message ? `: ${e.message}` : "";
    const what =
      fault === "account"
        ? "Twilio refused the account's credentials"
        : fault === "transient"
          ? "Twilio did not take the text now"
          : `Twilio refused the text to ${to}`;
    return new ProviderError(scrub(`${what} (${e.status}${code}${detail}).`, secrets), fault);
  }
  const code = typeof e.code === "string" ? e.code : "no answer";
  return new ProviderError(`Twilio could not be reached (${scrub(code, secrets)}).`, "transient", {
    maybeAccepted: mayHaveArrived(code),
  });
}
