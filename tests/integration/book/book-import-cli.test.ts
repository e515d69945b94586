import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportReport } from "../../../shared/book/import/types";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// docs/book-import.md, the command line: `rangeline book import FILE --server URL --org ORG [--mapping MAP.json]
// [--dry-run]` with the agent's token in RANGELINE_TOKEN prints the server's report as JSON and exits 1
// when a row is refused, 0 when every row was taken, 2 for a malformed command line. The real command
// (bin/rangeline.mjs) against a real server (SQLite).

const bin = fileURLToPath(new URL("../../../bin/rangeline.mjs", import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/import/${name}`, import.meta.url));
const agent = demoUser("agent@demo.rangeline.test");
const dir = mkdtempSync(join(tmpdir(), "rangeline-import-cli-"));

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
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

describe("rangeline book import (command line, real server)", () => {
  let server: TestServer;
  let token: string;
  const importFile = (file: string, ...more: string[]) =>
    run(["book", "import", file, "--server", server.url, "--org", "demo", ...more], {
      RANGELINE_TOKEN: token,
    });

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.token(agent);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("a dry run of a file with a refused row prints the report and exits 1; nothing is written", async () => {
    const { code, stdout, stderr } = await importFile(fixture("book.csv"), "--dry-run");
    expect(code).toBe(1);
    const body = JSON.parse(stdout) as { report: ImportReport; dryRun: boolean };
    expect(body.dryRun).toBe(true);
    expect(body.report.refused.map((p) => p.message)).toEqual([
      "row 6, Head: 13,000 is over the 12,000 per endorsement limit (Feeder Cattle max limit is 12,000)",
    ]);
    expect(body.report.counts.coverage.create).toBe(7);
    expect(stderr).toMatch(/1 row\(s\) refused/);
    expect(stderr).toContain(
      'Problems to fix (1 kind, 1 row): every problem of every row\n  row 6: Head "13000" — 13,000 is over the 12,000 per endorsement limit (Feeder Cattle max limit is 12,000)\n',
    );
    expect(await server.storage.listDocuments("org/demo/customer/")).toEqual([]);
  });

  it("[CLI3] a messy export's dry run says what the screen says: held, refused and skipped counts, the groups, the notes", async () => {
    const { code, stdout, stderr } = await importFile(fixture("messy/sandhills-agency.csv"), "--dry-run");
    expect(code).toBe(0);
    const { report } = JSON.parse(stdout) as { report: ImportReport };
    expect(stderr.split("\n").slice(0, 8)).toEqual([
      "Dry run of sandhills-agency.csv: nothing is written yet",
      "9 to create, 0 to update, 0 unchanged, 0 to confirm, 6 endorsements need details, 0 refused, 1 skipped",
      "  Customers: 3 create, 0 update, 0 unchanged",
      "  Entities: 3 create, 0 update, 0 unchanged",
      "  Policies: 3 create, 0 update, 0 unchanged",
      "  Endorsements: 0 create, 0 update, 0 unchanged",
      `${report.rows.total} rows read: 6 write their customer and policy and keep the endorsement as "needs details", 1 is not a record (skipped).`,
      "Endorsements that need details (6): not refused; their customers, entities and policies are imported",
    ]);
    expect(stderr).toContain("  6 rows: missing Sales date, Coverage price, Subsidy\n");
    expect(stderr).toContain(
      "For your information (2 kinds): how values were read, nothing refused\n  3 rows: SSN/EIN — the tax id is masked, so it is read as not given: add the full one on the entity\n",
    );
    expect(stderr).toContain(
      "1 row is not a record and is skipped (totals, notes, a repeated header)\n  row ",
    );
    expect(await server.storage.listDocuments("org/demo/customer/")).toEqual([]);
  });

  it("imports an XLSX workbook with a saved mapping; a clean file exits 0 and, imported again, creates nothing", async () => {
    const mappingFile = join(dir, "map.json");
    writeFileSync(
      mappingFile,
      JSON.stringify({ version: 1, columns: { ...Object.fromEntries(BOOK_HEADERS.map((h) => [h, ""])) } }),
    );
    const bad = await importFile(fixture("book.xlsx"), "--mapping", mappingFile);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/map\.json: columns\.Insured Name: /);

    const xlsx = await importFile(fixture("book.xlsx"));
    expect(xlsx.code).toBe(1);
    expect((JSON.parse(xlsx.stdout) as { report: ImportReport }).report.refused[0]?.line).toBe(7);

    const clean = join(dir, "clean.csv");
    writeFileSync(clean, toCsv(BOOK_HEADERS, bookRows(3, 3)));
    const first = await importFile(clean);
    expect(first.code).toBe(0);
    const again = await importFile(clean);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as { report: ImportReport }).report.rows).toMatchObject({
      written: 0,
      unchanged: 3,
    });
  });

  it("without a token or the organisation: exit 2 saying what is missing", async () => {
    const noToken = await run(
      ["book", "import", fixture("book.csv"), "--server", server.url, "--org", "demo"],
      { RANGELINE_TOKEN: "" },
    );
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/^set RANGELINE_TOKEN to the agent's access token/);
    const noOrg = await run(["book", "import", fixture("book.csv"), "--server", server.url], {
      RANGELINE_TOKEN: token,
    });
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toMatch(/^--org ORG is required/);
  });
});
