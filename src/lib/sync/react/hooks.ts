import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { DocumentKind } from "../../../../shared/documents/names";
import type { SyncStatus } from "../sync-client";
import type { DocumentState, Presence, SyncedDocument } from "../synced-document";
import type { DocumentTransaction } from "../typed/typed-document";
import { useSyncClient } from "./sync-context";

// React access to synced documents: read one as state, change it in one validated transaction, see
// who else is on it and in which field, and the overall sync status.

const NO_STATUS: SyncStatus = {
  socket: "disconnected",
  pending: 0,
  syncing: false,
  documents: 0,
  disabledOrgs: [],
  refused: [],
};
const noop = () => () => {};
const NO_PRESENCE: Presence[] = [];

/** online / offline / syncing and the number of changes not yet on the server, over every document. */
export function useSyncStatus(): SyncStatus & { signedIn: boolean } {
  const client = useSyncClient();
  const status = useSyncExternalStore(
    client?.subscribe ?? noop,
    client?.getStatus ?? (() => NO_STATUS),
    () => NO_STATUS,
  );
  return { ...status, signedIn: client !== null };
}

export interface UseDocument<K extends DocumentKind> {
  /** Null until signed in (no client) or when no name is given. */
  state: DocumentState<K> | null;
  /** True when the user may not change the document (read-only scope, removed, or not loaded). */
  readOnly: boolean;
  /** Changes the document in one transaction; throws DomainError when refused or invalid. */
  write(change: (transaction: DocumentTransaction<K>) => void): void;
  /** Tells the others which field this user is in (null: none). */
  setField(field: string | null): void;
}

/** Opens (if needed) and follows the document `name` of kind `K`. */
export function useDocument<K extends DocumentKind>(name: string | null): UseDocument<K> {
  const client = useSyncClient();
  const document = useMemo<SyncedDocument<K> | null>(
    () => (client && name ? client.open<K>(name) : null),
    [client, name],
  );
  const state = useSyncExternalStore(
    document?.subscribe ?? noop,
    document?.getState ?? (() => null),
    () => null,
  );
  const write = useCallback(
    (change: (transaction: DocumentTransaction<K>) => void) => {
      if (!document) throw new Error("Sign in to change this document.");
      document.write(change);
    },
    [document],
  );
  const setField = useCallback((field: string | null) => document?.setField(field), [document]);
  const readOnly = !state?.loaded || state.removed || state.scope === "readonly";
  return { state, readOnly, write, setField };
}

const stored = () => Promise.resolve();

/**
 * Resolves once every write this device made is stored on the device (SyncClient.whenStored): a form
 * that creates a record awaits it before it says saved or leaves (docs/local-first.md).
 */
export function useWhenStored(): () => Promise<void> {
  return useSyncClient()?.whenStored ?? stored;
}

export interface AfterStored {
  /** A write is being stored on the device: the form's save button stays disabled. */
  storing: boolean;
  /** Why the device could not store it (shown by the form); null when it did or has not tried. */
  problem: string | null;
  /** Runs `next` (leaving for the new record) once every write so far is stored on the device. */
  then(next: () => void): void;
}

/**
 * A create form's last step (docs/local-first.md, "Created records are on the device before the screen
 * says so"): after its writes, it leaves for the new record only once they are stored on the device,
 * so a reload or a closed tab right after cannot lose them. Nothing runs once the form is gone.
 */
export function useAfterStored(what: string): AfterStored {
  const whenStored = useWhenStored();
  const [storing, setStoring] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const then = useCallback(
    (next: () => void) => {
      setStoring(true);
      setProblem(null);
      whenStored().then(
        () => {
          if (mounted.current) next();
        },
        (e: unknown) => {
          // The write stays in this tab and is sent while it is open; pressing save again would
          // make a second record, so the button stays disabled.
          if (mounted.current)
            setProblem(
              `This device could not store the ${what} (${e instanceof Error ? e.message : String(e)}). Keep this page open until the status says all changes are saved.`,
            );
        },
      );
    },
    [whenStored, what],
  );
  return { storing, problem, then };
}

/** The other people on the document `name` (other users, and this user's other devices). */
export function usePresence(name: string | null): Presence[] {
  const client = useSyncClient();
  const document = useMemo(() => (client && name ? client.open(name) : null), [client, name]);
  return useSyncExternalStore(
    document?.subscribePresence ?? noop,
    document?.getPresence ?? (() => NO_PRESENCE),
    () => NO_PRESENCE,
  );
}
