import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

// Loopback servers that misbehave as issue 40's probe found (docs/hardening.md, CLI1), for the test of
// the command line (book-import-cli-hostile.test.ts) and its bench (bench/cli-hostile.bench.ts), and
// `runCli`, the real `rangeline` command in a child process.

const bin = fileURLToPath(new URL("../../../bin/rangeline.mjs", import.meta.url));

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs bin/rangeline.mjs under this Node with `env` added; `wrap` prefixes the command (/usr/bin/time). */
export function runCli(args: string[], env: Record<string, string>, wrap: string[] = []): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const command = [...wrap, process.execPath, bin, ...args];
    const child = spawn(command[0], command.slice(1), {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Loopback {
  url: string;
  /** Requests received, with their authorization header. */
  requests: { method: string; path: string; authorization: string | undefined; bytes: number }[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 whose every request, once read whole, is answered by `answer`. */
export async function loopback(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Loopback> {
  const requests: Loopback["requests"] = [];
  const server: Server = createServer((req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        bytes,
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** 307 to `to` (another origin, or a path here). */
export const redirectTo = (to: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(307, { location: to }).end();
};

/** A JSON answer that opens and then sends one more byte every `everyMs`, for ever. */
export const drip = (everyMs: number) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.write('{"report":');
  const timer = setInterval(() => res.write(" "), everyMs);
  res.on("close", () => clearInterval(timer));
};

/** `bytes` of JSON-looking text streamed as fast as the client reads, without a content-length. */
export const huge = (bytes: number) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < bytes && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on("error", () => {});
  pump();
};

/** An error whose message carries terminal escapes, a bell, a C1 CSI and a bidi override. */
export const HOSTILE_MESSAGE = "denied\u001b[2J\u001b]0;pwned\u0007 \u009b31mred\u202eevil\r\nforged line";
export const controlChars = (_req: IncomingMessage, res: ServerResponse) => {
  res
    .writeHead(400, { "content-type": "application/json" })
    .end(JSON.stringify({ message: HOSTILE_MESSAGE }));
};
