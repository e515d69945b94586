import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { SheetError } from "../shared/book/import/parse";
import { parseFile } from "../shared/book/import/parse-xlsx";
import { checkWorkbookSize } from "../shared/book/import/zip";
import type { CommissionLine } from "../shared/commissions/expected";
import { filterReconciliation, RECONCILIATION_GROUPS, reconcile } from "../shared/commissions/reconcile";
import { guessStatementMapping, readStatement } from "../shared/commissions/statement";
import { PROVIDER_IDS } from "../shared/documents/book";
import {
  type StatementLine,
  type StatementMapping,
  statementMappingSchema,
} from "../shared/documents/commission";
import { DomainError } from "../shared/errors";
import { type ParsedArgs, UsageError } from "./args";
import { readJsonFile } from "./json-file";
import { askServer, jsonForTerminal, printable, timeoutSeconds } from "./server-request";

// `rangeline commissions reconcile STATEMENT --server URL --org ORG [--mapping MAP.json] [--company ID]
// [--month YYYY-MM] [--json] [--timeout SECONDS]` (docs/commissions.md): the company's statement (CSV or
// XLSX) is read here with the book import's parser and the statement mapping, the expected lines are
// fetched from GET /api/orgs/{org}/commissions with RANGELINE_TOKEN (as `book import`: an admin's token
// reconciles the whole agency, an agent's their own coverages), and the shared engine reconciles them.
// Prints the six groups (with --json: {matched, underpaid, overpaid, missing, unknown, chargebacks}, each
// a list of lines with policy number, company, expected and paid amounts as decimal strings) and exits
// 0; refused rows of the statement go to standard error. 1: the server refused; 2: a malformed command.

const GROUP_TITLE: Record<(typeof RECONCILIATION_GROUPS)[number], string> = {
  matched: "Matched",
  underpaid: "Paid less than expected",
  overpaid: "Paid more than expected",
  missing: "Expected, missing from the statement",
  unknown: "On the statement, unknown here",
  chargebacks: "Chargebacks",
};

/** The statement's lines from every sheet of the file, and its refused rows as sentences. */
async function statementOf(file: string, mapping: StatementMapping | undefined, company: string | undefined) {
  let sheets: Awaited<ReturnType<typeof parseFile>>;
  try {
    if (file.toLowerCase().endsWith(".xlsx")) checkWorkbookSize((await stat(file)).size);
    sheets = await parseFile(file, await readFile(file));
  } catch (error) {
    if (error instanceof SheetError) throw new DomainError("invalid-input", `${file}: ${error.message}`);
    throw error;
  }
  const lines: StatementLine[] = [];
  const refused: string[] = [];
  for (const sheet of sheets) {
    const read = readStatement(sheet, mapping ?? guessStatementMapping(sheet.headers), company);
    lines.push(...read.lines);
    for (const r of read.refused)
      refused.push(`${sheet.name}, line ${r.line}${r.column ? `, ${r.column}` : ""}: ${r.message}`);
  }
  return { lines, refused };
}

export async function commissionsCommand(
  args: ParsedArgs,
  env: Record<string, string | undefined>,
  io: { stdout(text: string): void; stderr(text: string): void },
): Promise<number> {
  const [, sub, file] = args.positional;
  if (sub !== "reconcile")
    throw new UsageError(`unknown commissions command "${sub ?? ""}": use commissions reconcile STATEMENT`);
  if (!file) throw new UsageError("commissions reconcile needs the STATEMENT file (.csv or .xlsx)");
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
      "set RANGELINE_TOKEN to an agent's or admin's access token (rangeline book import --help says how to get one)",
    );
  const company = args.options.get("company");
  if (company !== undefined && !(PROVIDER_IDS as readonly string[]).includes(company))
    throw new UsageError(`--company is one of ${PROVIDER_IDS.join(", ")} (got "${company}")`);
  const month = args.options.get("month");
  if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new UsageError(`--month is a month such as 2026-11 (got "${month}")`);
  const seconds = timeoutSeconds(args.options.get("timeout"));
  if (seconds === undefined)
    throw new UsageError(
      `--timeout takes a number of seconds, such as 600 (got "${args.options.get("timeout")}")`,
    );
  let url: URL;
  try {
    url = new URL(`/api/orgs/${encodeURIComponent(org)}/commissions`, server);
  } catch {
    throw new UsageError(`--server "${server}" is not a URL`);
  }
  const mappingPath = args.options.get("mapping");
  const statement = await statementOf(
    file,
    mappingPath ? await readJsonFile(mappingPath, statementMappingSchema) : undefined,
    company,
  );
  // CLI1: no redirect elsewhere, one deadline, a capped answer, nothing unprintable printed.
  const response = await askServer(
    url,
    { method: "GET", headers: { authorization: `Bearer ${token}` } },
    { timeoutSeconds: seconds },
  );
  let body: { lines?: CommissionLine[]; agentId?: string; message?: string } | null = null;
  try {
    body = JSON.parse(response.text);
  } catch {}
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new DomainError(
      "invalid-input",
      `${url.origin} answered ${response.status} with no JSON object: is it a Rangeline server?`,
    );
  if (!response.ok || !Array.isArray(body.lines)) {
    const message = typeof body.message === "string" ? body.message.slice(0, 1000) : undefined;
    io.stderr(`${printable(message ?? `the server answered ${response.status}`)}\n`);
    return 1;
  }
  const all = reconcile(body.lines, statement.lines, month ? { months: [month] } : {});
  // An agent's token: their own coverages only, and no unknown line (it may be another agent's).
  const rec = typeof body.agentId === "string" ? filterReconciliation(all, { agentId: body.agentId }) : all;
  if (statement.refused.length > 0)
    io.stderr(
      printable(
        `${basename(file)}: ${statement.refused.length} row(s) refused, not reconciled:\n${statement.refused.join("\n")}\n`,
      ),
    );
  if (args.flags.has("json")) {
    const brief = Object.fromEntries(
      RECONCILIATION_GROUPS.map((group) => [
        group,
        rec[group].map((e) => ({
          policyNumber: e.policyNumber,
          company: e.providerId,
          kind: e.kind,
          ...(e.salesDate ? { salesDate: e.salesDate } : {}),
          ...(e.month ? { month: e.month } : {}),
          expected: e.expected,
          paid: e.paid,
          difference: e.difference,
          statementLines: e.statementLines,
        })),
      ]),
    );
    io.stdout(jsonForTerminal(brief));
    return 0;
  }
  const out: string[] = [];
  for (const group of RECONCILIATION_GROUPS) {
    out.push(`${GROUP_TITLE[group]}: ${rec[group].length}`);
    for (const e of rec[group])
      out.push(
        `  ${e.policyNumber} ${e.providerId}${e.salesDate ? ` ${e.salesDate}` : ""}  expected ${e.expected}  paid ${e.paid}  difference ${e.difference}${e.statementLines.length ? `  (line ${e.statementLines.join(", ")})` : ""}`,
      );
  }
  io.stdout(`${printable(out.join("\n"))}\n`);
  return 0;
}
