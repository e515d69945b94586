import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { configSchema } from "../../../sync-server/config";
import { logEntry, oneLine } from "../../../sync-server/log-line";
import { createHttpApp } from "../../../sync-server/web/app";
import { startTestServer, type TestServer } from "../sync/harness";

// docs/hardening.md LOG1: no value that came from a request reaches a log unescaped. The outside probe
// (issue 40) sent a CSP report whose violated-directive held a newline and a made-up line
// ("superadmin … signed in"); the server wrote it as two log lines. Here the real server on loopback
// takes that report, and every line it logs is one line with the forged text inside escaped JSON.

const FORGED = "script-src\n[sync] superadmin@demo.rangeline.test signed in\r\u001b[2K\u2028";

describe("[LOG1] request values in log lines", () => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({}, { log: (message) => lines.push(message) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a CSP report's directive with a newline and an escape is logged as one line, quoted", async () => {
    const response = await fetch(`${server.url}api/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify({
        "csp-report": {
          "violated-directive": FORGED,
          "document-uri": "not a url\n[sync] forged",
          "blocked-uri": "inline",
        },
      }),
    });
    expect(response.status).toBe(204);
    const reported = lines.filter((line) => line.startsWith("CSP violation"));
    expect(reported).toHaveLength(1);
    const [line] = reported;
    expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    expect(line).toBe(
      'CSP violation {"directive":"script-src\\n[sync] superadmin@demo.rangeline.test signed in\\r\\u001b[2K\\u2028","blocked":"inline","document":"not a url\\n[sync] forged"}',
    );
    // Nothing else was logged that starts like the server's own words.
    expect(lines.some((l) => l.startsWith("[sync] superadmin"))).toBe(false);
  });

  it("every message of the server's log is one line, whoever wrote it", () => {
    expect(oneLine("a\nb\rc\u0085d\u2029e\u009bf")).toBe("a\\nb\\rc\\u0085d\\u2029e\\u009bf");
    expect(logEntry("held write", { document: "org/x\n[sync] ok" })).toBe(
      'held write {"document":"org/x\\n[sync] ok"}',
    );
  });

  it("an error nobody handled is one escaped line and a JSON 500 without the stack", async () => {
    const config = configSchema.parse({ NODE_ENV: "test", DATA_DIR: server.dataDir });
    const app = createHttpApp(config, {
      mountApi: (api) =>
        api.get("/api/boom", () => {
          throw new Error(`bad input ${FORGED}`);
        }),
    });
    const printed: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => {
      printed.push(args.join(" "));
    });
    try {
      const response = await app.request("/api/boom%0A");
      expect(response.status).toBe(404);
      const boom = await app.request("/api/boom");
      expect(boom.status).toBe(500);
      expect(await boom.json()).toEqual({ error: "internal", message: "Something failed on the server." });
    } finally {
      spy.mockRestore();
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    expect(printed[0]).toMatch(
      /^\[sync\] request failed \{"method":"GET","path":"\/api\/boom","error":"Error: bad input script-src\\n/,
    );
  });
});
