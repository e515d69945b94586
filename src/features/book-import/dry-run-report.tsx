import type { ImportFieldId } from "../../../shared/book/import/fields";
import { heldGroups, noteGroups, problemGroups } from "../../../shared/book/import/problem-groups";
import {
  KIND_LABELS,
  KINDS,
  nothingToWrite,
  recordTotals,
  rowsSentence,
} from "../../../shared/book/import/report-summary";
import type { ImportReport } from "../../../shared/book/import/types";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ScrollRegion } from "../../components/ui/scroll-region";
import { FileWideValues } from "./file-wide-values";
import { ProblemList } from "./problem-list";
import { problemsCsv } from "./problems-csv";
import { ReportNotes } from "./report-notes";

// The dry run (docs/book-import.md "Import" step 3): what the import will create, update and leave alone, the
// rows whose customer matched by name and address only (the agent confirms each), and every refused row with
// its line, column and sentence. Nothing is written until the agent chooses Import.

/** Refused rows listed on the screen; the rest are counted (all of them are in the CSV download). */
const SHOWN_PROBLEMS = 200;

export interface DryRunReportProps {
  report: ImportReport;
  /** Lines the agent confirmed (their customer matched by name and address). */
  confirmed: ReadonlySet<number>;
  onToggle(line: number): void;
  /** Plans again with the confirmed lines. */
  onRecheck(): void;
  onApply(): void;
  onBack(): void;
  busy: boolean;
  /** Said before the Import button (a large import without a connection). */
  note?: string | null;
  /** A one-click fix: `text` of `field` read as `replacement` in every row, then checked again (GROUP1). */
  onFixValue(field: ImportFieldId, text: string, replacement: string): void;
  /** Values for the whole file (the mapping's defaults), then checked again. */
  onFileWide(values: Partial<Record<ImportFieldId, string>>): void;
  defaults: Partial<Record<ImportFieldId, string>> | undefined;
}

const n = (value: number) => value.toLocaleString("en-US");

export function DryRunReport({
  report,
  confirmed,
  onToggle,
  onRecheck,
  onApply,
  onBack,
  busy,
  note,
  onFixValue,
  onFileWide,
  defaults,
}: DryRunReportProps) {
  const totals = recordTotals(report);
  const toWrite = totals.create + totals.update;
  const groups = problemGroups(report);
  const held = heldGroups(report);
  const nothing = nothingToWrite(report);
  const pendingChecked = report.confirmations.filter((c) => confirmed.has(c.line)).length;
  const download = `data:text/csv;charset=utf-8,${encodeURIComponent(problemsCsv(report))}`;
  return (
    <section className="book-import__report" aria-labelledby="dry-run-title" data-testid="dry-run">
      <h2 id="dry-run-title">Dry run: nothing is written yet</h2>
      <ul className="book-import__totals" aria-label="What the import will do">
        <li data-testid="count-create">
          <strong>{n(totals.create)}</strong> to create
        </li>
        <li data-testid="count-update">
          <strong>{n(totals.update)}</strong> to update
        </li>
        <li data-testid="count-unchanged">
          <strong>{n(totals.unchanged)}</strong> unchanged
        </li>
        <li data-testid="count-confirm">
          <strong>{n(report.rows.needsConfirmation)}</strong> to confirm
        </li>
        <li data-testid="count-held">
          <strong>{n(report.rows.held)}</strong> endorsements need details
        </li>
        <li data-testid="count-refused">
          <strong>{n(report.rows.refused)}</strong> refused
        </li>
      </ul>
      <ScrollRegion label="Records by kind">
        <table className="data-table book-import__fit">
          <caption className="visually-hidden">Records by kind: created, updated, unchanged</caption>
          <thead>
            <tr>
              <th scope="col">Records</th>
              <th scope="col">Create</th>
              <th scope="col">Update</th>
              <th scope="col">Unchanged</th>
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{KIND_LABELS[kind]}</th>
                <td>{n(report.counts[kind].create)}</td>
                <td>{n(report.counts[kind].update)}</td>
                <td>{n(report.counts[kind].unchanged)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="book-import__muted">{rowsSentence(report)}</p>
      {report.skipped.length > 0 ? (
        <details className="book-import__skipped" data-testid="skipped">
          <summary>
            {report.skipped.length === 1
              ? "1 row is not a record and is skipped"
              : `${n(report.skipped.length)} rows are not records and are skipped`}{" "}
            (totals, notes, a repeated header)
          </summary>
          <ul>
            {report.skipped.slice(0, 50).map((s) => (
              <li key={`${s.sheet}-${s.line}`}>{s.message}</li>
            ))}
          </ul>
        </details>
      ) : null}

      {groups.length > 0 ? (
        <section aria-labelledby="groups-title" data-testid="problems">
          <h3 id="groups-title">
            Problems to fix ({n(groups.length)} {groups.length === 1 ? "kind" : "kinds"},{" "}
            {n(report.rows.refused)} rows): every problem of every row
          </h3>
          <ProblemList
            groups={groups}
            busy={busy}
            onFixValue={onFixValue}
            onFileWide={(field, value) => onFileWide({ ...defaults, [field]: value })}
          />
        </section>
      ) : null}

      {held.length > 0 ? (
        <section className="book-import__held" aria-labelledby="held-title" data-testid="held">
          <h3 id="held-title">Endorsements that need details ({n(report.rows.held)}): not refused</h3>
          <p className="book-import__muted">
            Their customers, entities and policies are imported; each endorsement is kept as "needs details"
            until you give what the file does not have — here for the whole file, or after the import under
            "Needs details" (one by one, all at once, or priced from the sales day's market).
          </p>
          <ul>
            {held.map((g) => (
              <li key={g.label} data-testid="held-group">
                {g.rows.length === 1 ? `row ${g.rows[0]?.line}` : `${n(g.rows.length)} rows`}: missing{" "}
                {g.label}
              </li>
            ))}
          </ul>
          <FileWideValues
            key={held.map((g) => g.label).join("|")}
            fields={[...new Set(held.flatMap((g) => g.missing))]}
            defaults={defaults}
            busy={busy}
            title="The same value for every endorsement that lacks it"
            note="Leave a field empty to keep those endorsements as needs details."
            onApply={(values) => onFileWide({ ...defaults, ...values })}
          />
        </section>
      ) : null}

      <ReportNotes groups={noteGroups(report)} />

      {report.confirmations.length > 0 ? (
        <fieldset className="book-import__confirm" data-testid="confirmations">
          <legend>Same customer? Matched by name and address only</legend>
          <p className="book-import__muted">
            These rows name a customer the book already has, but without a matching tax id. Tick those that
            are the same customer and check again; the others are not imported.
          </p>
          <ul>
            {report.confirmations.map((c) => (
              <li key={`${c.sheet}-${c.line}`}>
                <label className="book-import__check">
                  <input type="checkbox" checked={confirmed.has(c.line)} onChange={() => onToggle(c.line)} />
                  <span>
                    {c.sheet}, row {c.line}: {c.message}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <Button variant="secondary" disabled={busy || pendingChecked === 0} onClick={onRecheck}>
            Check again with {pendingChecked} confirmed
          </Button>
        </fieldset>
      ) : null}

      {report.refused.length > 0 ? (
        <section className="book-import__refused" aria-labelledby="refused-title" data-testid="refused">
          <h3 id="refused-title">Refused rows ({n(report.rows.refused)}): not imported, row by row</h3>
          <ScrollRegion label="Refused rows">
            <table className="data-table book-import__fit">
              <caption className="visually-hidden">Each refused row: where and why</caption>
              <thead>
                <tr>
                  <th scope="col">Sheet</th>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.refused.slice(0, SHOWN_PROBLEMS).map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the report never changes order, and a row may have two alike problems
                  <tr key={`${p.sheet}-${p.line}-${p.column ?? ""}-${i}`} data-testid="refused-row">
                    <td>{p.sheet}</td>
                    <td>{p.line}</td>
                    <td>{p.column ?? "—"}</td>
                    <td>{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {report.refused.length > SHOWN_PROBLEMS ? (
            <p className="book-import__muted">
              The first {SHOWN_PROBLEMS} problems are shown; the file below lists all{" "}
              {n(report.refused.length)}.
            </p>
          ) : null}
          <a className="button button--ghost" href={download} download="import-problems.csv">
            Download the refused rows (CSV)
          </a>
        </section>
      ) : null}

      {nothing ? <Alert tone="info">{nothing}</Alert> : null}
      {note ? <Alert tone="warning">{note}</Alert> : null}
      <div className="book-import__actions">
        <Button disabled={busy || nothing !== null} onClick={onApply}>
          Import {n(toWrite)} records
          {report.rows.held > 0 ? ` (${n(report.rows.held)} endorsements kept as needs details)` : ""}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back to the columns
        </Button>
      </div>
    </section>
  );
}
