import { type Remote, releaseProxy, transfer, wrap } from "comlink";
import type { Sheet } from "../../../shared/book/import/types";
import { checkWorkbookSize } from "../../../shared/book/import/zip";
import type { ReadStatement } from "../../../shared/commissions/statement";
import type { StatementMapping } from "../../../shared/documents/commission";
import type { ImportWorkerApi } from "../../../worker/import-worker";
import workerUrl from "../../../worker/import-worker.ts?worker&url";

// A file of rows read off the main thread (COMMUI5): a commission statement is read in the book import's
// worker (worker/import-worker.ts, the same build the import screen starts and an agent's session keeps
// for offline use), so a 10,000-line statement does not freeze the screen. One worker per screen, started
// on the first file and stopped with the screen.

export interface SheetWorker {
  /** The file's sheets (CSV: one; XLSX: one per worksheet); a SheetError's message says why not. */
  parseFile(file: File): Promise<Sheet[]>;
  /** A commission statement's lines and refused rows, read through `mapping`. */
  readStatement(sheet: Sheet, mapping: StatementMapping, providerId: string): Promise<ReadStatement>;
  terminate(): void;
}

export function createSheetWorker(): SheetWorker {
  let started: { worker: Worker; api: Remote<ImportWorkerApi> } | null = null;
  const api = () => {
    if (!started) {
      const worker = new Worker(workerUrl, { type: "module" });
      started = { worker, api: wrap<ImportWorkerApi>(worker) };
    }
    return started.api;
  };
  return {
    async parseFile(file) {
      // A workbook over the limit is refused before its bytes are read into memory (XLSX1).
      if (file.name.toLowerCase().endsWith(".xlsx")) checkWorkbookSize(file.size);
      const bytes = await file.arrayBuffer();
      return api().parseFile(file.name, transfer(bytes, [bytes]));
    },
    readStatement: (sheet, mapping, providerId) => api().readStatement(sheet, mapping, providerId),
    terminate() {
      if (!started) return;
      started.api[releaseProxy]();
      started.worker.terminate();
      started = null;
    },
  };
}
