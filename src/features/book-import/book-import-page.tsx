import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { ImportFieldId } from "../../../shared/book/import/fields";
import { recordTotals } from "../../../shared/book/import/report-summary";
import type { ImportPlan, Sheet } from "../../../shared/book/import/types";
import type { ImportLogEntry } from "../../../shared/documents/import-log";
import { documentName } from "../../../shared/documents/names";
import { newRecordId } from "../../components/book/record-ids";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { useDocument, useSyncClient, useSyncStatus } from "../../lib/sync";
import { applyOnDevice } from "./device-apply";
import { loadedBook, readDeviceBook } from "./device-book";
import { DryRunReport } from "./dry-run-report";
import { FileWideValues } from "./file-wide-values";
import { HeldPanel } from "./held-panel";
import { ImportList } from "./import-list";
import { importFileName, importLogEntry } from "./import-summary";
import { createImportWorker, type ImportWorker } from "./import-worker-client";
import {
  combinedMapping,
  initialMappings,
  type SheetMapping,
  savedMapping,
  withColumn,
  withDefault,
  withValueFix,
} from "./mapping-model";
import { MappingStep } from "./mapping-step";
import { appliesOnServer, applyOnServer, offlineNote } from "./server-apply";
import "./book-import.css";

// /agent/book-import (docs/book-import.md "Import"): an agent brings the agency's existing book in from
// spreadsheets. Choose the files (CSV or XLSX; one sheet or file per kind, or one wide sheet of endorsements)
// → the columns, mapped from the source's saved mapping or guessed from the headers, editable → a dry run
// against the book on this device → confirm → applied on the device with a progress bar, as this agent's own
// edits (kept offline, synced like any edit) → listed below with its Undo. Files are read and the import
// planned in a worker (worker/import-worker.ts); tax ids never show whole.

type Stage =
  | { kind: "choose" }
  | { kind: "busy"; what: string; done?: number; total?: number }
  | { kind: "map" }
  | { kind: "report"; plan: ImportPlan }
  | { kind: "applying"; plan: ImportPlan; done: number; total: number }
  | { kind: "done"; plan: ImportPlan; records: number; onServer: boolean };

const EMPTY_IMPORTS: Record<string, ImportLogEntry> = {};

export default function BookImportPage() {
  const session = useSession();
  const client = useSyncClient();
  const { socket } = useSyncStatus();
  const online = socket === "connected";
  const { orgId, getAccessToken } = session;
  const userId = session.user?.sub ?? "unknown";
  const book = useDocument<"book">(orgId ? documentName.book(orgId) : null);
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const imports = book.state?.data.imports ?? EMPTY_IMPORTS;
  const members = org.state?.data.members;

  const [stage, setStage] = useState<Stage>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [sheets, setSheets] = useState<Sheet[]>([]);
  const [mappings, setMappings] = useState<SheetMapping[]>([]);
  const [confirmed, setConfirmed] = useState<ReadonlySet<number>>(new Set());
  const importId = useRef<string>(newRecordId());
  const worker = useRef<ImportWorker | null>(null);
  const workerOf = () => {
    worker.current ??= createImportWorker();
    return worker.current;
  };
  useEffect(() => () => worker.current?.terminate(), []);

  const nameOf = useCallback(
    (id: string) => {
      const member = members?.[id];
      return member?.name || member?.email || (id === userId ? (session.user?.name ?? "you") : "an agent");
    },
    [members, userId, session.user?.name],
  );

  const chooseFiles = async (files: File[]) => {
    if (files.length === 0 || !client || !orgId) return;
    setError(null);
    setStage({ kind: "busy", what: "Reading the file…" });
    try {
      const read: Sheet[] = [];
      for (const file of files) read.push(...(await workerOf().parseFile(file)));
      if (read.length === 0) throw new Error("The file holds no sheet with a header row.");
      // The saved mappings as the book document holds them (not the device's snapshot of an older read).
      const book = await loadedBook(client, orgId, online);
      setFileName(importFileName(files));
      setSheets(read);
      setMappings(initialMappings(read, book.importMappings ?? {}));
      setConfirmed(new Set());
      importId.current = newRecordId();
      setStage({ kind: "map" });
    } catch (e) {
      setError((e as Error).message);
      setStage({ kind: "choose" });
    }
  };

  const plan = async (lines: ReadonlySet<number>, sheetMappings: SheetMapping[] = mappings) => {
    if (!client || !orgId) return;
    setMappings(sheetMappings);
    setError(null);
    setStage({ kind: "busy", what: "Reading the book on this device…" });
    try {
      const onDevice = await readDeviceBook(client, orgId, {
        online,
        onProgress: (done, total) =>
          setStage({ kind: "busy", what: "Reading the book on this device…", done, total }),
      });
      if (onDevice.missing.length > 0) {
        const names = onDevice.missing.slice(0, 5).join(", ") + (onDevice.missing.length > 5 ? ", …" : "");
        const count =
          onDevice.missing.length === 1
            ? "1 customer of the book"
            : `${onDevice.missing.length} customers of the book`;
        throw new Error(
          online
            ? `${count} did not arrive from the server in time (${names}), so the file cannot be matched against them yet. Check again.`
            : `${count} ${onDevice.missing.length === 1 ? "is" : "are"} not on this device yet (${names}), so the file cannot be matched against them. Connect to the internet and check again.`,
        );
      }
      setStage({ kind: "busy", what: "Checking every row (dry run)…" });
      const planned = await workerOf().planImport({
        sheets,
        mapping: combinedMapping(sheetMappings),
        book: onDevice.customers,
        context: {
          importId: importId.current,
          fileName,
          userId,
          now: new Date(),
          confirmedLines: [...lines],
        },
      });
      setStage({ kind: "report", plan: planned });
    } catch (e) {
      setError((e as Error).message);
      setStage({ kind: "map" });
    }
  };

  const apply = async (planned: ImportPlan) => {
    if (!client || !orgId) return;
    setError(null);
    const at = new Date().toISOString();
    const entry = importLogEntry(planned, { source: mappings[0]?.source ?? "src-none", at, by: userId });
    const keep = mappings.map((m) => savedMapping(m, fileName, { at, by: userId }));
    if (appliesOnServer(planned.report, online)) {
      setStage({ kind: "busy", what: `Importing ${fileName} on the server…` });
      try {
        const done = await applyOnServer(getAccessToken, orgId, {
          fileName,
          sheets,
          mapping: combinedMapping(mappings),
          dryRun: false,
          confirmedLines: [...confirmed],
          importId: importId.current,
        });
        // The server wrote the import's entry; the sources' mappings are this device's to save.
        book.write((tx) => {
          for (const m of keep) tx.setWhole("importMappings", [m.id], m);
        });
        const totals = recordTotals(done.report);
        const records = totals.create + totals.update;
        setStage({ kind: "done", plan: { ...planned, report: done.report }, records, onServer: true });
      } catch (e) {
        setError(`The server did not import the file: ${(e as Error).message}. Nothing was written.`);
        setStage({ kind: "report", plan: planned });
      }
      return;
    }
    setStage({ kind: "applying", plan: planned, done: 0, total: 1 });
    try {
      await applyOnDevice(client, orgId, { plan: planned, entry, mappings: keep }, (done, total) =>
        setStage({ kind: "applying", plan: planned, done, total }),
      );
      const totals = recordTotals(planned.report);
      setStage({ kind: "done", plan: planned, records: totals.create + totals.update, onServer: false });
    } catch (e) {
      setError(
        `The import stopped: ${(e as Error).message}. What was written is listed below and can be undone.`,
      );
      setStage({ kind: "report", plan: planned });
    }
  };

  const restart = () => {
    setStage({ kind: "choose" });
    setSheets([]);
    setMappings([]);
    setError(null);
  };

  const history = useMemo(() => Object.values(imports), [imports]);
  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <div className="book-import" data-testid="book-import-page">
      <p className="book-import__intro">
        Bring your book in from spreadsheets: customers, entities, policies and endorsements, as CSV or Excel
        (XLSX) files — one sheet or file per kind, or one wide sheet of endorsements with the customer on each
        row. You see a dry run first; nothing is written until you confirm.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}

      {stage.kind === "choose" ? (
        <div className="book-import__choose">
          <label className="book-field">
            <span className="book-field__label">Files to import</span>
            <input
              className="book-input"
              type="file"
              multiple
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => void chooseFiles([...(e.target.files ?? [])])}
            />
            <span className="book-field__hint">CSV or XLSX, with a header row. Nothing is written yet.</span>
          </label>
        </div>
      ) : null}

      {stage.kind === "busy" ? (
        <div className="book-import__busy" role="status">
          <p>{stage.what}</p>
          {stage.total ? (
            <progress value={stage.done ?? 0} max={stage.total} aria-label={stage.what}>
              {stage.done} of {stage.total}
            </progress>
          ) : (
            // A step without a count (the worker's dry run, the server's import): a moving bar, so the
            // agent sees it working (docs/book-import.md "Import").
            <progress aria-label={stage.what} />
          )}
        </div>
      ) : null}

      {stage.kind === "map" ? (
        <section aria-labelledby="columns-title" className="book-import__step">
          <h2 id="columns-title">Columns of {fileName}</h2>
          <MappingStep
            sheets={sheets}
            mappings={mappings}
            onChange={(sheetIndex: number, header: string, field: ImportFieldId | null) =>
              setMappings((all) => all.map((m, i) => (i === sheetIndex ? withColumn(m, header, field) : m)))
            }
          />
          <FileWideValues
            defaults={combinedMapping(mappings).defaults}
            busy={false}
            onApply={(values) => {
              let next = mappings;
              for (const [field, value] of Object.entries(values))
                next = withDefault(next, field as ImportFieldId, value ?? "");
              void plan(confirmed, next);
            }}
          />
          <div className="book-import__actions">
            <Button onClick={() => void plan(confirmed)}>Check the import (dry run)</Button>
            <Button variant="secondary" onClick={restart}>
              Choose other files
            </Button>
          </div>
        </section>
      ) : null}

      {stage.kind === "report" ? (
        <DryRunReport
          report={stage.plan.report}
          confirmed={confirmed}
          busy={false}
          onToggle={(line) =>
            setConfirmed((current) => {
              const next = new Set(current);
              if (next.has(line)) next.delete(line);
              else next.add(line);
              return next;
            })
          }
          onRecheck={() => void plan(confirmed)}
          onApply={() => void apply(stage.plan)}
          onBack={() => setStage({ kind: "map" })}
          note={offlineNote(stage.plan.report, online)}
          defaults={combinedMapping(mappings).defaults}
          onFixValue={(field, text, replacement) =>
            void plan(confirmed, withValueFix(mappings, field, text, replacement))
          }
          onFileWide={(values) => {
            let next = mappings;
            for (const [field, value] of Object.entries(values))
              next = withDefault(next, field as ImportFieldId, value ?? "");
            void plan(confirmed, next);
          }}
        />
      ) : null}

      {stage.kind === "applying" ? (
        <div className="book-import__busy" role="status">
          <p>
            Importing {fileName}: {stage.done.toLocaleString("en-US")} of{" "}
            {stage.total.toLocaleString("en-US")} records written
          </p>
          <progress value={stage.done} max={stage.total} aria-label="Import progress" />
        </div>
      ) : null}

      {stage.kind === "done" ? (
        <Alert
          tone="success"
          title={`${fileName} is imported`}
          actions={
            <Button variant="secondary" onClick={restart}>
              Import another file
            </Button>
          }
        >
          {stage.onServer
            ? `${stage.records.toLocaleString("en-US")} records written by the server; they reach this device as it syncs. See them in `
            : `${stage.records.toLocaleString("en-US")} records written on this device${online ? "" : " (they are sent to the server when you are back online)"}. See them in `}
          <Link to="/agent/customers">Customers</Link>.
        </Alert>
      ) : null}

      {stage.kind === "choose" || stage.kind === "done" ? (
        <HeldPanel client={client} orgId={orgId} online={online} userId={userId} />
      ) : null}

      <ImportList
        orgId={orgId}
        imports={history}
        nameOf={nameOf}
        online={online}
        getAccessToken={getAccessToken}
      />
    </div>
  );
}
