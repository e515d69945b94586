import type { ReactNode } from "react";
import { SelectInput, TextInput } from "../book-forms/inputs";
import type { FieldIssues } from "../book-forms/zod-issues";
import type { RosterAgent } from "./agent-roster";
import type { SplitDraft } from "./split-draft";

// The split's fields (docs/commissions.md "Splits"): the writing agent, an optional servicing agent,
// their shares of the agents' portion (adding up to 100 %), the agency's share of the whole commission
// and, on a policy, the day the split applies from. `fixedAgent` names the writing agent of an
// agent's default (not chosen there).

export interface SplitFieldsProps {
  draft: SplitDraft;
  onChange(next: SplitDraft): void;
  agents: readonly RosterAgent[];
  issues: FieldIssues;
  /** The path prefix of the issues ("split."). */
  prefix?: string;
  /** Shown instead of the writing agent's select (an agent's default). */
  fixedAgent?: ReactNode;
  /** Show the "applies from" date. */
  dated?: boolean;
  disabled?: boolean;
}

const options = (agents: readonly RosterAgent[], keep: string) => {
  const list = agents.map((a) => ({ value: a.id, label: a.name }));
  return keep && !list.some((o) => o.value === keep) ? [...list, { value: keep, label: keep }] : list;
};

export function SplitFields({
  draft,
  onChange,
  agents,
  issues,
  prefix = "",
  fixedAgent,
  dated = false,
  disabled,
}: SplitFieldsProps) {
  const bound = <K extends keyof SplitDraft>(key: K) => ({
    path: `${prefix}${key}`,
    issues,
    disabled,
    value: draft[key],
    onChange: (value: string) => onChange({ ...draft, [key]: value }),
  });
  return (
    <>
      <div className="book-form__row">
        {fixedAgent ?? (
          <SelectInput
            label="Writing agent"
            required
            {...bound("writingAgentId")}
            options={options(agents, draft.writingAgentId)}
            placeholder="Choose the writing agent"
          />
        )}
        <SelectInput
          label="Servicing agent"
          {...bound("servicingAgentId")}
          onChange={(id) =>
            onChange({
              ...draft,
              servicingAgentId: id,
              ...(id ? {} : { writingSharePercent: "100", servicingSharePercent: "0" }),
            })
          }
          options={options(agents, draft.servicingAgentId).filter((o) => o.value !== draft.writingAgentId)}
          placeholder="None"
        />
      </div>
      <div className="book-form__row">
        <TextInput
          label="Writing agent's share (%)"
          required
          inputMode="decimal"
          {...bound("writingSharePercent")}
          hint="Of the agents' portion."
        />
        <TextInput
          label="Servicing agent's share (%)"
          inputMode="decimal"
          {...bound("servicingSharePercent")}
          disabled={disabled || !draft.servicingAgentId}
          hint="The two shares add up to 100 %."
        />
        <TextInput
          label="Agency's share (%)"
          required
          inputMode="decimal"
          {...bound("agencySharePercent")}
          hint="Of the whole commission; the agents' portion is the rest."
        />
      </div>
      {dated ? (
        <TextInput
          label="Applies from"
          required
          {...bound("from")}
          hint="YYYY-MM-DD. Commission earned before this day keeps the split it was earned with."
        />
      ) : null}
    </>
  );
}
