import { type FormEvent, lazy, type ReactNode, Suspense, useMemo } from "react";
import { Link } from "react-router";
import { STOCKGUARD_SLACK_CHANNELS, timeZones } from "../../../shared/schemas/organisation";
import { timeZoneOptions } from "../../../shared/schemas/time-zone-names";
import { OrganisationApiKeys } from "../../components/api-keys/api-keys-list";
import { Field, FieldGroup, RequiredNote, STATE_OPTIONS, unplacedIssues } from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { DocumentBudgetPanel } from "./document-budget-panel";
import { SecretsPanel } from "./secrets-panel";
import { SendgridChecklist } from "./sendgrid-checklist";
import { type Draft, draftFrom, saveDraft } from "./settings-draft";
import { useOrgSettings } from "./use-org-settings";
import { useSettingsSave } from "./use-settings-save";
import "./settings.css";

// Document history and restore (docs/hardening.md), loaded when the page is.
const DocumentHistoryPanel = lazy(() => import("../../components/document-history/document-history-panel"));

const TEXT = [
  "name",
  "email",
  "phone",
  "domain",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "zip",
  "timezone",
  "senderEmail",
  "gaTrackingId",
  "hubspotAccountId",
  "agWorksUsername",
  "agWorksAlias",
  "twilioSmsSenderNumber",
  "stockguardSlackChannel",
  "sendgridDomainId",
] as const;
const FLAGS = {
  enableNotificationCrons: false,
  // NAV1: unset shows the claims screens, so the box starts ticked; unticked takes them out of the navigation.
  enableClaimsUi: true,
  enableSMSCampaigns: false,
  enableCombinedQuoteCampaignsToSingleEmail: true,
} as const;
const SLACK_CHANNEL_OPTIONS = STOCKGUARD_SLACK_CHANNELS.map((c) => ({ value: c, label: c }));
const FLAG_LABELS: Record<keyof typeof FLAGS, string> = {
  enableNotificationCrons: "Send scheduled notifications (daily alerts and reminders)",
  enableClaimsUi: "Show the claims screens",
  enableSMSCampaigns: "Allow text-message (SMS) campaigns",
  enableCombinedQuoteCampaignsToSingleEmail: "Combine a customer's quote campaigns into one e-mail",
};

/** /settings (admins): the organisation's details, contact, address, integrations and secrets. */
export default function SettingsPage() {
  const { orgId, settings, loaded, readOnly, apply, session } = useOrgSettings();
  const stored = useMemo(() => draftFrom(settings, { text: TEXT, flags: FLAGS }), [settings]);
  const { draft, touched, issues, message, change, undo, save } = useSettingsSave<Draft>(stored, apply);
  const zones = useMemo(() => timeZones(), []);

  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;
  if (!loaded) return <p>Loading the organisation's settings…</p>;

  const set = (field: string, value: string | boolean) => change((d) => ({ ...d, [field]: value }));
  const text = (field: (typeof TEXT)[number], props: Record<string, unknown> = {}) => (
    <input
      className="book-input"
      name={field}
      value={String(draft[field] ?? "")}
      onChange={(e) => set(field, e.target.value)}
      disabled={readOnly}
      {...props}
    />
  );
  /** A select of the draft: "" (`none`) first, then `extra` (a stored value not in the list), then `options`. */
  const select = (
    field: (typeof TEXT)[number],
    none: string,
    options: readonly { value: string; label: string }[],
    extra: ReactNode = null,
  ) => (
    <select
      className="book-input"
      name={field}
      value={String(draft[field])}
      onChange={(e) => set(field, e.target.value)}
      disabled={readOnly}
    >
      <option value="">{none}</option>
      {extra}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  const submit = (event: FormEvent<HTMLFormElement>) =>
    save(event, () => saveDraft(settings, draft), {
      saved: (edits) =>
        edits.length ? "Saved. Every member sees the change at once." : "Nothing had changed.",
    });
  const others = unplacedIssues(issues, [...TEXT, ...Object.keys(FLAGS)]);
  const dns = settings.sendgridDomainDns as Record<string, boolean> | null | undefined;

  return (
    <div className="settings" data-testid="settings-page">
      <p className="settings__intro">
        Your agency's details as customers see them on quotes, e-mails and the portal. Colours and logos are
        under <Link to="/settings/app">App settings</Link>, insurance providers under{" "}
        <Link to="/settings/aip">AIP settings</Link>.
      </p>
      {readOnly ? (
        <Alert tone="info">You can read these settings; only an admin may change them.</Alert>
      ) : null}
      <form className="book-form settings__form" onSubmit={submit} noValidate data-testid="settings-form">
        {others.length ? <Alert tone="error">{others.join("; ")}</Alert> : null}
        <RequiredNote />
        <FieldGroup legend="Agency">
          <Field label="Agency name" path="name" issues={issues} required>
            {text("name", { autoComplete: "organization", required: true })}
          </Field>
          <div className="book-form__row">
            <Field
              label="E-mail"
              path="email"
              issues={issues}
              hint="Where customers write to the agency."
              required
            >
              {text("email", { type: "email", autoComplete: "email", required: true })}
            </Field>
            <Field label="Phone" path="phone" issues={issues} hint="e.g. (785) 555-0100">
              {text("phone", { type: "tel", autoComplete: "tel" })}
            </Field>
          </div>
          <div className="book-form__row">
            <Field label="Web domain" path="domain" issues={issues} hint="e.g. highplains.example">
              {text("domain")}
            </Field>
            <Field label="Time zone" path="timezone" issues={issues} hint="Reminders and schedules use it.">
              {select(
                "timezone",
                "Not chosen: Central time is used",
                timeZoneOptions(zones),
                draft.timezone && !zones.includes(String(draft.timezone)) ? (
                  <option value={String(draft.timezone)}>{String(draft.timezone)} (unknown)</option>
                ) : null,
              )}
            </Field>
          </div>
        </FieldGroup>
        <FieldGroup legend="Address">
          <Field label="Address line 1" path="addressLine1" issues={issues}>
            {text("addressLine1", { autoComplete: "address-line1" })}
          </Field>
          <Field label="Address line 2" path="addressLine2" issues={issues}>
            {text("addressLine2", { autoComplete: "address-line2" })}
          </Field>
          <div className="book-form__row">
            <Field label="City" path="city" issues={issues}>
              {text("city", { autoComplete: "address-level2" })}
            </Field>
            <Field label="State" path="state" issues={issues}>
              {select("state", "Not set", STATE_OPTIONS)}
            </Field>
            <Field label="ZIP code" path="zip" issues={issues} hint="67801 or 67801-1234">
              {text("zip", { inputMode: "numeric", autoComplete: "postal-code" })}
            </Field>
          </div>
        </FieldGroup>
        <FieldGroup legend="E-mail and messages">
          <Field
            label="Sender e-mail"
            path="senderEmail"
            issues={issues}
            hint="Quote campaigns and notices are sent from this address."
          >
            {text("senderEmail", { type: "email" })}
          </Field>
          <div className="book-form__row">
            <Field label="SendGrid domain id" path="sendgridDomainId" issues={issues}>
              {text("sendgridDomainId")}
            </Field>
            <Field label="Text-message sender number" path="twilioSmsSenderNumber" issues={issues}>
              {text("twilioSmsSenderNumber", { type: "tel" })}
            </Field>
          </div>
          <SendgridChecklist records={dns ?? null} domainId={String(draft.sendgridDomainId || "")} />
        </FieldGroup>
        <FieldGroup legend="Integrations">
          <div className="book-form__row">
            <Field label="Google Analytics id" path="gaTrackingId" issues={issues}>
              {text("gaTrackingId")}
            </Field>
            <Field label="HubSpot account id" path="hubspotAccountId" issues={issues}>
              {text("hubspotAccountId")}
            </Field>
          </div>
          <div className="book-form__row">
            <Field label="AgWorks user name" path="agWorksUsername" issues={issues}>
              {text("agWorksUsername", { autoComplete: "off" })}
            </Field>
            <Field label="AgWorks alias" path="agWorksAlias" issues={issues}>
              {text("agWorksAlias")}
            </Field>
          </div>
          <Field label="Slack channel for activity" path="stockguardSlackChannel" issues={issues}>
            {select("stockguardSlackChannel", "None", SLACK_CHANNEL_OPTIONS)}
          </Field>
        </FieldGroup>
        <FieldGroup legend="Features">
          {(Object.keys(FLAGS) as (keyof typeof FLAGS)[]).map((flag) => (
            <label key={flag} className="settings__check">
              <input
                type="checkbox"
                name={flag}
                checked={draft[flag] === true}
                onChange={(e) => set(flag, e.target.checked)}
                disabled={readOnly}
              />
              {FLAG_LABELS[flag]}
            </label>
          ))}
        </FieldGroup>
        {/* SAVED1: what the save did, next to its button (the top of this long page is out of sight). */}
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        {readOnly ? null : (
          <div className="book-form__actions">
            <Button type="submit" data-testid="settings-save">
              Save settings
            </Button>
            {touched ? (
              <Button variant="ghost" onClick={undo}>
                Undo changes
              </Button>
            ) : null}
          </div>
        )}
      </form>
      {readOnly ? null : <SecretsPanel orgId={orgId} getAccessToken={session.getAccessToken} />}
      {readOnly ? null : <DocumentBudgetPanel orgId={orgId} getAccessToken={session.getAccessToken} />}
      {readOnly ? null : (
        <section className="settings__secrets" aria-labelledby="api-keys-title" data-testid="org-api-keys">
          <h2 id="api-keys-title">Partners' API keys</h2>
          <p className="book-form__help">
            Keys your partners created to read your data through the partner API: who owns each, its scopes,
            when it was last used. Revoke one to stop it at once.
          </p>
          <OrganisationApiKeys />
        </section>
      )}
      <Suspense fallback={null}>
        <DocumentHistoryPanel orgId={orgId} getAccessToken={session.getAccessToken} />
      </Suspense>
    </div>
  );
}
