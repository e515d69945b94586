// npm run bench:cli-hostile — `rangeline book import` against the hostile servers of issue 40 §10 at
// full size (docs/hardening.md, CLI1): a 307 to another origin, a byte a second, a 1 GiB answer
// streamed, control characters in an error. Prints each run's outcome (exit code, first line of
// standard error), wall time and the command's peak RSS (GNU time's %M). The drip runs with
// `--timeout 10` so the bench ends in seconds; without it the command gives up at 300 s.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  controlChars,
  drip,
  huge,
  type Loopback,
  loopback,
  redirectTo,
  runCli,
} from "../tests/integration/book/hostile-servers";

const book = fileURLToPath(new URL("../tests/fixtures/import/book.csv", import.meta.url));
const time = existsSync("/usr/bin/time") ? ["/usr/bin/time", "-f", "peak-rss-kb %M"] : [];

async function scenario(
  name: string,
  servers: () => Promise<{ target: Loopback; others: Loopback[] }>,
  more: string[] = [],
) {
  const { target, others } = await servers();
  const started = performance.now();
  const out = await runCli(
    ["book", "import", book, "--server", target.url, "--org", "demo", "--dry-run", ...more],
    { RANGELINE_TOKEN: "bench-token" },
    time,
  );
  const seconds = (performance.now() - started) / 1000;
  const lines = out.stderr
    .trim()
    .split("\n")
    .filter((line) => !line.startsWith("Command exited with non-zero status"));
  const rss = /^peak-rss-kb (\d+)$/.exec(lines.at(-1) ?? "");
  const said = (rss ? lines.slice(0, -1) : lines).join(" ⏎ ");
  const reachedOthers = others.reduce((n, s) => n + s.requests.length, 0);
  console.log(
    `${name.padEnd(28)} exit ${out.code}  ${seconds.toFixed(1).padStart(5)} s  peak RSS ${rss ? `${(Number(rss[1]) / 1024).toFixed(0)} MiB` : "n/a"}${others.length ? `  requests elsewhere: ${reachedOthers}` : ""}\n  ${JSON.stringify(said.slice(0, 220))}`,
  );
  await Promise.all([target, ...others].map((s) => s.close()));
}

console.log(`Node ${process.version}; the command run as a child process (bin/rangeline.mjs)\n`);
await scenario("307 to another origin", async () => {
  const elsewhere = await loopback((_req, res) => res.writeHead(200).end("{}"));
  return { target: await loopback(redirectTo(`${elsewhere.url}steal`)), others: [elsewhere] };
});
await scenario("a byte a second", async () => ({ target: await loopback(drip(1000)), others: [] }), [
  "--timeout",
  "10",
]);
await scenario("1 GiB answer streamed", async () => ({ target: await loopback(huge(2 ** 30)), others: [] }));
await scenario("control characters", async () => ({ target: await loopback(controlChars), others: [] }));
