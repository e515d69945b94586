// Who sent an update that is about to be logged (the document's history, docs/hardening.md), by the update's
// bytes, for the writes that reach the log through Hocuspocus's onChange: a restore, noted with the
// administrator who made it. A client's write passes its author (the connection's verified user)
// straight to the storage (sync-server/sync/write-path.ts). The storage reads this when the caller passes
// no author; an update without one is the server's own. Never from what a client says.

const authors = new WeakMap<Uint8Array, string>();

export const setUpdateAuthor = (update: Uint8Array, userId: string): void => {
  authors.set(update, userId);
};

export const updateAuthor = (update: Uint8Array): string | null => authors.get(update) ?? null;
