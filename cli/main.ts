import { readFile, writeFile } from "node:fs/promises";
import { DomainError } from "../shared/errors";
import {
  generateSampleSnapshot,
  importMarketFiles,
  type MarketFiles,
  type MarketSnapshot,
  marketSnapshotSchema,
} from "../shared/market";
import { isIsoDate } from "../shared/market/dates";
import { quoteLgm, quoteLrp } from "../shared/pricing";
import { lgmClaim, lrpClaim } from "../shared/pricing/claims";
import { parseArgs, UsageError } from "./args";
import { printable } from "./server-request";

// `rangeline`: the pricing engine for scripts.
//   rangeline quote lrp --input FILE.json [--all] [--market SNAPSHOT.json]
//   rangeline quote lgm --input FILE.json [--market SNAPSHOT.json]
//   rangeline claim lrp --input FILE.json [--market SNAPSHOT.json]   (asOf defaults to today)
//   rangeline claim lgm --input FILE.json
//   rangeline market sample [--date YYYY-MM-DD] [--out FILE]
//   rangeline book import FILE --server URL --org ORG [--mapping MAP.json] [--dry-run] [--confirm LINES]
//                         [--timeout SECONDS]  (token in RANGELINE_TOKEN; the server's report as JSON; 1 if a
//                                               row is refused; the server is asked through server-request.ts)
//   rangeline backup --out FILE [--data-dir DIR]              (online backup of every embedded SQLite store)
//   rangeline restore --from FILE [--data-dir DIR] [--force]   (server stopped)
//   rangeline market import [--futures CSV] [--lrp-rate F] [--lrp-actual-ending-value F]
//                           [--lgm-gross-margin F] [--lgm-draw F] [--label TEXT] [--as-of DATE] [--out FILE]
// FILE "-" is standard input. Output is JSON on standard output; an invalid input prints the engine's
// message on standard error and exits 1; a malformed command line exits 2.

export interface CliIo {
  readText(path: string): Promise<string>;
  readStdin(): Promise<string>;
  writeText(path: string, text: string): Promise<void>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Today's date (YYYY-MM-DD), the as-of date of the default sample snapshot. */
  today(): string;
}

export const USAGE = `Usage:
  rangeline quote lrp --input FILE.json [--all] [--market SNAPSHOT.json]
  rangeline quote lgm --input FILE.json [--market SNAPSHOT.json]
  rangeline claim lrp --input FILE.json [--market SNAPSHOT.json]
  rangeline claim lgm --input FILE.json
  rangeline market sample [--date YYYY-MM-DD] [--out FILE]
  rangeline admin invite --org ORG --email ADDRESS [--role admin[,agent,partner]]
  rangeline book import FILE --server URL --org ORG [--mapping MAP.json] [--dry-run] [--confirm LINES]
                        [--timeout SECONDS]   (rangeline book import --help: how to get the token)
  rangeline commissions reconcile STATEMENT --server URL --org ORG [--mapping MAP.json] [--company ID]
                        [--month YYYY-MM] [--json] [--timeout SECONDS]
  rangeline backup --out FILE [--data-dir DIR]
  rangeline restore --from FILE [--data-dir DIR] [--force]
  rangeline market import [--futures CSV] [--lrp-rate FILE] [--lrp-actual-ending-value FILE]
                          [--lgm-gross-margin FILE] [--lgm-draw FILE] [--label TEXT] [--as-of YYYY-MM-DD] [--out FILE]
FILE "-" reads standard input.`;

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const args = parseArgs(argv, ["all", "help", "force", "dry-run", "json"]);
    const [command, sub] = args.positional;
    if (args.flags.has("help") && command === "book") {
      const { BOOK_IMPORT_HELP } = await import("./book-import");
      io.stdout(`${BOOK_IMPORT_HELP}\n`);
      return 0;
    }
    if (args.flags.has("help") || !command) {
      io.stdout(`${USAGE}\n`);
      return command || args.flags.has("help") ? 0 : 2;
    }
    const read = (path: string) => (path === "-" ? io.readStdin() : io.readText(path));
    const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

    if (command === "quote") {
      if (sub !== "lrp" && sub !== "lgm")
        throw new UsageError(`unknown quote kind "${sub ?? ""}": use lrp or lgm`);
      const inputPath = args.options.get("input");
      if (!inputPath) throw new UsageError("--input FILE.json is required (- for standard input)");
      const input = parseJson(await read(inputPath), inputPath === "-" ? "standard input" : inputPath);
      const marketPath = args.options.get("market");
      // Without --market: the sample market of the quote's sales date (a quote is priced on its sales
      // date's prices, shared/pricing/sales-day.ts), else of today.
      const snapshot = marketPath
        ? await loadSnapshot(read, marketPath)
        : generateSampleSnapshot(salesDateOf(input) ?? io.today());
      const result =
        sub === "lrp" ? quoteLrp(input, snapshot, { all: args.flags.has("all") }) : quoteLgm(input, snapshot);
      io.stdout(json(result));
      return 0;
    }

    if (command === "claim") {
      if (sub !== "lrp" && sub !== "lgm")
        throw new UsageError(`unknown claim kind "${sub ?? ""}": use lrp or lgm`);
      const inputPath = args.options.get("input");
      if (!inputPath) throw new UsageError("--input FILE.json is required (- for standard input)");
      const input = parseJson(await read(inputPath), inputPath === "-" ? "standard input" : inputPath);
      if (sub === "lgm") {
        io.stdout(json(lgmClaim(input)));
        return 0;
      }
      const marketPath = args.options.get("market");
      const snapshot = marketPath ? await loadSnapshot(read, marketPath) : generateSampleSnapshot(io.today());
      const withDate =
        typeof input === "object" && input !== null && !("asOf" in input)
          ? { ...input, asOf: io.today() }
          : input;
      io.stdout(json(lrpClaim(withDate, snapshot)));
      return 0;
    }

    if (command === "market" && sub === "sample") {
      const snapshot = generateSampleSnapshot(args.options.get("date") ?? io.today());
      return await output(io, args.options.get("out"), json(snapshot));
    }

    if (command === "market" && sub === "import") {
      const files: MarketFiles = {};
      const sources = [
        ["futures", "futures"],
        ["lrp-rate", "lrpRate"],
        ["lrp-actual-ending-value", "lrpActualEndingValue"],
        ["lgm-gross-margin", "lgmGrossMargin"],
        ["lgm-draw", "lgmDraw"],
      ] as const;
      for (const [option, key] of sources) {
        const path = args.options.get(option);
        if (path) files[key] = { text: await read(path), file: path };
      }
      if (Object.keys(files).length === 0) throw new UsageError("name at least one file to import");
      const snapshot = importMarketFiles(files, {
        label: args.options.get("label") ?? "RMA and exchange data",
        asOf: args.options.get("as-of"),
      });
      return await output(io, args.options.get("out"), json(snapshot));
    }

    if (command === "admin") {
      // Server code (storage, configuration) only for this command.
      const { adminCommand } = await import("./admin");
      return await adminCommand(args, process.env, io.stdout);
    }

    if (command === "book") {
      // The book import (docs/book-import.md): the file read here, imported by the server.
      const { bookImportCommand } = await import("./book-import");
      return await bookImportCommand(args, process.env, io);
    }

    if (command === "commissions") {
      // A company's commission statement reconciled against the server's expected lines (docs/commissions.md).
      const { commissionsCommand } = await import("./commissions");
      return await commissionsCommand(args, process.env, io);
    }

    if (command === "backup" || command === "restore") {
      // The embedded database's online backup and its restore (docs/hardening.md).
      const { backupCommand } = await import("./backup");
      return await backupCommand(command, args, process.env, io.stdout);
    }

    throw new UsageError(`unknown command "${args.positional.join(" ")}"`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof DomainError) {
      // A message may quote a server or a file: nothing unprintable reaches the terminal (CLI1).
      io.stderr(`${printable(error.message)}\n`);
      return 1;
    }
    if (error instanceof Error && "code" in error && (error as NodeJS.ErrnoException).code === "ENOENT") {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** The input's salesDate when it is a date, else undefined (the engine then says what is wrong). */
function salesDateOf(input: unknown): string | undefined {
  const date =
    typeof input === "object" && input !== null ? (input as { salesDate?: unknown }).salesDate : undefined;
  return typeof date === "string" && isIsoDate(date) ? date : undefined;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError("invalid-input", `${where}: not valid JSON (${(error as Error).message})`);
  }
}

async function loadSnapshot(read: (path: string) => Promise<string>, path: string): Promise<MarketSnapshot> {
  const parsed = marketSnapshotSchema.safeParse(parseJson(await read(path), path));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError(
      "invalid-input",
      `${path}: ${issue.path.join(".") || "snapshot"}: ${issue.message}`,
    );
  }
  return parsed.data;
}

async function output(io: CliIo, path: string | undefined, text: string): Promise<number> {
  if (path) await io.writeText(path, text);
  else io.stdout(text);
  return 0;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

export const nodeIo: CliIo = {
  readText: (path) => readFile(path, "utf8"),
  readStdin: () => readAll(process.stdin),
  writeText: (path, text) => writeFile(path, text),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  today: () => new Date().toISOString().slice(0, 10),
};
