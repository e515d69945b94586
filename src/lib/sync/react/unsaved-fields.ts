import { useEffect, useSyncExternalStore } from "react";

// Fields typed on this device that are not written to their document yet because they have a problem
// (a half-typed phone number): kept on the device as typed (use-device-draft.ts), shown with their
// message, and counted here so the sync status never says "all changes saved" while any wait (docs/sync-rules.md TEXT1).

const waiting = new Map<string, number>();
const listeners = new Set<() => void>();
let total = 0;

function set(owner: string, count: number) {
  if ((waiting.get(owner) ?? 0) === count) return;
  if (count > 0) waiting.set(owner, count);
  else waiting.delete(owner);
  total = [...waiting.values()].reduce((sum, n) => sum + n, 0);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The number of fields, over every form, not written because they have a problem. */
export const useUnsavedFieldCount = (): number =>
  useSyncExternalStore(
    subscribe,
    () => total,
    () => 0,
  );

/** A form says how many of its fields wait (`owner`: the form's place, e.g. "DOC:profile"); 0 when it goes. */
export function useReportUnsavedFields(owner: string | null, count: number): void {
  useEffect(() => {
    if (!owner) return;
    set(owner, count);
  }, [owner, count]);
  useEffect(() => {
    if (!owner) return;
    return () => set(owner, 0);
  }, [owner]);
}
