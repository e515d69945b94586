// The agent book's data on the device (docs/agent-book.md), shared by the agent screens and My coverages:
// lists from the book document's summaries (`org/{orgId}/book`), one customer's records and the
// writes an agent makes. Screens read and write records only through these hooks, never through Yjs.

export { RecordHistory } from "./record-history";
export { newRecordId } from "./record-ids";
export { type BookIndex, useBookIndex } from "./use-book-index";
export { type CustomerBook, type NewProfile, useCustomerBook } from "./use-customer-book";
