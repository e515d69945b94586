import { type FormEvent, useMemo, useState } from "react";
import { newRecordId } from "../book/record-ids";
import { useToday } from "../book/use-today";
import { FieldGroup } from "../book-forms/field";
import { type FieldIssues, NO_ISSUES } from "../book-forms/zod-issues";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { useAgentRoster } from "./agent-roster";
import {
  type SplitDraft,
  sameShares,
  splitDraftFor,
  splitFromDraft,
  splitOn,
  splitsOfPolicy,
} from "./split-draft";
import { SplitFields } from "./split-fields";
import { type CommissionBookState, useCommissionBook } from "./use-commission-book";

// A policy's commission split on the policy's screens (docs/commissions.md "Splits"). The split is kept
// in the agents-only book document beside the policy (commissionSplits), never in the customer's
// document: a producer never sees it. A new policy's split applies from the start of its reinsurance
// year (every coverage it will carry); a later change applies from the day the agent gives (COMMUI2).

/** July 1 before the reinsurance year `year` ends: the first day of its coverages. */
export const reinsuranceYearStart = (year: string): string | null =>
  /^\d{4}$/.test(year.trim()) ? `${Number(year.trim()) - 1}-07-01` : null;

export interface NewPolicySplit {
  state: CommissionBookState;
  draft: SplitDraft;
  setDraft(next: SplitDraft): void;
  issues: FieldIssues;
  /** Checks the draft for a policy about to be created; false (issues shown) when it does not fit. */
  check(): boolean;
  /** Writes the split of the policy just created. */
  write(policyId: string, customerId: string, reinsuranceYear: string): void;
}

/** The split of a policy being created: the signed-in agent's default, else all theirs. */
export function useNewPolicySplit(): NewPolicySplit {
  const state = useCommissionBook();
  const today = useToday();
  const [draft, setDraft] = useState<SplitDraft | null>(null);
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const current = draft ?? splitDraftFor(undefined, state.book.agents, state.userId ?? "", today);
  const build = (policyId: string, customerId: string, from: string) =>
    splitFromDraft(
      { ...current, from },
      {
        policyId,
        customerId,
        at: new Date().toISOString(),
        by: state.userId ?? "unknown",
        newId: newRecordId,
      },
      [],
    );
  return {
    state,
    draft: current,
    setDraft,
    issues,
    check() {
      if (state.doc.readOnly) {
        setIssues({ "": "The book is still loading on this device: save again in a moment." });
        return false;
      }
      const built = build("new", "new", today);
      setIssues(built.ok ? NO_ISSUES : built.issues);
      return built.ok;
    },
    write(policyId, customerId, reinsuranceYear) {
      const built = build(policyId, customerId, reinsuranceYearStart(reinsuranceYear) ?? today);
      // check() saw the book writable; were it not any more, the policy stays saved and its screen
      // offers "Set the split".
      try {
        if (built.ok) state.doc.write((t) => t.setWhole("commissionSplits", [built.split.id], built.split));
      } catch {}
    },
  };
}

/** The split fields of the create form. */
export function NewPolicySplitFields({ split }: { split: NewPolicySplit }) {
  const { agents } = useAgentRoster();
  return (
    <FieldGroup legend="Commission split">
      {split.issues[""] ? <Alert tone="error">{split.issues[""]}</Alert> : null}
      <SplitFields
        draft={split.draft}
        onChange={split.setDraft}
        agents={agents}
        issues={split.issues}
        disabled={split.state.doc.readOnly}
      />
    </FieldGroup>
  );
}

/** The policy screen's card: the split in effect, its earlier entries, and a dated change. */
export function PolicySplitCard({
  policyId,
  customerId,
  reinsuranceYear,
}: {
  policyId: string;
  customerId: string;
  reinsuranceYear: number;
}) {
  const state = useCommissionBook();
  const { agents, nameOf } = useAgentRoster();
  const today = useToday();
  const entries = useMemo(() => splitsOfPolicy(state.book.splits, policyId), [state.book.splits, policyId]);
  const inEffect = splitOn(entries, today) ?? entries.at(-1);
  const [draft, setDraft] = useState<SplitDraft | null>(null);
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [message, setMessage] = useState<string | null>(null);
  const startDraft = () =>
    setDraft({
      ...splitDraftFor(inEffect, state.book.agents, state.userId ?? "", today),
      from: inEffect ? today : (reinsuranceYearStart(String(reinsuranceYear)) ?? today),
    });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) return;
    if (sameShares(draft, splitOn(entries, draft.from))) {
      setMessage("Nothing had changed.");
      setDraft(null);
      return;
    }
    const built = splitFromDraft(
      draft,
      {
        policyId,
        customerId,
        at: new Date().toISOString(),
        by: state.userId ?? "unknown",
        newId: newRecordId,
      },
      entries,
    );
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    state.doc.write((t) => t.setWhole("commissionSplits", [built.split.id], built.split));
    setIssues(NO_ISSUES);
    setDraft(null);
    setMessage(
      `Saved. The split applies from ${built.split.from}; commission earned before keeps its split.`,
    );
  };

  const splitText = (s: (typeof entries)[number]) =>
    `${nameOf(s.writingAgentId)} writing ${s.writingSharePercent} %${
      s.servicingAgentId ? `, ${nameOf(s.servicingAgentId)} servicing ${s.servicingSharePercent} %` : ""
    }; the agency keeps ${s.agencySharePercent} %`;

  return (
    <Card data-testid="policy-split">
      <h3 className="policy__section">Commission split</h3>
      {message ? <Alert tone="success">{message}</Alert> : null}
      {entries.length === 0 ? (
        <p className="note">No split yet: the whole commission counts for the agency until one is set.</p>
      ) : (
        <ul className="policy__coverages">
          {entries.map((s) => (
            <li key={s.id}>
              From {s.from}: {splitText(s)}
              {s === inEffect ? " (in effect)" : ""}
            </li>
          ))}
        </ul>
      )}
      {state.doc.readOnly ? null : draft ? (
        <form className="book-form" onSubmit={save} noValidate>
          <SplitFields draft={draft} onChange={setDraft} agents={agents} issues={issues} dated />
          <div className="book-form__actions">
            <Button type="submit">Save the split</Button>
            <Button variant="ghost" onClick={() => setDraft(null)}>
              Keep it as it is
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={startDraft}>
          {entries.length === 0 ? "Set the split" : "Change the split"}
        </Button>
      )}
    </Card>
  );
}
