import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DomainError } from "../shared/errors";
import { bookImportCommand } from "./book-import";

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
});
