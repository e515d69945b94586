import { planImportTask } from "../book-import/plan-task";
import { importMarketTask } from "../platform/market-import-task";

// The work a thread of the pool (pool.ts) may be given, by name: each takes structured-clonable input
// and answers structured-clonable output. Loaded in the threads only (the event loop imports its type).

export const TASKS = {
  bookImportPlan: planImportTask,
  marketImport: importMarketTask,
};

export type Tasks = typeof TASKS;
