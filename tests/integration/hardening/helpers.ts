import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Shared steps of the hardening suites: a small built app to serve, and HTTP requests from a chosen
// loopback address (every 127.x.y.z is this machine, so "another client" is another source address).

/** A STATIC_DIR with a page, a hashed asset, a service worker, a manifest and an icon (in `parent`). */
export function builtApp(parent?: string): string {
  const dir = parent ? join(parent, "static") : mkdtempSync(join(tmpdir(), "rangeline-static-"));
  mkdirSync(join(dir, "assets"), { recursive: true });
  mkdirSync(join(dir, "icons"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Rangeline</title><div id=root></div>");
  writeFileSync(join(dir, "assets", "index-AbC123.js"), "export const x = 1;\n");
  writeFileSync(join(dir, "sw.js"), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(join(dir, "manifest.webmanifest"), '{"name":"Rangeline"}');
  writeFileSync(join(dir, "icons", "mark.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from `from` (a loopback address), any method, body and headers. */
export function send(
  port: number,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    from?: string;
    /** Send the body in chunks without Content-Length. */
    chunked?: boolean;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from ?? "127.0.0.1",
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) {
      if (options.chunked) {
        const body = Buffer.from(options.body);
        for (let i = 0; i < body.length; i += 4096) req.write(body.subarray(i, i + 4096));
      } else {
        req.setHeader("content-length", Buffer.byteLength(options.body));
        req.write(options.body);
      }
    }
    req.end();
  });
}

/** A WebSocket upgrade request's answer (status and headers), from `from`. */
export function upgrade(port: number, path: string, from = "127.0.0.1"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      path,
      localAddress: from,
      agent: false,
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": Buffer.from("0123456789abcdef").toString("base64"),
      },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** The security headers of a response, for the listing. */
export const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "x-frame-options",
  "strict-transport-security",
  "cache-control",
] as const;
