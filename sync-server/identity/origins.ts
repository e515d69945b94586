import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

// Where the app is served from (docs/hardening.md; rule ORIGIN1): configuration only, never the request's
// Host header. With PUBLIC_URL set, its origin alone. Without it (development and test), the server's
// own address on this machine: http://localhost:PORT and http://127.0.0.1:PORT, PORT being the port
// the connection arrived at (read from the socket, which a client cannot forge). A request that names
// another host is answered as if it had named the first. Behind a proxy, or to reach the server by
// another name or address, set PUBLIC_URL.

/** The allowed origins, the canonical one first. */
export function appOrigins(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin];
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`].map((url) => new URL(url).origin);
}

/**
 * The port the request's connection arrived at. A request that came through no socket is an
 * in-process call (`app.request` in a unit test), not the network's: its URL's port stands.
 */
export function arrivalPort(c: Context): number {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const local = incoming?.socket?.localPort;
  if (local !== undefined) return local;
  const url = new URL(c.req.url);
  return Number(url.port) || (url.protocol === "https:" ? 443 : 80);
}

/**
 * The app's origin for this request: the origin the request was made to when it is an allowed one
 * (so http://localhost:PORT and http://127.0.0.1:PORT both sign in), else the canonical one.
 */
export function requestAppOrigin(c: Context, publicUrl: string | undefined): string {
  const allowed = appOrigins(publicUrl, arrivalPort(c));
  const asked = new URL(c.req.url).origin;
  return allowed.includes(asked) ? asked : (allowed[0] as string);
}
