import { type Remote, releaseProxy, transfer, wrap } from "comlink";
import type { ImportPlan, Sheet } from "../../../shared/book/import/types";
import { checkWorkbookSize } from "../../../shared/book/import/zip";
import type { ImportWorkerApi } from "../../../worker/import-worker";
import workerUrl from "./worker-address";

// The import screen's handle on the book import worker (worker/import-worker.ts): files are read and
// the import planned there, off the main thread. Started when the screen first needs it, stopped when
// the screen goes away; the parsers (papaparse, the XLSX reader) load with the worker only.

type PlanInput = Parameters<ImportWorkerApi["planImport"]>[0];

export interface ImportWorker {
  parseFile(file: File): Promise<Sheet[]>;
  /** Plans the import (the records' new ids are made in the worker). */
  planImport(input: PlanInput): Promise<ImportPlan>;
  terminate(): void;
}

export function createImportWorker(): ImportWorker {
  const worker = new Worker(workerUrl, { type: "module" });
  const api: Remote<ImportWorkerApi> = wrap<ImportWorkerApi>(worker);
  return {
    async parseFile(file) {
      // A workbook over the limit is refused before its bytes are read into memory (XLSX1).
      if (file.name.toLowerCase().endsWith(".xlsx")) checkWorkbookSize(file.size);
      const bytes = await file.arrayBuffer();
      return api.parseFile(file.name, transfer(bytes, [bytes]));
    },
    planImport: (input) => api.planImport(input),
    terminate() {
      api[releaseProxy]();
      worker.terminate();
    },
  };
}
