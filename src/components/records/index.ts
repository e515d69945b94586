// Parts the book's record screens share: the list with search, sort and CSV export, and the not-found
// page for an unknown id or action.

export { type CsvValue, csvField, downloadText, toCsv } from "./csv";
export { type FilterOption, FilterSelect, PLAN_FILTER_OPTIONS } from "./filter-select";
export { RecordNotFound } from "./not-found";
export { planFilterChoices } from "./plan-filter-choices";
export { ActionGate, RecordActionRoute, type RecordActionRouteProps, RecordLookupGate } from "./record-gates";
export { type Column, RecordTable, type RecordTableProps, searchRows, sortRows } from "./record-table";
export { type PlanFilterKey, PlanFilters, type PlanFiltersProps, useUrlFilters } from "./url-filters";
