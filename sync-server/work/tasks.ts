import { planImportTask } from "../book-import/plan-task";
import { importMarketTask } from "../platform/market-import-task";

// The work a thread of the pool (pool.ts) may be given, by name: each takes structured-clonable input
// and answers structured-clonable output; a Uint8Array in the output (to depth 3) that owns its whole
// buffer is moved to the event loop, not copied (pool.ts), so a task answers only arrays it made for the
// answer. Loaded in the threads only (the event loop imports its type).

export const TASKS = {
  bookImportPlan: planImportTask,
  marketImport: importMarketTask,
};

export type Tasks = typeof TASKS;
