// Calls to the platform API with the session's token; a refusal throws the server's message.
export async function platformFetch<T>(
  getAccessToken: () => Promise<string>,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const token = await getAccessToken();
  const response = await fetch(path, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(data.message ?? `The server answered ${response.status}.`);
  return data as T;
}
