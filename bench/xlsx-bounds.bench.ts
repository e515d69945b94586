// `npm run bench:xlsx-bounds`: XLSX1 (docs/hardening.md, docs/book-import.md) — how long the import's engine
// (shared/book/import/parse-xlsx.ts, the one the command line and the screen's worker share) takes, and
// how much memory it holds, to refuse a small workbook of a million tiny rows. Not a test: it prints
// figures and whether the goal (refused in under 2 s, peak RSS under 256 MiB) holds.
// The workbook is built here (tests/fixtures/import/zip.ts) into a temporary file; each measure runs in
// a fresh process so its peak RSS is the parse's alone. BENCH_XLSX_ROWS changes the row count.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getHeapStatistics } from "node:v8";
import { parseFile } from "../shared/book/import/parse-xlsx";
import { workbookEntries, zip } from "../tests/fixtures/import/zip";

const GOAL_MS = 2_000;
const GOAL_RSS = 256 * 1024 * 1024;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function measure(file: string): Promise<void> {
  const data = readFileSync(file);
  const before = process.resourceUsage().maxRSS * 1024;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  const cpuBefore = process.cpuUsage();
  const t = performance.now();
  let outcome: string;
  try {
    const sheets = await parseFile("million.xlsx", data);
    outcome = `read (${sheets.map((s) => s.rows.length).join(", ")} rows): NOT refused`;
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(timer);
  sample();
  const rss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(
    `${JSON.stringify({ ms, cpuMs, rss, before, peakHeap, heapLimit: getHeapStatistics().heap_size_limit, outcome })}\n`,
  );
}

if (process.argv[2] === "--measure") {
  await measure(process.argv[3] as string);
} else {
  const rows = Number(process.env.BENCH_XLSX_ROWS ?? 1_000_000);
  const parts: string[] = [];
  for (let n = 1; n <= rows; n++) parts.push(`<row r="${n}"><c r="A${n}"><v>${n % 10}</v></c></row>`);
  const sheetXml = parts.join("");
  const bytes = zip(workbookEntries([{ name: "Rows", data: sheetXml }]));
  const dir = mkdtempSync(join(tmpdir(), "xlsx-bounds-"));
  const file = join(dir, "million.xlsx");
  writeFileSync(file, bytes);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`bench:xlsx-bounds — ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}`);
  say(
    `workbook: ${rows.toLocaleString("en-US")} rows of one cell, ${(bytes.byteLength / 1e6).toFixed(2)} MB compressed, ` +
      `${(sheetXml.length / 1e6).toFixed(1)} MB of worksheet XML`,
  );
  try {
    const runs = Number(process.env.BENCH_RUNS ?? 3);
    let worstMs = 0;
    let worstRss = 0;
    for (let run = 1; run <= runs; run++) {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), "--measure", file],
        {
          encoding: "utf8",
          maxBuffer: 1 << 20,
        },
      );
      const line = child.stdout.trim().split("\n").at(-1) ?? "";
      if (child.status !== 0 || !line.startsWith("{")) {
        say(`run ${run}: the measuring process failed (${child.status}): ${child.stderr.trim().slice(-400)}`);
        process.exitCode = 1;
        continue;
      }
      const r = JSON.parse(line) as {
        ms: number;
        cpuMs: number;
        rss: number;
        before: number;
        peakHeap: number;
        outcome: string;
      };
      worstMs = Math.max(worstMs, r.ms);
      worstRss = Math.max(worstRss, r.rss);
      say(
        `run ${run}: ${(r.ms / 1000).toFixed(2)} s (CPU ${(r.cpuMs / 1000).toFixed(2)} s), peak RSS ${mib(r.rss)} (${mib(r.before)} before the parse), ` +
          `peak heap+buffers (sampled) ${mib(r.peakHeap)} — ${r.outcome}`,
      );
    }
    const holds = worstMs < GOAL_MS && worstRss < GOAL_RSS;
    say(
      `goal (refused in < 2 s, peak RSS < 256 MiB): ${holds ? "holds" : "MISSED"} — worst ${(worstMs / 1000).toFixed(2)} s, ${mib(worstRss)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
