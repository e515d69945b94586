import { type FormEvent, useMemo, useState } from "react";
import { INSURANCE_PLAN_LABELS, INSURANCE_PLANS, type InsurancePlan } from "../../../shared/catalogue";
import type { CommissionSchedule } from "../../../shared/documents/commission";
import { newRecordId } from "../../components/book/record-ids";
import { useToday } from "../../components/book/use-today";
import { FieldGroup } from "../../components/book-forms/field";
import { SelectInput, TextInput } from "../../components/book-forms/inputs";
import { providerOptions } from "../../components/book-forms/provider-options";
import { type FieldIssues, NO_ISSUES } from "../../components/book-forms/zod-issues";
import { useCommissionBook } from "../../components/commissions/use-commission-book";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../lib/format";
import { AgentDefaults } from "./agent-defaults";
import { companyName, planCommodityLabel } from "./labels";
import {
  commodityOptions,
  newScheduleDraft,
  type ScheduleDraft,
  scheduleDraftFrom,
  scheduleFromDraft,
} from "./schedule-draft";
import "./commissions.css";

const PLAN_OPTIONS = INSURANCE_PLANS.map((p) => ({ value: p, label: INSURANCE_PLAN_LABELS[p] }));

const byKey = (a: CommissionSchedule, b: CommissionSchedule) =>
  companyName(a.providerId).localeCompare(companyName(b.providerId)) ||
  b.reinsuranceYear - a.reinsuranceYear ||
  a.plan.localeCompare(b.plan) ||
  (a.commodity ?? "").localeCompare(b.commodity ?? "") ||
  b.effectiveDate.localeCompare(a.effectiveDate);

/**
 * /settings/commissions (admins): the agency's commission rates — company × reinsurance year × plan ×
 * optional commodity, new and renewal business, from an effective date — and each agent's default
 * split. Kept in the book document, so agents' devices compute expected commission offline.
 */
export default function CommissionRatesPage() {
  const { orgId, userId, loaded, doc, book } = useCommissionBook();
  const today = useToday();
  const [draft, setDraft] = useState<ScheduleDraft>(() => newScheduleDraft(today));
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [message, setMessage] = useState<string | null>(null);
  const rows = useMemo(() => [...book.schedules].sort(byKey), [book.schedules]);

  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;
  if (!loaded) return <p>Loading the commission rates…</p>;
  const readOnly = doc.readOnly;

  const bound = <K extends keyof ScheduleDraft & string>(key: K) => ({
    path: key,
    issues,
    disabled: readOnly,
    value: String(draft[key] ?? ""),
    onChange: (value: string) => setDraft({ ...draft, [key]: value }),
  });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const built = scheduleFromDraft(
      draft,
      { at: new Date().toISOString(), by: userId ?? "unknown", newId: newRecordId },
      book.schedules,
    );
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    try {
      doc.write((t) => t.setWhole("commissionSchedules", [built.schedule.id], built.schedule));
    } catch (e) {
      setIssues({ "": (e as Error).message });
      return;
    }
    setIssues(NO_ISSUES);
    setMessage(draft.id ? "Rate saved." : "Rate added. Every agent's expected commission uses it at once.");
    setDraft(newScheduleDraft(today, draft.plan));
  };

  const remove = (schedule: CommissionSchedule) => {
    doc.write((t) => t.remove("commissionSchedules", [schedule.id]));
    setMessage(`Rate removed: ${companyName(schedule.providerId)} ${schedule.reinsuranceYear}.`);
    if (draft.id === schedule.id) setDraft(newScheduleDraft(today, draft.plan));
  };

  return (
    <div className="commissions" data-testid="commission-rates-page">
      <p className="commissions__intro">
        What each insurance company pays the agency, in percent of the total premium (producer premium and
        subsidy together). No livestock rates are published: enter those of your contracts. A rate for one
        commodity takes precedence over the plan's rate; a later effective date takes over from that day.
      </p>
      {readOnly ? <Alert tone="info">Only an admin may change the rates.</Alert> : null}
      {message ? <Alert tone="success">{message}</Alert> : null}
      <Card>
        <h2 className="commissions__heading">Rates</h2>
        {rows.length === 0 ? (
          <p className="note">No rate yet: add the first one below.</p>
        ) : (
          <div className="commissions__scroll">
            <table className="commissions__table" data-testid="commission-rates">
              <caption className="visually-hidden">Commission rates</caption>
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Reinsurance year</th>
                  <th scope="col">Plan · commodity</th>
                  <th scope="col">From</th>
                  <th scope="col" className="num">
                    New
                  </th>
                  <th scope="col" className="num">
                    Renewal
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.id}>
                    <td>{companyName(s.providerId)}</td>
                    <td>{s.reinsuranceYear}</td>
                    <td>{planCommodityLabel(s.plan, s.commodity)}</td>
                    <td>{formatDate(s.effectiveDate)}</td>
                    <td className="num">{s.newRatePercent} %</td>
                    <td className="num">{s.renewalRatePercent} %</td>
                    <td className="commissions__row-actions">
                      {readOnly ? null : (
                        <>
                          <Button
                            variant="ghost"
                            onClick={() => {
                              setDraft(scheduleDraftFrom(s));
                              setIssues(NO_ISSUES);
                            }}
                            aria-label={`Edit the rate of ${companyName(s.providerId)} ${s.reinsuranceYear} ${planCommodityLabel(s.plan, s.commodity)}`}
                          >
                            Edit
                          </Button>
                          <Button
                            variant="ghost"
                            onClick={() => remove(s)}
                            aria-label={`Remove the rate of ${companyName(s.providerId)} ${s.reinsuranceYear} ${planCommodityLabel(s.plan, s.commodity)}`}
                          >
                            Remove
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      {readOnly ? null : (
        <form className="book-form" onSubmit={save} noValidate data-testid="commission-rate-form">
          {issues[""] ? <Alert tone="error">{issues[""]}</Alert> : null}
          <FieldGroup legend={draft.id ? "Edit the rate" : "Add a rate"}>
            <div className="book-form__row">
              <SelectInput
                label="Plan"
                required
                {...bound("plan")}
                onChange={(plan) =>
                  setDraft({ ...draft, plan: plan as InsurancePlan, providerId: "", commodity: "" })
                }
                options={PLAN_OPTIONS}
              />
              <SelectInput
                label="Insurance company"
                required
                {...bound("providerId")}
                options={providerOptions(draft.plan)}
                placeholder="Choose a company"
              />
            </div>
            <div className="book-form__row">
              <TextInput
                label="Reinsurance year"
                required
                inputMode="numeric"
                {...bound("reinsuranceYear")}
                hint="July 1 to June 30, named by the year it ends in."
              />
              <SelectInput
                label="Commodity"
                {...bound("commodity")}
                options={commodityOptions(draft.plan)}
                placeholder="Every commodity of the plan"
              />
              <TextInput
                label="Effective date"
                required
                {...bound("effectiveDate")}
                hint="YYYY-MM-DD: sales from this day on."
              />
            </div>
            <div className="book-form__row">
              <TextInput
                label="New business rate (%)"
                required
                inputMode="decimal"
                {...bound("newRatePercent")}
                hint="A policy's first crop year, e.g. 12.5"
              />
              <TextInput
                label="Renewal rate (%)"
                required
                inputMode="decimal"
                {...bound("renewalRatePercent")}
                hint="A later crop year of the policy."
              />
            </div>
          </FieldGroup>
          <div className="commissions__actions">
            <Button type="submit">{draft.id ? "Save the rate" : "Add the rate"}</Button>
            {draft.id ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft(newScheduleDraft(today, draft.plan));
                  setIssues(NO_ISSUES);
                }}
              >
                Stop editing
              </Button>
            ) : null}
          </div>
        </form>
      )}
      <AgentDefaults />
    </div>
  );
}
