import type { Hocuspocus } from "@hocuspocus/server";
import type { DocumentMove } from "../../shared/documents/migrate-v2";

// What a migration moves out of a document it migrates goes into another document first (rule SYNC6;
// shared/documents/migrations.ts MOVES_OUT): the organisation document's book index into the book
// document, a customer document's legacy records into the agents-only internal document. The server
// writes the entries through a direct connection and stores the target at once, before the migrated
// document (without them) is saved: a crash in between leaves them in both, never in neither. An
// entry the target already has is kept as it is there (it was written later, by a client of version 3).

export async function writeMoves(instance: Hocuspocus, moves: readonly DocumentMove[]): Promise<void> {
  for (const move of moves) {
    const direct = await instance.openDirectConnection(move.target, { server: true });
    try {
      await direct.transact((document) => {
        for (const [section, entries] of Object.entries(move.sections)) {
          const map = document.getMap(section);
          for (const [key, value] of Object.entries(entries)) if (!map.has(key)) map.set(key, value);
        }
      });
    } finally {
      // Stored now (not debounced), before the migrated source is.
      await direct.disconnect({ unloadImmediately: true });
    }
  }
}
