/// <reference lib="webworker" />
import { expose } from "comlink";
import type { Mapping } from "../shared/book/import/mapping";
import { guessMapping } from "../shared/book/import/mapping";
import { parseFile } from "../shared/book/import/parse-xlsx";
import { planImport } from "../shared/book/import/plan";
import type { ExistingCustomer, ImportContext, ImportPlan, Sheet } from "../shared/book/import/types";
import { readStatement } from "../shared/commissions/statement";
import { ulid } from "../shared/documents/ids";

// The book import's module worker (docs/book-import.md): reading a CSV or XLSX file and planning the import run
// off the main thread, so a 10,000-row file does not freeze the screen. The screen (src/features/
// book-import) opens it only when an agent imports: papaparse and the XLSX reader load with it, never with the
// first screen. Applying the plan stays on the page, which holds the documents. A function cannot
// cross to a worker, so the records' new ids (ULIDs, shared/documents/ids.ts) are made here.

/** The import's context as the page sends it: all but `newId`. */
export type WorkerImportContext = Omit<ImportContext, "newId">;

const newId = () => ulid(Date.now(), (n) => crypto.getRandomValues(new Uint8Array(n)));

const api = {
  /** The file's sheets (a CSV one, an XLSX one per worksheet); a SheetError's message says why not. */
  parseFile: (name: string, bytes: ArrayBuffer): Promise<Sheet[]> => parseFile(name, bytes),
  guessMapping: (headers: string[]): Mapping => guessMapping(headers),
  planImport: (input: {
    sheets: Sheet[];
    mapping: Mapping;
    book: ExistingCustomer[];
    context: WorkerImportContext;
  }): ImportPlan => planImport({ ...input, context: { ...input.context, newId } }),
  /** A commission statement's lines read through its mapping (src/lib/sheets/sheet-worker.ts, COMMUI5). */
  readStatement,
};
export type ImportWorkerApi = typeof api;

expose(api);
