// Parts the book's record screens share: the list with search, sort and CSV export, and the not-found
// page for an unknown id or action.

export { FilterSelect } from "./filter-select";
export { RecordNotFound } from "./not-found";
export { planFilterChoices } from "./plan-filter-choices";
export { RecordActionRoute, RecordLookupGate } from "./record-gates";
export { type Column, RecordTable } from "./record-table";
export { PlanFilters, useUrlFilters } from "./url-filters";
