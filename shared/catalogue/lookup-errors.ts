import { DomainError } from "../errors";

// Spec §8, the two lookup failures, with the spec's exact wording. Every catalogue lookup throws
// through these two functions so the sentences live in one place.

export const invalidCommodityCode = (code: string): DomainError =>
  new DomainError("invalid-commodity", `Invalid commodity code: ${code}`);

export const invalidTypeCode = (type: string, commodity: string): DomainError =>
  new DomainError("invalid-type", `Invalid type code ${type} for commodity ${commodity}`);
