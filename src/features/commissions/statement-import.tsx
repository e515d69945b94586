import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import type { Sheet } from "../../../shared/book/import/types";
import { INSURANCE_PROVIDERS } from "../../../shared/catalogue";
import { guessStatementMapping, type ReadStatement } from "../../../shared/commissions/statement";
import {
  type CommissionStatement,
  STATEMENT_FIELDS,
  type StatementField,
  type StatementMapping,
  savedStatementMappingSchema,
} from "../../../shared/documents/commission";
import { newRecordId } from "../../components/book/record-ids";
import type { CommissionBookState } from "../../components/commissions/use-commission-book";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import type { SheetWorker } from "../../lib/sheets/sheet-worker";
import { companyName } from "./labels";

// A company's commission statement into the book (docs/commissions.md "Statements"): the file read by
// the book import's parser in the book import's worker (CSV or XLSX, off the main thread), its columns mapped (the mapping
// saved for the company is used again when the columns are the same), a dry run that names every
// refused row by line, column and sentence, then the statement kept on the device and synced.

const FIELD_LABELS: Record<StatementField, string> = {
  policyNumber: "Policy number",
  provider: "Company",
  salesDate: "Sales date",
  commodity: "Commodity",
  endDate: "End date",
  premium: "Premium",
  amount: "Commission amount",
  agent: "Agent",
  month: "Month",
};

const COMPANIES = INSURANCE_PROVIDERS.filter((p) => p.isActive && p.plans.length > 0).map((p) => ({
  value: p.id,
  label: p.name,
}));

/** The saved mapping when every column it names is in the file, else one guessed from the headers. */
function mappingFor(sheet: Sheet, saved: unknown): { mapping: StatementMapping; saved: string | null } {
  const parsed = savedStatementMappingSchema.safeParse(saved);
  if (parsed.success && Object.keys(parsed.data.mapping.columns).every((h) => sheet.headers.includes(h)))
    return { mapping: parsed.data.mapping, saved: parsed.data.fileName };
  return { mapping: guessStatementMapping(sheet.headers), saved: null };
}

const counted = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

type Stage =
  | { kind: "choose" }
  | { kind: "map"; sheet: Sheet; fileName: string; mapping: StatementMapping; saved: string | null }
  | { kind: "dry-run"; sheet: Sheet; fileName: string; mapping: StatementMapping; read: ReadStatement };

export function StatementImport({ state, month }: { state: CommissionBookState; month: string }) {
  const [providerId, setProviderId] = useState("");
  const [statementMonth, setStatementMonth] = useState(month);
  const [stage, setStage] = useState<Stage>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // COMMUI5: the file is parsed and the statement read in the book import's worker, off the main thread;
  // its handle loads with the first file (the page itself does not wait for the worker's address).
  const worker = useRef<SheetWorker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);
  const sheetWorker = async () => {
    worker.current ??= (await import("../../lib/sheets/sheet-worker")).createSheetWorker();
    return worker.current;
  };
  const id = useId();
  const mappings = (state.doc.state?.data as Record<string, unknown> | undefined)?.commissionMappings as
    | Record<string, unknown>
    | undefined;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    setError(null);
    setDone(null);
    if (!file) return;
    if (!providerId) {
      setError("Choose the statement's company first.");
      return;
    }
    setReading(true);
    try {
      const sheets = await (await sheetWorker()).parseFile(file);
      const sheet = sheets.find((s) => s.rows.length > 0);
      if (!sheet) {
        setError(`${file.name} holds no rows under a header row.`);
        return;
      }
      const found = mappingFor(sheet, mappings?.[providerId]);
      setStage({ kind: "map", sheet, fileName: file.name, ...found });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setReading(false);
    }
  };

  const dryRun = async () => {
    if (stage.kind !== "map") return;
    setReading(true);
    setError(null);
    try {
      const read = await (await sheetWorker()).readStatement(stage.sheet, stage.mapping, providerId);
      setStage({
        kind: "dry-run",
        sheet: stage.sheet,
        fileName: stage.fileName,
        mapping: stage.mapping,
        read,
      });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setReading(false);
    }
  };

  const setColumn = (header: string, field: string) => {
    if (stage.kind !== "map") return;
    const columns = { ...stage.mapping.columns };
    if (field) columns[header] = field as StatementField;
    else delete columns[header];
    setStage({ ...stage, mapping: { ...stage.mapping, columns } });
  };

  const keep = () => {
    if (stage.kind !== "dry-run" || !state.userId) return;
    const at = new Date().toISOString();
    const statement: CommissionStatement = {
      id: newRecordId(),
      providerId: providerId as CommissionStatement["providerId"],
      month: statementMonth,
      fileName: stage.fileName.slice(0, 255),
      importedAt: at,
      importedBy: state.userId,
      lines: stage.read.lines,
      refused: stage.read.refused.length,
    };
    try {
      state.doc.write((t) => {
        t.setWhole("commissionStatements", [statement.id], statement);
        t.setWhole("commissionMappings", [providerId], {
          id: providerId,
          fileName: statement.fileName,
          mapping: stage.mapping,
          updatedAt: at,
          updatedBy: state.userId,
        });
      });
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    setDone(
      `${stage.fileName}: ${counted(statement.lines.length, "line")} of ${companyName(providerId)} kept for ${statementMonth}. The reconciliation below includes them.`,
    );
    setStage({ kind: "choose" });
  };

  return (
    <div className="commissions__statement" data-testid="statement-import">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {stage.kind === "choose" ? (
        <div className="commissions__filters">
          <label>
            Company
            <select className="book-input" value={providerId} onChange={(e) => setProviderId(e.target.value)}>
              <option value="">Choose the company</option>
              {COMPANIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Statement month
            <input
              className="book-input"
              value={statementMonth}
              onChange={(e) => setStatementMonth(e.target.value)}
              placeholder="YYYY-MM"
            />
          </label>
          <label>
            Statement file (CSV or XLSX)
            <input
              type="file"
              accept=".csv,.txt,.xlsx"
              onChange={choose}
              disabled={reading || state.doc.readOnly || !/^\d{4}-(0[1-9]|1[0-2])$/.test(statementMonth)}
            />
          </label>
        </div>
      ) : null}
      {reading ? (
        <p className="note" role="status">
          Reading the statement…
        </p>
      ) : null}
      {stage.kind === "map" ? (
        <div>
          <p className="note" data-testid="statement-mapping-origin">
            {stage.saved
              ? `The mapping saved for ${companyName(providerId)} from ${stage.saved} is used (same columns).`
              : `Columns matched by their headers; the mapping is saved for ${companyName(providerId)} when you keep the statement.`}
          </p>
          <div className="commissions__scroll">
            <table className="commissions__table">
              <caption className="visually-hidden">Columns of {stage.fileName}</caption>
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Example (first row)</th>
                  <th scope="col">Field</th>
                </tr>
              </thead>
              <tbody>
                {stage.sheet.headers.map((header, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a sheet's columns never move, and headers may repeat
                  <tr key={`${header}-${i}`}>
                    <th scope="row">
                      <label htmlFor={`${id}-${i}`}>{header || `(column ${i + 1})`}</label>
                    </th>
                    <td>{stage.sheet.rows[0]?.cells[i] ?? ""}</td>
                    <td>
                      <select
                        id={`${id}-${i}`}
                        className="book-input"
                        value={stage.mapping.columns[header] ?? ""}
                        onChange={(e) => setColumn(header, e.target.value)}
                      >
                        <option value="">Not used</option>
                        {STATEMENT_FIELDS.map((f) => (
                          <option key={f} value={f}>
                            {FIELD_LABELS[f]}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="commissions__actions">
            <Button onClick={() => void dryRun()} disabled={reading}>
              Check the statement (dry run)
            </Button>
            <Button variant="secondary" onClick={() => setStage({ kind: "choose" })}>
              Choose another file
            </Button>
          </div>
        </div>
      ) : null}
      {stage.kind === "dry-run" ? (
        <div data-testid="statement-dry-run">
          <p>
            {counted(stage.read.lines.length, "line")} read, {counted(stage.read.refused.length, "row")}{" "}
            refused. Nothing is kept yet.
          </p>
          {stage.read.refused.length > 0 ? (
            <ul className="commissions__refused" data-testid="statement-refused">
              {stage.read.refused.slice(0, 200).map((r) => (
                <li key={`${r.line}-${r.column}`}>
                  Line {r.line}
                  {r.column ? `, column ${r.column}` : ""}: {r.message}
                </li>
              ))}
              {stage.read.refused.length > 200 ? (
                <li>And {stage.read.refused.length - 200} more refused rows.</li>
              ) : null}
            </ul>
          ) : null}
          <div className="commissions__actions">
            <Button onClick={keep} disabled={stage.read.lines.length === 0}>
              Keep the statement ({counted(stage.read.lines.length, "line")})
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                setStage({
                  kind: "map",
                  sheet: stage.sheet,
                  fileName: stage.fileName,
                  mapping: stage.mapping,
                  saved: null,
                })
              }
            >
              Back to the columns
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
