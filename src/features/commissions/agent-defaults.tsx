import { type FormEvent, useState } from "react";
import { useToday } from "../../components/book/use-today";
import { FieldGroup } from "../../components/book-forms/field";
import { SelectInput } from "../../components/book-forms/inputs";
import { type FieldIssues, NO_ISSUES } from "../../components/book-forms/zod-issues";
import { useAgentRoster } from "../../components/commissions/agent-roster";
import {
  agentDefaultFromDraft,
  type SplitDraft,
  splitDraftFor,
} from "../../components/commissions/split-draft";
import { SplitFields } from "../../components/commissions/split-fields";
import { useCommissionBook } from "../../components/commissions/use-commission-book";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

// Each agent's default split (admins): what a new policy of theirs starts with on the policy form.

export function AgentDefaults() {
  const { userId, doc, book } = useCommissionBook();
  const { agents, nameOf } = useAgentRoster();
  const today = useToday();
  const [agentId, setAgentId] = useState("");
  const [draft, setDraft] = useState<SplitDraft | null>(null);
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [message, setMessage] = useState<string | null>(null);
  const known = Object.values(book.agents);

  const choose = (id: string) => {
    setAgentId(id);
    setIssues(NO_ISSUES);
    setMessage(null);
    setDraft(id ? splitDraftFor(undefined, book.agents, id, today) : null);
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) return;
    const built = agentDefaultFromDraft(draft, { at: new Date().toISOString(), by: userId ?? "unknown" });
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    doc.write((t) => t.setWhole("commissionAgents", [built.agent.id], built.agent));
    setIssues(NO_ISSUES);
    setMessage(`${nameOf(built.agent.id)}'s default split is saved; it fills their new policies' split.`);
  };

  return (
    <Card>
      <h2 className="commissions__heading">Agents' default splits</h2>
      {known.length === 0 ? (
        <p className="note">
          No default yet: a new policy gives its writing agent the whole agents' portion.
        </p>
      ) : (
        <ul className="commissions__defaults" data-testid="commission-agent-defaults">
          {known.map((a) => (
            <li key={a.id}>
              <strong>{nameOf(a.id)}</strong>: {a.writingSharePercent} % writing
              {a.servicingAgentId
                ? `, ${a.servicingSharePercent} % to ${nameOf(a.servicingAgentId)} servicing`
                : ""}
              ; the agency keeps {a.agencySharePercent} %
            </li>
          ))}
        </ul>
      )}
      {doc.readOnly ? null : (
        <form className="book-form" onSubmit={save} noValidate>
          {message ? <Alert tone="success">{message}</Alert> : null}
          <FieldGroup legend="Set an agent's default">
            <SelectInput
              label="Agent"
              path="agent"
              value={agentId}
              onChange={choose}
              options={agents.map((a) => ({ value: a.id, label: a.name }))}
              placeholder={agents.length ? "Choose an agent" : "The agents load with a connection"}
            />
            {draft ? (
              <SplitFields
                draft={draft}
                onChange={setDraft}
                agents={agents}
                issues={issues}
                fixedAgent={false}
              />
            ) : null}
          </FieldGroup>
          {draft ? <Button type="submit">Save the default</Button> : null}
        </form>
      )}
    </Card>
  );
}
