// One authorized call to the sync server's JSON API: the session's token as a Bearer header, a JSON
// (or raw) body, the answer's JSON back. A refusal throws a ServerRefusal carrying the server's
// `message` (it says what is wrong and where) or, without one, "The server answered 500."; a request
// that never reaches the server throws UNREACHABLE. Kept tiny: src/lib/auth is in the first screen's
// bundle.

export const UNREACHABLE = "The server could not be reached. Try again.";

/** The sentence for a refusal: the server's own message, or the status it answered. */
export const refusalMessage = (status: number, body: { message?: unknown }): string =>
  typeof body.message === "string" ? body.message : `The server answered ${status}.`;

/** A refusal from the server: its status, its sentence and the rest of its body (a reason code …). */
export class ServerRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(refusalMessage(status, body));
  }
}

export interface AuthorizedInit {
  method?: string;
  /** Sent as application/json. */
  json?: unknown;
  /** Raw bytes, sent as application/octet-stream. */
  bytes?: Blob | ArrayBuffer;
  signal?: AbortSignal;
}

export async function authorizedJson<T>(url: string, token: string, init: AuthorizedInit = {}): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.bytes !== undefined) {
    headers["content-type"] = "application/octet-stream";
    body = init.bytes;
  }
  let response: Response;
  try {
    response = await fetch(url, { method: init.method ?? "GET", headers, body, signal: init.signal });
  } catch (e) {
    if (init.signal?.aborted) throw e;
    throw new Error(UNREACHABLE);
  }
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new ServerRefusal(
      response.status,
      data && typeof data === "object" ? (data as Record<string, unknown>) : {},
    );
  return data as T;
}

/** authorizedJson with the session's token, fetched (refreshed when due) just before the call. */
export const sessionJson = async <T>(
  getAccessToken: () => Promise<string>,
  url: string,
  init: AuthorizedInit = {},
): Promise<T> => authorizedJson<T>(url, await getAccessToken(), init);
