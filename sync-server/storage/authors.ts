// Who sent an update that is about to be logged (the document's history, issue 16 §4), by the update's
// bytes: set from the server's verified identity — the connection's context for a client's write
// (sync-server/history/authors.ts), the administrator for a restore — never from what a client says.
// The storage reads it when the caller passes no author (the sync persistence passes none), the way
// the write guard hands accepted writes on by payload. An update without one is the server's own.

const authors = new WeakMap<Uint8Array, string>();

export const setUpdateAuthor = (update: Uint8Array, userId: string): void => {
  authors.set(update, userId);
};

export const updateAuthor = (update: Uint8Array): string | null => authors.get(update) ?? null;
