import { DomainError } from "../shared/errors";

// Every command that talks to a Rangeline server goes through `askServer` (docs/hardening.md, CLI1), so
// a hostile or broken server cannot take the command further than the user asked:
// - no redirect to another origin: the request and its token stay with the server the user named; a
//   307/308 on the same origin is followed (at most 3), any other redirect is refused with a sentence;
// - one overall deadline (`--timeout SECONDS`, 300 by default) for connecting, sending and reading the
//   whole answer, so a server that drips a byte a second is given up;
// - the answer read as a stream and refused past ANSWER_MAX_BYTES, so a 1 GiB answer is not held in
//   memory;
// - what the server says is printed only through `printable` / `jsonForTerminal`: control characters
//   never reach the terminal.

/** The largest answer read (64 MiB: a dry run's report of a 100,000-row book is about 20 MB). */
export const ANSWER_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_TIMEOUT_SECONDS = 300;
const MAX_SAME_ORIGIN_REDIRECTS = 3;

/** `--timeout SECONDS` (decimals allowed), else 300 s; a malformed value is the caller's UsageError. */
export function timeoutSeconds(option: string | undefined): number | undefined {
  if (option === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(option);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 86_400 ? seconds : undefined;
}

// C0 and C1 controls and DEL (a newline and a tab are kept), and the bidirectional overrides, which
// reorder what a terminal shows.
const UNPRINTABLE = /[^\P{Cc}\n\t]|[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** The text without control characters, for anything printed that came from a server. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, "");
}

/** JSON for standard output: the same data, with every control character written as an escape. */
export function jsonForTerminal(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(
    /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu,
    (c) => (c === "\n" ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  )}\n`;
}

interface ServerAnswer {
  status: number;
  ok: boolean;
  text: string;
}

const refused = (message: string) => new DomainError("invalid-input", printable(message));

/** Reads the body as a stream, giving up past `max` bytes. */
async function readCapped(response: Response, origin: string, max: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  const tooLarge = () =>
    refused(
      `${origin} answered more than ${max / 1024 / 1024} MiB: the command reads at most that much, so the answer was dropped (is it a Rangeline server?)`,
    );
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Sends one request to the server the user named and reads its whole answer, within `timeoutSeconds`
 * and ANSWER_MAX_BYTES. Refusals (unreachable, redirected elsewhere, too slow, too large) are
 * DomainErrors whose sentence names the server and the limit.
 */
export async function askServer(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
  options: { timeoutSeconds: number; maxBytes?: number },
): Promise<ServerAnswer> {
  const origin = url.origin;
  const deadline = AbortSignal.timeout(options.timeoutSeconds * 1000);
  const tooSlow = () =>
    refused(
      `${origin} did not answer within ${options.timeoutSeconds} s (--timeout SECONDS): the command gave up; the server may still finish the request, so check before sending it again`,
    );
  let target = url;
  try {
    for (let redirects = 0; ; redirects++) {
      let response: Response;
      try {
        response = await fetch(target, { ...init, redirect: "manual", signal: deadline });
      } catch (error) {
        if (deadline.aborted) throw tooSlow();
        const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
        throw refused(
          `${origin}: the server cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
        );
      }
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        const next = location && URL.canParse(location, target) ? new URL(location, target) : null;
        if (!next || next.origin !== origin)
          throw refused(
            `${origin} answered ${response.status} redirecting to ${next ? next.origin : "nowhere"}: the command sends the book and the token only to the server named in --server, so nothing was sent there (name that server in --server if it is the right one)`,
          );
        if (response.status !== 307 && response.status !== 308)
          throw refused(
            `${origin} answered ${response.status} to ${next.pathname}: only a 307 or 308 redirect on the same server is followed (the request would change method)`,
          );
        if (redirects >= MAX_SAME_ORIGIN_REDIRECTS)
          throw refused(
            `${origin} redirected more than ${MAX_SAME_ORIGIN_REDIRECTS} times: the command gave up`,
          );
        target = next;
        continue;
      }
      const text = await readCapped(response, origin, options.maxBytes ?? ANSWER_MAX_BYTES);
      return { status: response.status, ok: response.ok, text };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (deadline.aborted) throw tooSlow();
    throw refused(`${origin}: the answer could not be read (${(error as Error).message})`);
  }
}
