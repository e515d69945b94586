import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for the parts of Auth0's Management API that "sign out on all devices" uses, as a real
// HTTP server on 127.0.0.1 with the same requests and answers: the client-credentials token
// (POST /oauth/token, audience {origin}/api/v2/), and DELETE /api/v2/users/{id}/sessions and
// /refresh-tokens (202, each needing its scope in a token this server issued). It keeps each user's
// sessions and refresh tokens, so a test sees them ended, and can be made to stall or fail.

export interface FakeAuth0Management {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A user's live sessions and refresh tokens at the fake tenant (a sign-in makes one of each). */
  signIn(userId: string): void;
  sessions(userId: string): number;
  refreshTokens(userId: string): number;
  /** Requests received, as "METHOD path". */
  calls: string[];
  /** From now on: answer normally, never answer (a hung tenant), or answer every call with `status`. */
  mode(mode: "normal" | "stall" | { status: number }): void;
  /** Forgets the tokens issued (as if they had expired): the next call with one gets 401. */
  expireTokens(): void;
  close(): Promise<void>;
}

const SCOPES = "delete:sessions delete:refresh_tokens";

export async function startFakeAuth0Management(): Promise<FakeAuth0Management> {
  const clientId = `m2m-${randomBytes(4).toString("hex")}`;
  const clientSecret = randomBytes(24).toString("base64url");
  const sessions = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  const issued = new Map<string, string>(); // token → scopes
  const calls: string[] = [];
  let mode: "normal" | "stall" | { status: number } = "normal";
  let origin = "";

  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString()));
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    calls.push(`${req.method} ${url.pathname}`);
    if (mode === "stall") return; // never answers
    if (typeof mode === "object") return json(res, mode.status, { error: "fake failure" });
    if (req.method === "POST" && url.pathname === "/oauth/token") {
      const text = await readBody(req);
      const form = (req.headers["content-type"] ?? "").includes("json")
        ? (JSON.parse(text) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(text));
      if (form.grant_type !== "client_credentials")
        return json(res, 403, {
          error: "unsupported_grant_type",
          error_description: "Unsupported grant type",
        });
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return json(res, 401, { error: "access_denied", error_description: "Unauthorized" });
      if (form.audience !== `${origin}/api/v2/`)
        return json(res, 403, {
          error: "access_denied",
          error_description: "Service not enabled within domain",
        });
      const token = randomBytes(16).toString("base64url");
      issued.set(token, SCOPES);
      return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 86400, scope: SCOPES });
    }
    const user = /^\/api\/v2\/users\/([^/]+)\/(sessions|refresh-tokens)$/.exec(url.pathname);
    if (req.method === "DELETE" && user) {
      const auth = req.headers.authorization ?? "";
      const scopes = issued.get(auth.startsWith("Bearer ") ? auth.slice(7) : "");
      if (scopes === undefined)
        return json(res, 401, { statusCode: 401, error: "Unauthorized", message: "Invalid token" });
      const [, id = "", what] = user;
      const needed = what === "sessions" ? "delete:sessions" : "delete:refresh_tokens";
      if (!scopes.split(" ").includes(needed))
        return json(res, 403, { statusCode: 403, error: "Forbidden", errorCode: "insufficient_scope" });
      (what === "sessions" ? sessions : refreshTokens).delete(decodeURIComponent(id));
      return json(res, 202);
    }
    json(res, 404, { statusCode: 404, error: "Not Found" });
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    clientId,
    clientSecret,
    signIn(userId) {
      sessions.set(userId, (sessions.get(userId) ?? 0) + 1);
      refreshTokens.set(userId, (refreshTokens.get(userId) ?? 0) + 1);
    },
    sessions: (userId) => sessions.get(userId) ?? 0,
    refreshTokens: (userId) => refreshTokens.get(userId) ?? 0,
    calls,
    mode(next) {
      mode = next;
    },
    expireTokens: () => issued.clear(),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
