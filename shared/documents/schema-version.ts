// The schema version on its own, for code that stamps or checks a stored copy without loading the
// document schemas (zod): the coverage list's first paint, the device's snapshots.

/** The current schema version of every document kind; bump it together with a migration. */
export const DOCUMENT_SCHEMA_VERSION = 6;
