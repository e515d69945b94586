import { STATUS_LABELS } from "../../../shared/book/status";
import { ENTITY_TYPE_LABEL_BY_CODE, type EntityTypeCode } from "../../../shared/catalogue";
import type { EntitySummary } from "../../../shared/documents/book";

// The entity list's rows, from the organisation's summaries (no tax id: summaries carry none), and its
// filters. Pure: the page memoises them.

export interface EntityRow {
  id: string;
  customerId: string;
  customer: string;
  legalName: string;
  type: string;
  typeLabel: string;
  status: string;
  statusLabel: string;
  updatedAt: string;
  href: string;
}

export const entityTypeLabel = (code: string): string =>
  Object.hasOwn(ENTITY_TYPE_LABEL_BY_CODE, code) ? ENTITY_TYPE_LABEL_BY_CODE[code as EntityTypeCode] : code;

export const entityHref = (id: string): string => `/agent/entities/${encodeURIComponent(id)}`;
export const customerHref = (id: string): string => `/agent/customers?customer=${encodeURIComponent(id)}`;

export function entityRows(
  summaries: readonly EntitySummary[],
  customerNames: ReadonlyMap<string, string>,
): EntityRow[] {
  return summaries.map((s) => ({
    id: s.id,
    customerId: s.customerId,
    customer: customerNames.get(s.customerId) ?? s.customerId,
    legalName: s.legalName,
    type: s.type,
    typeLabel: entityTypeLabel(s.type),
    status: s.status,
    statusLabel: STATUS_LABELS[s.status] ?? s.status,
    updatedAt: s.updatedAt,
    href: entityHref(s.id),
  }));
}

export interface EntityFilter {
  /** "" for all. */
  status: string;
  type: string;
}

export const filterEntityRows = (rows: readonly EntityRow[], filter: EntityFilter): EntityRow[] =>
  rows.filter(
    (r) =>
      (filter.status === "" || r.status === filter.status) && (filter.type === "" || r.type === filter.type),
  );

/** The entity types present in the book, for the type filter. */
export const typesInBook = (rows: readonly EntityRow[]): string[] =>
  [...new Set(rows.map((r) => r.type))].sort();
