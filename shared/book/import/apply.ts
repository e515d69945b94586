import type { DocumentWrites, ImportPlan } from "./types";

// Writing a planned import (docs/book-import.md), after the agent confirmed the dry run. The writing itself is
// the platform's: on the device the typed document transaction (src/lib/sync/typed: one key per field,
// free text as shared text, TEXT1), on the server sync-server/book-import/write.ts through a direct
// connection the write guard judges. applyPlan hands it one document's writes at a time, in order —
// customer documents first, the book's summaries last — and reports progress by record.

export interface ApplyResult {
  documents: number;
  records: number;
}

export async function applyPlan(
  plan: ImportPlan,
  write: (writes: DocumentWrites) => void | Promise<void>,
  onProgress?: (done: number, total: number) => void,
): Promise<ApplyResult> {
  const total = plan.writes.reduce((n, d) => n + d.entries.length, 0);
  let done = 0;
  onProgress?.(0, total);
  for (const writes of plan.writes) {
    await write(writes);
    done += writes.entries.length;
    onProgress?.(done, total);
  }
  return { documents: plan.writes.length, records: total };
}
