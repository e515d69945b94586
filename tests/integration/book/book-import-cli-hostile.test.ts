import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ANSWER_MAX_BYTES } from "../../../cli/server-request";
import {
  controlChars,
  drip,
  HOSTILE_MESSAGE,
  huge,
  type Loopback,
  loopback,
  redirectTo,
  runCli,
} from "./hostile-servers";

// docs/hardening.md CLI1: `rangeline book import` against a hostile or broken server (issue 40 §10). The
// real command against loopback servers that redirect to another origin, drip, answer too much or put
// control characters in their error. Each run ends with a sentence on standard error and exit 1, never
// a stack trace; the bench (npm run bench:cli-hostile) runs the full-size versions with time and memory.

const book = fileURLToPath(new URL("../../fixtures/import/book.csv", import.meta.url));
const UNPRINTABLE = /[^\P{Cc}\n]|[\u202a-\u202e]/u;
/** A loopback server closed when the test ends (the tests run at once, each with its own servers). */
const serving =
  (onTestFinished: (fn: () => Promise<void>) => void) => async (answer: Parameters<typeof loopback>[0]) => {
    const server: Loopback = await loopback(answer);
    onTestFinished(() => server.close());
    return server;
  };
const importTo = (server: string, ...more: string[]) =>
  runCli(["book", "import", book, "--server", server, "--org", "demo", "--dry-run", ...more], {
    RANGELINE_TOKEN: "secret-token",
  });

describe.concurrent("[CLI1] the command line against a hostile server", { timeout: 60_000 }, () => {
  it("a 307 to another origin is refused with a sentence; nothing reaches the other host", async ({
    onTestFinished,
  }) => {
    const serve = serving(onTestFinished);
    const elsewhere = await serve((_req, res) => res.writeHead(200).end('{"report":null}'));
    const server = await serve(redirectTo(`${elsewhere.url}api/orgs/demo/book-imports`));
    const out = await importTo(server.url);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe("");
    expect(out.stderr).toBe(
      `${server.url.slice(0, -1)} answered 307 redirecting to ${elsewhere.url.slice(0, -1)}: the command sends the book and the token only to the server named in --server, so nothing was sent there (name that server in --server if it is the right one)\n`,
    );
    expect(server.requests).toHaveLength(1);
    expect(elsewhere.requests).toEqual([]);
  });

  it("a 307 on the same server is followed, the book and token sent there", async ({ onTestFinished }) => {
    const serve = serving(onTestFinished);
    const server = await serve((req, res) =>
      req.url === "/moved"
        ? res
            .writeHead(200)
            .end(JSON.stringify({ dryRun: true, report: { rows: { refused: 0, needsConfirmation: 0 } } }))
        : redirectTo("/moved")(req, res),
    );
    const out = await importTo(server.url);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(server.requests.map((r) => [r.method, r.path, r.authorization])).toEqual([
      ["POST", "/api/orgs/demo/book-imports", "Bearer secret-token"],
      ["POST", "/moved", "Bearer secret-token"],
    ]);
    expect(server.requests[1].bytes).toBe(server.requests[0].bytes);
  });

  it("a server that drips is given up at the overall deadline (--timeout)", async ({ onTestFinished }) => {
    const serve = serving(onTestFinished);
    const server = await serve(drip(50));
    const started = performance.now();
    const out = await importTo(server.url, "--timeout", "1");
    const seconds = (performance.now() - started) / 1000;
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+ did not answer within 1 s \(--timeout SECONDS\): the command gave up;/,
    );
    // Its bytes kept coming every 50 ms: only the overall deadline ends the wait (the command's start
    // takes about a second on a busy machine).
    expect(seconds).toBeLessThan(15);
    const bad = await importTo(server.url, "--timeout", "soon");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^--timeout takes a number of seconds, such as 600 \(got "soon"\)/);
  });

  it("an answer over the cap is dropped while it streams, with or without a declared length", async ({
    onTestFinished,
  }) => {
    const serve = serving(onTestFinished);
    const server = await serve(huge(ANSWER_MAX_BYTES + 4 * 1024 * 1024));
    const out = await importTo(server.url);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/answered more than 64 MiB: the command reads at most that much/);
    const declared = await serve((_req, res) =>
      res.writeHead(200, { "content-length": String(2 ** 30) }).write("{"),
    );
    const early = await importTo(declared.url);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/answered more than 64 MiB/);
  });

  it("control characters in the server's error never reach the terminal; the JSON keeps them escaped", async ({
    onTestFinished,
  }) => {
    const serve = serving(onTestFinished);
    const server = await serve(controlChars);
    const out = await importTo(server.url);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe("denied[2J]0;pwned 31mredevil\nforged line\n");
    expect(out.stdout).not.toMatch(UNPRINTABLE);
    expect(JSON.parse(out.stdout)).toEqual({ message: HOSTILE_MESSAGE });
  });

  it("an answer that is JSON but not an object is a sentence, not a stack trace", async ({
    onTestFinished,
  }) => {
    const serve = serving(onTestFinished);
    const server = await serve((_req, res) => res.writeHead(200).end("null"));
    const out = await importTo(server.url);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/answered 200 with no JSON object: is it a Rangeline server\?\n$/);
  });
});
