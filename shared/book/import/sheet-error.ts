/** A file the import cannot read, or reads past a limit: the message is the sentence the agent sees. */
export class SheetError extends Error {
  readonly code = "invalid-file";
}
