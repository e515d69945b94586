import { importMarketFiles, type MarketFiles } from "../../shared/market";
import type { MarketSnapshot } from "../../shared/market/snapshot";

// RMA's files uploaded by a super administrator (market-tools.ts), read in a work thread (IMPORT1,
// sync-server/work): the importer's time grows with the files (several MB of text), so it never runs on
// the event loop. A bad file answers the importer's message (file, line, column).

export function importMarketTask(input: {
  files: MarketFiles;
  label: string;
}): { ok: true; snapshot: MarketSnapshot } | { ok: false; message: string } {
  try {
    return { ok: true, snapshot: importMarketFiles(input.files, { label: input.label }) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
