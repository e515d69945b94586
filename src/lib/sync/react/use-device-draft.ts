import { useCallback, useEffect, useRef, useState } from "react";
import { type DraftDocument, draftMigration } from "../draft-migration";
import { useSyncClient } from "./sync-context";

/** Where a form's draft is kept beside its document (the document's `custom` store, never synced). */
const draftKey = (key: string) => `draft:${key}`;

/**
 * A form's draft of a document — what was typed but cannot be written yet (a half-typed address the
 * schema refuses) — kept on the device beside the document as it changes, so it survives a reload or
 * the browser being killed (docs/hardening.md). It never reaches the server; the form writes what becomes
 * valid through the document as before. Empty until the stored draft is read (then it shows, unless
 * the person has typed meanwhile).
 */
export function useDeviceDraft<T extends object>(
  documentName: string | null,
  key: string,
): [T, (next: T) => void] {
  const client = useSyncClient();
  const [draft, setDraft] = useState<T>(() => ({}) as T);
  const typed = useRef(false);

  useEffect(() => {
    typed.current = false;
    setDraft({} as T);
    if (!client || !documentName) return;
    let cancelled = false;
    const document = client.open(documentName);
    document
      .getLocal(draftKey(key))
      .then(async (stored) => {
        if (cancelled || typed.current || typeof stored !== "string") return;
        const parsed: unknown = JSON.parse(stored);
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return;
        let draft = parsed as Record<string, unknown>;
        // A draft kept before schema version 4 holds what version 4 edits in the document: it is
        // written there once and leaves the draft (draft-migration.ts).
        const migrate = draftMigration(document.getState().kind, key);
        if (migrate) {
          await document.ready;
          if (cancelled || typed.current) return;
          const migrated = migrate(document as unknown as DraftDocument, draft);
          if (JSON.stringify(migrated) !== stored) {
            draft = migrated;
            await document.setLocal(draftKey(key), JSON.stringify(migrated));
          }
        }
        if (!cancelled && !typed.current) setDraft(draft as T);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [client, documentName, key]);

  // One write at a time, the newest text next: keystrokes never queue up behind each other, so what
  // was typed last is on the disk within about two IndexedDB commits.
  const writer = useRef<{ busy: boolean; next: string | null }>({ busy: false, next: null });
  const save = useCallback(
    (next: T) => {
      typed.current = true;
      setDraft(next);
      if (!client || !documentName) return;
      const document = client.open(documentName);
      const state = writer.current;
      state.next = JSON.stringify(next);
      if (state.busy) return;
      state.busy = true;
      const flush = async () => {
        while (state.next !== null) {
          const text = state.next;
          state.next = null;
          await document.setLocal(draftKey(key), text).catch(() => {});
        }
        state.busy = false;
      };
      void flush();
    },
    [client, documentName, key],
  );
  return [draft, save];
}
