import { useMemo } from "react";
import { type CommissionBook, commissionBookOf, statementsOf } from "../../../shared/commissions/book";
import type { CommissionStatement } from "../../../shared/documents/commission";
import { documentName } from "../../../shared/documents/names";
import { useSession } from "../../lib/auth/session";
import { type UseDocument, useDocument } from "../../lib/sync/react/hooks";

// The commission sections of the agents-only book document (shared/documents/commission.ts) as the
// engine reads them, from the device: the rates, the splits, the premium changes and the imported
// statements. Offline like the rest of the book; producers never open this document (COMM1).

export interface CommissionBookState {
  orgId: string | null;
  userId: string | null;
  isAdmin: boolean;
  loaded: boolean;
  doc: UseDocument<"book">;
  book: CommissionBook;
  statements: CommissionStatement[];
}

const EMPTY: Record<string, unknown> = {};

export function useCommissionBook(): CommissionBookState {
  const { orgId, user, roles } = useSession();
  const doc = useDocument<"book">(orgId ? documentName.book(orgId) : null);
  const data = (doc.state?.data ?? EMPTY) as Record<string, unknown>;
  const { coverages, policies, commissionSchedules, commissionSplits, commissionAgents, commissionEarnings } =
    data;
  const book = useMemo(
    () =>
      commissionBookOf({
        coverages,
        policies,
        commissionSchedules,
        commissionSplits,
        commissionAgents,
        commissionEarnings,
      }),
    [coverages, policies, commissionSchedules, commissionSplits, commissionAgents, commissionEarnings],
  );
  const statementsSection = data.commissionStatements;
  const statements = useMemo(
    () => statementsOf({ commissionStatements: statementsSection }),
    [statementsSection],
  );
  return {
    orgId,
    userId: user?.sub ?? null,
    isAdmin: roles.includes("admin"),
    loaded: doc.state?.loaded ?? false,
    doc,
    book,
    statements,
  };
}
