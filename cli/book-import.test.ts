import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DomainError } from "../shared/errors";
import { BOOK_IMPORT_HELP, bookImportCommand } from "./book-import";
import { main } from "./main";

const dir = mkdtempSync(join(tmpdir(), "book-import-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("rangeline book import", () => {
  it("[XLSX1] refuses a workbook over the engine's limit from its size, before reading it", async () => {
    // A sparse 3 GB file: reading it whole would fail in Node itself (over 2 GiB), not with the sentence.
    const file = join(dir, "huge.xlsx");
    writeFileSync(file, "");
    truncateSync(file, 3_000_000_000);
    const args = {
      positional: ["book", "import", file],
      options: new Map([
        ["server", "http://127.0.0.1:9"],
        ["org", "demo"],
      ]),
      flags: new Set<string>(),
    };
    const io = { stdout: () => undefined, stderr: () => undefined };
    const run = bookImportCommand(args, { RANGELINE_TOKEN: "t" }, io);
    await expect(run).rejects.toBeInstanceOf(DomainError);
    await expect(run).rejects.toThrow(
      `${file}: the workbook is 3000 MB, more than the 50 MB an import reads (split it, or save it as .csv)`,
    );
  });

  it("[CLI2] --help says every option and how an agent gets the token", async () => {
    let out = "";
    const io = {
      readText: async () => "",
      readStdin: async () => "",
      writeText: async () => undefined,
      stdout: (text: string) => {
        out += text;
      },
      stderr: () => undefined,
      today: () => "2026-11-27",
    };
    expect(await main(["book", "import", "--help"], io)).toBe(0);
    expect(out).toBe(`${BOOK_IMPORT_HELP}\n`);
    for (const option of ["--server", "--org", "--mapping", "--dry-run", "--confirm", "--timeout"])
      expect(out).toContain(option);
    expect(out).toMatch(/RANGELINE_TOKEN holds an agent's access token/);
    expect(out).toMatch(/sign in to Rangeline in a browser as that agent/);
    expect(out).toContain('"@@auth0spajs@@"');
  });

  it("[CLI2] without a token it says where the help explains getting one", async () => {
    const args = {
      positional: ["book", "import", "book.csv"],
      options: new Map([
        ["server", "http://127.0.0.1:9"],
        ["org", "demo"],
      ]),
      flags: new Set<string>(),
    };
    const io = { stdout: () => undefined, stderr: () => undefined };
    await expect(bookImportCommand(args, {}, io)).rejects.toThrow(
      "set RANGELINE_TOKEN to the agent's access token (rangeline book import --help says how to get one)",
    );
  });
});
