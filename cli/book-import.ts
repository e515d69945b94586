import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { guessMapping, type Mapping, mappingSchema } from "../shared/book/import/mapping";
import { SheetError } from "../shared/book/import/parse";
import { parseFile } from "../shared/book/import/parse-xlsx";
import { reportLines } from "../shared/book/import/report-summary";
import type { ImportRequest } from "../shared/book/import/request";
import type { ImportReport } from "../shared/book/import/types";
import { checkWorkbookSize } from "../shared/book/import/zip";
import { DomainError } from "../shared/errors";
import { type ParsedArgs, UsageError } from "./args";
import { readJsonFile } from "./json-file";
import { isReport } from "./report-shape";
import { askServer, jsonForTerminal, printable, timeoutSeconds } from "./server-request";

// `rangeline book import FILE --server URL --org ORG [--mapping MAP.json] [--dry-run] [--confirm LINES]
// [--timeout SECONDS]`
// (docs/book-import.md), for agencies with IT staff: the file is read here with the
// screen's engine (CSV or XLSX), sent to the server's import (POST /api/orgs/{org}/book-imports) with
// the agent's access token from RANGELINE_TOKEN, and the server's answer printed as JSON — the same
// report as the screen's dry run. Exit 0 when every row was taken, 1 when a row was refused or waits
// for a confirmation (or the server refused the import, or could not be used: server-request.ts), 2 for a
// malformed command line.

/** `rangeline book import --help`: the options, and how an agent gets the token (the command takes no password). */
export const BOOK_IMPORT_HELP = `Usage:
  RANGELINE_TOKEN=… rangeline book import FILE --server URL --org ORG [--mapping MAP.json] [--dry-run]
                                          [--confirm LINES] [--timeout SECONDS]

Imports an agency's book (customers, entities, policies, endorsements) from a CSV (comma, semicolon or
tab) or XLSX file through the Rangeline server, with the engine and the report of the /agent/book-import
screen, and prints the server's report as JSON on standard output and, on standard error, the report as
the screen says it: what would be created and updated, the endorsements kept as "needs details" and what
they lack, the refused rows' problems grouped by kind (fix them with --mapping "values" or "defaults"),
notes on how values were read, and the rows skipped as not records.

  FILE                the file to import (.csv or .xlsx)
  --server URL        the Rangeline server, such as https://rangeline.example
  --org ORG           the organisation's id (the demo agency's is "demo"; ask your administrator for yours)
  --mapping MAP.json  which column fills which field, and values for the whole file:
                      {"version":1,"columns":{"Insured Name":"customerName"},"defaults":{"county":"31041"},
                       "values":{"type":{"Steers":"809"}}}; without it the mapping is guessed from the headers
  --dry-run           plan only: the report of what would be written, held and refused; nothing is written
  --confirm LINES     lines whose customer was matched by name and address only, confirmed: 12,17
  --timeout SECONDS   how long to wait for the server (300)

The token: RANGELINE_TOKEN holds an agent's access token for the organisation (the command asks for no
password). To get one, sign in to Rangeline in a browser as that agent, open the browser's developer
tools (F12) → Application (Chrome, Edge) or Storage (Firefox) → Local Storage → the Rangeline site →
the key that begins with "@@auth0spajs@@" (not the one ending "@@user@@"), and copy the text of
"access_token" inside its "body". It
lasts an hour with the server's own sign-in (an Auth0 tenant's API settings decide otherwise); when it
has expired the server answers 401: sign in again and copy the new one. It acts as the agent: do not
share it or keep it in a file others can read.

Exit status: 0 when every row was taken, 1 when a row was refused or waits for a confirmation (or the
server refused the import), 2 for a malformed command line.`;

/** The guessed mapping of every sheet's headers together (the first sheet naming a header wins). */
function guessedMapping(headers: readonly string[][]): Mapping {
  const columns: Mapping["columns"] = {};
  for (const sheet of headers)
    for (const [header, field] of Object.entries(guessMapping(sheet).columns))
      if (!Object.hasOwn(columns, header)) columns[header] = field;
  return { version: 1, columns };
}

const confirmedLines = (text: string | undefined): number[] | undefined => {
  if (text === undefined) return undefined;
  const lines = text.split(",").map((s) => Number(s.trim()));
  if (lines.some((n) => !Number.isInteger(n) || n < 1))
    throw new UsageError(`--confirm takes the file's line numbers, such as 12,17 (got "${text}")`);
  return lines;
};

export async function bookImportCommand(
  args: ParsedArgs,
  env: Record<string, string | undefined>,
  io: { stdout(text: string): void; stderr(text: string): void },
): Promise<number> {
  const [, sub, file] = args.positional;
  if (sub !== "import") throw new UsageError(`unknown book command "${sub ?? ""}": use book import FILE`);
  if (!file) throw new UsageError("book import needs the FILE to import (.csv or .xlsx)");
  const server = args.options.get("server");
  const org = args.options.get("org");
  if (!server)
    throw new UsageError(
      "--server URL is required (the Rangeline server, such as https://rangeline.example)",
    );
  if (!org) throw new UsageError("--org ORG is required (the organisation's id)");
  const token = env.RANGELINE_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      "set RANGELINE_TOKEN to the agent's access token (rangeline book import --help says how to get one)",
    );
  let url: URL;
  try {
    url = new URL(`/api/orgs/${encodeURIComponent(org)}/book-imports`, server);
  } catch {
    throw new UsageError(`--server "${server}" is not a URL`);
  }
  let sheets: ImportRequest["sheets"];
  try {
    // A workbook over the engine's limit is refused before it is read into memory (XLSX1).
    if (file.toLowerCase().endsWith(".xlsx")) checkWorkbookSize((await stat(file)).size);
    sheets = await parseFile(file, await readFile(file));
  } catch (error) {
    if (error instanceof SheetError) throw new DomainError("invalid-input", `${file}: ${error.message}`);
    throw error;
  }
  const mappingPath = args.options.get("mapping");
  const mapping = mappingPath
    ? await readJsonFile(mappingPath, mappingSchema)
    : guessedMapping(sheets.map((s) => s.headers));
  const confirm = confirmedLines(args.options.get("confirm"));
  const request: ImportRequest = {
    fileName: basename(file),
    sheets,
    mapping,
    dryRun: args.flags.has("dry-run"),
    ...(confirm ? { confirmedLines: confirm } : {}),
  };
  const seconds = timeoutSeconds(args.options.get("timeout"));
  if (seconds === undefined)
    throw new UsageError(
      `--timeout takes a number of seconds, such as 600 (got "${args.options.get("timeout")}")`,
    );
  // CLI1: no redirect elsewhere, one deadline, a capped answer, nothing unprintable printed.
  const response = await askServer(
    url,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(request),
    },
    { timeoutSeconds: seconds },
  );
  let body: { report?: ImportReport; message?: string } | null = null;
  try {
    body = JSON.parse(response.text);
  } catch {}
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new DomainError(
      "invalid-input",
      `${url.origin} answered ${response.status} with no JSON object: is it a Rangeline server?`,
    );
  io.stdout(jsonForTerminal(body));
  if (!response.ok) {
    const message = typeof body.message === "string" ? body.message.slice(0, 1000) : undefined;
    io.stderr(`${printable(message ?? `the server answered ${response.status}`)}\n`);
    return 1;
  }
  // CLI3: the report said as the screen says it (counts, grouped problems, held, notes, skipped), beside the JSON.
  if (isReport(body.report)) io.stderr(`${printable(reportLines(body.report, request.dryRun).join("\n"))}\n`);
  const rows = body.report?.rows;
  if (rows && (rows.refused > 0 || rows.needsConfirmation > 0)) {
    io.stderr(
      printable(
        `${rows.refused} row(s) refused, ${rows.needsConfirmation} waiting for confirmation (--confirm LINES): see "refused" and "confirmations"\n`,
      ),
    );
    return 1;
  }
  return 0;
}
