import { documentName } from "../../../shared/documents/names";

// The documents of an organisation's book: the book document (summaries of every record, for lists),
// one customer document per producer, and the agents-only internal document beside it.

export const bookDocumentNames = (orgId: string, customerId: string) => ({
  book: documentName.book(orgId),
  customer: documentName.customer(orgId, customerId),
  internal: documentName.customerInternal(orgId, customerId),
});
