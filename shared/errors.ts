// Reason codes cross boundaries; sentences live at the edge. A DomainError carries both: the code for
// programs, and — where the product specification prescribes one — the spec's exact message.

export type ReasonCode =
  | "invalid-commodity"
  | "invalid-type"
  | "invalid-input"
  | "head-limit"
  | "forbidden"
  | "invalid-document"
  | "stale-market-data";

export class DomainError extends Error {
  readonly code: ReasonCode;
  /** Where the bad value is, e.g. ["targetMarketings", 3]. Empty when it concerns the whole input. */
  readonly path: readonly (string | number)[];

  constructor(code: ReasonCode, message: string, path: readonly (string | number)[] = []) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.path = path;
  }
}
