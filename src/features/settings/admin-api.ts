// Calls to the administration API (sync-server/admin) with the session's access token. A refusal
// comes back as an Error carrying the server's message (it says what is wrong and where).

export async function adminFetch<T>(
  getAccessToken: () => Promise<string>,
  path: string,
  init: { method?: string; json?: unknown; body?: Blob | ArrayBuffer } = {},
): Promise<T> {
  const token = await getAccessToken();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.body !== undefined) {
    headers["content-type"] = "application/octet-stream";
    body = init.body;
  }
  const response = await fetch(path, { method: init.method ?? "GET", headers, body });
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(data.message ?? `The server answered ${response.status}.`);
  return data as T;
}
