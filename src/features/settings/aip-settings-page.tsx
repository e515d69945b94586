import { type FormEvent, useMemo, useState } from "react";
import {
  type AipSettings,
  aipOf,
  emptyOrgProvider,
  type OrgProvider,
  orgDefaultProviderId,
} from "../../../shared/admin/aip";
import { INSURANCE_PLAN_LABELS, type InsurancePlan } from "../../../shared/catalogue/plans";
import {
  INSURANCE_PROVIDER_NAME_BY_ID,
  INSURANCE_PROVIDERS,
  type InsuranceProviderId,
} from "../../../shared/catalogue/providers";
import { issueAt } from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { saveDraft } from "./settings-draft";
import { useOrgSettings } from "./use-org-settings";
import { useSettingsSave } from "./use-settings-save";
import "./settings.css";

const PLANS: InsurancePlan[] = ["lrp", "lgm"];
const PREFIXES: { label: string; path: string[] }[] = [
  { label: "LRP application", path: ["lrp", "application"] },
  { label: "LRP endorsement", path: ["lrp", "endorsement"] },
  { label: "LGM cattle application", path: ["lgm", "cattle", "application"] },
  { label: "LGM cattle endorsement", path: ["lgm", "cattle", "endorsement"] },
  { label: "LGM swine application", path: ["lgm", "swine", "application"] },
  { label: "LGM swine endorsement", path: ["lgm", "swine", "endorsement"] },
];

const getAt = (o: unknown, path: string[]) =>
  path.reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], o);
const setAt = <T,>(o: T, path: string[], value: unknown): T => {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string, ...string[]];
  return { ...(o as object), [head]: setAt((o as Record<string, unknown>)[head], rest, value) } as T;
};

const fromSettings = (settings: Record<string, unknown>): AipSettings => {
  const stored = aipOf(settings);
  const providers: AipSettings["providers"] = {};
  for (const p of INSURANCE_PROVIDERS) providers[p.id] = stored?.providers[p.id] ?? emptyOrgProvider();
  return { providers, primary: stored?.primary ?? null };
};

/** The id of the message at an AIP path, for the fields' aria-describedby. */
const errorId = (path: string) => `aip-error-${path.replace(/\./g, "-")}`;
/** A field's links to its message: aria-invalid and aria-describedby while it has one. */
const linked = (path: string, message: string | undefined) =>
  message ? { "aria-invalid": true, "aria-describedby": errorId(path) } : {};

/** /settings/aip (admins): the insurance providers the agency writes with, per plan, and their details. */
export default function AipSettingsPage() {
  const { orgId, settings, loaded, readOnly, apply } = useOrgSettings();
  const stored = useMemo(() => fromSettings(settings), [settings]);
  const { draft, issues, message, change, save } = useSettingsSave<AipSettings>(stored, apply);
  // Providers whose "link and prefixes" section the admin opened; one with a problem in it is open
  // too, so the focus can reach the first field with a message (docs/first-day.md).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());

  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;
  if (!loaded) return <p>Loading the organisation's settings…</p>;

  const edit = (id: InsuranceProviderId, next: (p: OrgProvider) => OrgProvider) =>
    change((d) => ({
      ...d,
      providers: { ...d.providers, [id]: next(d.providers[id] ?? emptyOrgProvider()) },
    }));
  const cleaned = (): AipSettings => {
    const providers: AipSettings["providers"] = {};
    for (const [id, p] of Object.entries(draft.providers) as [InsuranceProviderId, OrgProvider][]) {
      if (p.plans.length || p.dataSync || p.agentMgmtLink) providers[id] = p;
    }
    // A primary whose provider the agency no longer writes with is cleared with it.
    const primary = draft.primary && providers[draft.primary] ? draft.primary : null;
    return { providers, primary };
  };
  const submit = (event: FormEvent<HTMLFormElement>) =>
    save(event, () => saveDraft(settings, {}, { aip: cleaned() }), {
      invalid: "Nothing was saved: correct the providers marked below.",
      saved: () => "Saved. Quote and coverage screens now offer these providers.",
    });
  const current = cleaned();
  const anyChosen = Object.keys(current.providers).length > 0;
  const issue = (path: string) => issueAt(issues, `aip.${path}`);
  const detailsHaveIssue = (id: InsuranceProviderId) =>
    Object.keys(issues).some(
      (k) =>
        k === `aip.providers.${id}.agentMgmtLink` || k.startsWith(`aip.providers.${id}.fileNamePrefixes.`),
    );
  const toggled = (id: string, open: boolean) =>
    setOpened((s) => {
      if (s.has(id) === open) return s;
      const next = new Set(s);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="settings" data-testid="aip-settings-page">
      <p className="settings__intro">
        Choose the insurance providers your agency writes with, per plan. Quote and coverage screens offer
        only these; with none chosen they offer every provider of the catalogue.
      </p>
      <ul className="settings__intro settings__legend">
        <li>
          <strong>Primary</strong>: offered first, and the default for a customer with no preferred provider.
        </li>
        <li>
          <strong>Sync data</strong>: the provider's policy data is brought into Rangeline (only providers
          that offer it).
        </li>
      </ul>
      <form className="book-form settings__form" onSubmit={submit} noValidate data-testid="aip-form">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <p className="book-form__help" data-testid="aip-defaults">
          {anyChosen ? "Default provider" : "Nothing chosen yet, so quotes default to the catalogue's"} —{" "}
          {PLANS.map(
            (plan) =>
              `${INSURANCE_PLAN_LABELS[plan]}: ${INSURANCE_PROVIDER_NAME_BY_ID[orgDefaultProviderId(anyChosen ? current : null, plan)]}`,
          ).join("; ")}
        </p>
        {issue("primary") ? (
          <Alert tone="error">
            <span id={errorId("primary")}>{issue("primary")}</span>
          </Alert>
        ) : null}
        <ul className="settings__secret-list">
          {INSURANCE_PROVIDERS.map((p) => {
            const org = draft.providers[p.id] ?? emptyOrgProvider();
            const at = (field: string) => `providers.${p.id}.${field}`;
            return (
              <li key={p.id} className="settings__provider" data-provider={p.id}>
                <div className="settings__provider-head">
                  <strong>{p.name}</strong>
                  <label className="settings__check">
                    <input
                      type="radio"
                      name="primary"
                      checked={draft.primary === p.id}
                      disabled={readOnly || org.plans.length === 0}
                      {...(org.plans.length > 0 ? linked("primary", issue("primary")) : {})}
                      onChange={() => change((d) => ({ ...d, primary: p.id }))}
                    />
                    Primary
                  </label>
                </div>
                <div className="settings__roles">
                  {p.plans.length === 0 ? (
                    <span className="book-form__help">Writes no LRP or LGM policies.</span>
                  ) : null}
                  {p.plans.map((plan) => (
                    <label key={plan} className="settings__check">
                      <input
                        type="checkbox"
                        aria-label={`${p.name} writes ${INSURANCE_PLAN_LABELS[plan]}`}
                        checked={org.plans.includes(plan)}
                        disabled={readOnly}
                        {...linked(at("plans"), issue(at("plans")))}
                        onChange={(e) =>
                          edit(p.id, (o) => ({
                            ...o,
                            plans: e.target.checked ? [...o.plans, plan] : o.plans.filter((x) => x !== plan),
                          }))
                        }
                      />
                      {INSURANCE_PLAN_LABELS[plan]}
                    </label>
                  ))}
                  {p.canSyncData ? (
                    <label className="settings__check">
                      <input
                        type="checkbox"
                        aria-label={`Sync data with ${p.name}`}
                        checked={org.dataSync}
                        disabled={readOnly}
                        {...linked(at("dataSync"), issue(at("dataSync")))}
                        onChange={(e) => edit(p.id, (o) => ({ ...o, dataSync: e.target.checked }))}
                      />
                      Sync data
                    </label>
                  ) : null}
                </div>
                {["plans", "dataSync"].map((f) =>
                  issue(at(f)) ? (
                    <span key={f} id={errorId(at(f))} className="book-field__error">
                      {issue(at(f))}
                    </span>
                  ) : null,
                )}
                <details
                  open={opened.has(p.id) || detailsHaveIssue(p.id)}
                  onToggle={(e) => toggled(p.id, e.currentTarget.open)}
                >
                  <summary>Agent-management link and file-name prefixes</summary>
                  <div className="book-form settings__provider-details">
                    <label className="book-field">
                      <span className="book-field__label">Agent-management link</span>
                      <input
                        className="book-input"
                        type="url"
                        placeholder="https://"
                        value={org.agentMgmtLink ?? ""}
                        disabled={readOnly}
                        {...linked(at("agentMgmtLink"), issue(at("agentMgmtLink")))}
                        onChange={(e) =>
                          edit(p.id, (o) => ({ ...o, agentMgmtLink: e.target.value.trim() || null }))
                        }
                      />
                      {issue(at("agentMgmtLink")) ? (
                        <span id={errorId(at("agentMgmtLink"))} className="book-field__error">
                          {issue(at("agentMgmtLink"))}
                        </span>
                      ) : null}
                    </label>
                    <div className="book-form__row">
                      {PREFIXES.map(({ label, path }) => {
                        const prefixPath = at(`fileNamePrefixes.${path.join(".")}`);
                        const problem = issue(prefixPath);
                        return (
                          <label key={label} className="book-field">
                            <span className="book-field__label">{label} prefix</span>
                            <input
                              className="book-input"
                              value={String(getAt(org.fileNamePrefixes, path) ?? "")}
                              disabled={readOnly}
                              {...linked(prefixPath, problem)}
                              onChange={(e) =>
                                edit(p.id, (o) => ({
                                  ...o,
                                  fileNamePrefixes: setAt(
                                    o.fileNamePrefixes,
                                    path,
                                    e.target.value.trim() || null,
                                  ),
                                }))
                              }
                            />
                            {problem ? (
                              <span id={errorId(prefixPath)} className="book-field__error">
                                {problem}
                              </span>
                            ) : null}
                          </label>
                        );
                      })}
                    </div>
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
        {readOnly ? null : (
          <div className="book-form__actions">
            <Button type="submit" data-testid="aip-save">
              Save providers
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
