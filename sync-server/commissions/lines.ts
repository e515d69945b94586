import { commissionBookOf } from "../../shared/commissions/book";
import { type CommissionLine, expectedCommissions } from "../../shared/commissions/expected";
import { documentName } from "../../shared/documents/names";
import { storedDocumentJson } from "../campaigns/stored-doc";
import type { Storage } from "../storage/types";
import { storedBookIndex } from "../sync/book-index";

// The organisation's expected commission lines on the server (docs/commissions.md), for the routes that
// answer them (the agency's own route and the partner API): the book document as stored, read by the
// same engine as the device's, so both give the same lines. The summaries come through storedBookIndex
// (an organisation document not yet migrated still holds them).

/** Every expected line of the organisation, or those of coverages of one crop year. */
export async function organisationLines(
  storage: Storage,
  orgId: string,
  cropYear?: number,
): Promise<CommissionLine[]> {
  const [book, index] = await Promise.all([
    storedDocumentJson(storage, documentName.book(orgId)),
    storedBookIndex(storage, orgId),
  ]);
  const lines = expectedCommissions(commissionBookOf({ ...book, ...index }));
  return cropYear === undefined ? lines : lines.filter((line) => line.cropYear === cropYear);
}
