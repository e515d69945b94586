import { useMemo } from "react";
import { type CommissionLine, expectedCommissions, linesOfAgent } from "../../../shared/commissions/expected";
import type { Reconciliation } from "../../../shared/commissions/reconcile";
import { reconciled } from "./month-figures";
import { type CommissionBookState, useCommissionBook } from "./use-commission-book";

// The lines a viewer may see (docs/commissions.md): an admin every line with every part, an agent only
// the lines they have a part in, with only their own parts (shared/commissions linesOfAgent); computed
// on the device from the book document, offline too. And the statements' reconciliation, narrowed the
// same way.

export interface CommissionView extends CommissionBookState {
  /** The agent whose view this is; null for an admin (everyone's lines). */
  agentId: string | null;
  lines: CommissionLine[];
  reconciliation: Reconciliation;
}

export function useCommissionLines(): CommissionView {
  const state = useCommissionBook();
  const agentId = state.isAdmin ? null : state.userId;
  const all = useMemo(() => expectedCommissions(state.book), [state.book]);
  const lines = useMemo(() => (agentId === null ? all : linesOfAgent(all, agentId)), [all, agentId]);
  const reconciliation = useMemo(
    () => reconciled(all, state.statements, agentId),
    [all, state.statements, agentId],
  );
  return { ...state, agentId, lines, reconciliation };
}
