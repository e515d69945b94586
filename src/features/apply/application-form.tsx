import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import {
  type ApplicantType,
  ENTITY_TYPE_CODES,
  ENTITY_TYPE_LABEL_BY_CODE,
  FARMER_CLASSIFICATIONS,
  INSURANCE_PLAN_LABELS,
  INSURANCE_PROVIDER_NAME_BY_ID,
} from "../../../shared/catalogue";
import { BUSINESS_ENTITY_TYPE_CODES, SIGNATURE_CONSENT } from "../../../shared/documents/application";
import { newRecordId } from "../../components/book/record-ids";
import {
  AddressFields,
  BookForm,
  Field,
  FieldGroup,
  type FieldIssues,
  hasIssues,
  NO_ISSUES,
  ProviderSelect,
  RequiredLegend,
  RequiredNote,
  SelectInput,
  TaxIdField,
  TextInput,
  type TextInputProps,
  unplacedIssues,
} from "../../components/book-forms";
import { useAgency } from "../../components/org-providers/use-agency";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { AgencyLine } from "./agency-line";
import { type ApplicationDraft, buildApplication, emptyDraft } from "./application-draft";
import { clearDraft, loadDraft, saveDraft } from "./draft-store";
import { enqueue, flushOutbox } from "./outbox";
import { OutboxStatus } from "./outbox-status";
import { useOutbox } from "./use-outbox";
import "./apply.css";

const newSubmissionId = () => `sub_${newRecordId()}`;

/** The draft's free-text fields. */
type TextField = {
  [K in keyof ApplicationDraft]: string extends ApplicationDraft[K] ? K : never;
}[keyof ApplicationDraft];

const MARITAL_STATUSES = [
  { value: "single", label: "Not married" },
  { value: "married", label: "Married" },
];
const entityTypeOption = (c: string) => ({
  value: c,
  label: `${c} · ${ENTITY_TYPE_LABEL_BY_CODE[c as keyof typeof ENTITY_TYPE_LABEL_BY_CODE]}`,
});
const BUSINESS_ENTITY_TYPES = BUSINESS_ENTITY_TYPE_CODES.map(entityTypeOption);
const ENTITY_TYPES = ENTITY_TYPE_CODES.map(entityTypeOption);
const FARMER_CLASSIFICATION_OPTIONS = FARMER_CLASSIFICATIONS.map((c) => ({ value: c, label: c }));

/** The application form of one applicant type; kept on the device as it is typed. */
export function ApplicationForm({ type, orgId }: { type: ApplicantType; orgId: string }) {
  const [draft, setDraft] = useState<ApplicationDraft>(
    () => loadDraft(type) ?? emptyDraft(type, orgId, newSubmissionId()),
  );
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [sentName, setSentName] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const outbox = useOutbox();
  const agency = useAgency(orgId);
  // The agency's providers once known: a preselected one it does not write the plan with becomes its default.
  useEffect(() => {
    if (agency.state !== "known") return;
    setDraft((d) => {
      const fix = (plan: "lrp" | "lgm") =>
        (agency.providers[plan] as string[]).includes(d.providers[plan])
          ? d.providers[plan]
          : agency.defaults[plan];
      const providers = { lrp: fix("lrp"), lgm: fix("lgm") };
      return providers.lrp === d.providers.lrp && providers.lgm === d.providers.lgm ? d : { ...d, providers };
    });
  }, [agency]);

  useEffect(() => saveDraft(draft), [draft]);
  const set = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  /** A text field of the draft (autocomplete on unless said otherwise: the applicant fills in their own details). */
  const text = (key: TextField, label: string, path: string, more: Partial<TextInputProps> = {}) => (
    <TextInput
      label={label}
      path={path}
      issues={issues}
      autoComplete="on"
      value={draft[key]}
      onChange={(v) => set(key, v)}
      {...more}
    />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = buildApplication(draft, new Date());
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    setIssues(NO_ISSUES);
    const name = type === "individual" ? draft.name.trim() : draft.legalName.trim();
    enqueue(built.application, name);
    clearDraft(type);
    setSentName(name);
    setDraft(emptyDraft(type, orgId, newSubmissionId()));
    void flushOutbox();
    window.scrollTo({ top: 0 });
  };

  const shown = [
    "plans",
    "individual.name",
    "individual.dateOfBirth",
    "individual.maritalStatus",
    "individual.spouse.name",
    "individual.spouse.taxIdType",
    "individual.spouse.taxId",
    "business.legalName",
    "business.entityType",
    "business.sbis",
    ...draft.sbis.flatMap((_, i) =>
      ["name", "entityType", "taxIdType", "taxId", "sharePercent"].map((k) => `business.sbis.${i}.${k}`),
    ),
    "taxIdType",
    "taxId",
    ...["line1", "line2", "city", "state", "county", "zip"].map((k) => `address.${k}`),
    "phone",
    "email",
    "farmerClassification",
    "farmingSinceYear",
    "providers.lrp",
    "providers.lgm",
    "powerOfAttorney.name",
    "powerOfAttorney.phone",
    "powerOfAttorney.email",
    "signature.typedName",
    "signature.consentText",
  ];
  const others = unplacedIssues(issues, shown);

  return (
    <div className="apply">
      <OutboxStatus items={outbox} />
      {sentName ? (
        <Alert tone="success" title="Application submitted">
          {sentName}'s application is on its way; its status is shown above. You can start another one below.
        </Alert>
      ) : null}
      <BookForm className="apply__form" onSubmit={submit} requiredNote={false} data-testid="application-form">
        <AgencyLine orgId={orgId} agency={agency} />
        <p className="apply__intro">
          Your answers are kept on this device as you type, so nothing is lost if the page reloads or the
          signal drops. Tax ids are kept only until you close this tab.{" "}
          <Link to={`/insurance/apply?org=${encodeURIComponent(orgId)}`}>What is an application?</Link>
        </p>
        <RequiredNote />

        <FieldGroup legend={<RequiredLegend>Plans</RequiredLegend>}>
          <div className="apply__checks" data-field="plans">
            {(["lrp", "lgm"] as const).map((plan) => (
              <label key={plan} className="apply__check">
                <input
                  type="checkbox"
                  aria-invalid={issues.plans ? true : undefined}
                  aria-describedby={issues.plans ? "apply-plans-error" : undefined}
                  checked={draft.plans[plan]}
                  onChange={(e) => set("plans", { ...draft.plans, [plan]: e.target.checked })}
                />{" "}
                {INSURANCE_PLAN_LABELS[plan]}
              </label>
            ))}
            {issues.plans ? (
              <span className="book-field__error" id="apply-plans-error">
                {issues.plans}
              </span>
            ) : null}
          </div>
          {(["lrp", "lgm"] as const)
            .filter((plan) => draft.plans[plan])
            .map((plan) => (
              <div key={plan}>
                {agency.state === "known" ? (
                  <SelectInput
                    label={`${plan.toUpperCase()} insurance provider`}
                    required
                    path={`providers.${plan}`}
                    issues={issues}
                    value={draft.providers[plan]}
                    onChange={(v) => set("providers", { ...draft.providers, [plan]: v })}
                    options={agency.providers[plan].map((id) => ({
                      value: id,
                      label: INSURANCE_PROVIDER_NAME_BY_ID[id],
                    }))}
                    hint={`The provider you would like ${agency.name} to write your ${plan.toUpperCase()} with.`}
                  />
                ) : (
                  <>
                    <ProviderSelect
                      plan={plan}
                      value={draft.providers[plan]}
                      onChange={(v) => set("providers", { ...draft.providers, [plan]: v })}
                      issues={issues}
                      path={`providers.${plan}`}
                    />
                    <span className="book-field__hint">
                      Preferred insurance provider for {plan.toUpperCase()}.
                    </span>
                  </>
                )}
              </div>
            ))}
        </FieldGroup>

        {type === "individual" ? (
          <FieldGroup legend="Applicant">
            {text("name", "Full name", "individual.name", { autoComplete: "name", required: true })}
            <div className="book-form__row">
              <Field label="Date of birth" path="individual.dateOfBirth" issues={issues} required>
                <input
                  className="book-input"
                  type="date"
                  autoComplete="bday"
                  value={draft.dateOfBirth}
                  onChange={(e) => set("dateOfBirth", e.target.value)}
                />
              </Field>
              <SelectInput
                label="Marital status"
                required
                path="individual.maritalStatus"
                issues={issues}
                options={MARITAL_STATUSES}
                placeholder="Choose"
                value={draft.maritalStatus}
                onChange={(v) => set("maritalStatus", v as ApplicationDraft["maritalStatus"])}
              />
            </div>
            {draft.maritalStatus === "married" ? (
              <>
                {text("spouseName", "Spouse's full name", "individual.spouse.name", { required: true })}
                <TaxIdField
                  label="Spouse's tax id (optional)"
                  value={draft.spouseTaxId}
                  onChange={(v) => set("spouseTaxId", v)}
                  issues={issues}
                  typePath="individual.spouse.taxIdType"
                  valuePath="individual.spouse.taxId"
                />
              </>
            ) : null}
          </FieldGroup>
        ) : (
          <FieldGroup legend="Business">
            {text("legalName", "Legal name", "business.legalName", {
              autoComplete: "organization",
              required: true,
            })}
            <SelectInput
              label="Entity type"
              required
              path="business.entityType"
              issues={issues}
              options={BUSINESS_ENTITY_TYPES}
              placeholder="Choose the entity type"
              value={draft.entityType}
              onChange={(v) => set("entityType", v)}
            />
            <p className="apply__note">
              Substantial beneficial interests: every person or business that owns 10 % or more of the
              business, with their share. The shares add up to at most 100 %.
            </p>
            {issues["business.sbis"] ? <Alert tone="error">{issues["business.sbis"]}</Alert> : null}
            {draft.sbis.map((sbi, i) => {
              const change = (next: Partial<typeof sbi>) =>
                set(
                  "sbis",
                  draft.sbis.map((s) => (s.id === sbi.id ? { ...s, ...next } : s)),
                );
              const at = (k: string) => `business.sbis.${i}.${k}`;
              return (
                <FieldGroup key={sbi.id} legend={`Beneficial interest ${i + 1}`}>
                  <TextInput
                    label="Name"
                    required
                    path={at("name")}
                    issues={issues}
                    autoComplete="on"
                    value={sbi.name}
                    onChange={(v) => change({ name: v })}
                  />
                  <div className="book-form__row">
                    <SelectInput
                      label="Entity type"
                      required
                      path={at("entityType")}
                      issues={issues}
                      options={ENTITY_TYPES}
                      placeholder="Choose"
                      value={sbi.entityType}
                      onChange={(v) => change({ entityType: v })}
                    />
                    <TextInput
                      label="Share (%)"
                      required
                      path={at("sharePercent")}
                      issues={issues}
                      hint="e.g. 50 or 12.5"
                      inputMode="decimal"
                      autoComplete="on"
                      value={sbi.sharePercent}
                      onChange={(v) => change({ sharePercent: v })}
                    />
                  </div>
                  <TaxIdField
                    label="Tax id"
                    required
                    value={sbi.taxId}
                    onChange={(v) => change({ taxId: v })}
                    issues={issues}
                    typePath={at("taxIdType")}
                    valuePath={at("taxId")}
                  />
                  <Button
                    variant="ghost"
                    onClick={() =>
                      set(
                        "sbis",
                        draft.sbis.filter((s) => s.id !== sbi.id),
                      )
                    }
                  >
                    Remove this interest
                  </Button>
                </FieldGroup>
              );
            })}
            <Button
              variant="secondary"
              onClick={() =>
                set("sbis", [
                  ...draft.sbis,
                  {
                    id: newRecordId(),
                    name: "",
                    entityType: "I",
                    taxId: { type: 1, value: "" },
                    sharePercent: "",
                  },
                ])
              }
            >
              Add a beneficial interest
            </Button>
          </FieldGroup>
        )}

        <FieldGroup legend={type === "individual" ? "Your tax id" : "The business's tax id"}>
          <TaxIdField
            label="Tax id"
            required
            value={draft.taxId}
            onChange={(v) => set("taxId", v)}
            issues={issues}
          />
        </FieldGroup>

        <FieldGroup legend="Address and contact">
          <AddressFields
            value={draft.address}
            onChange={(v) => set("address", v)}
            issues={issues}
            countyOptional={false}
            required
          />
          <div className="book-form__row">
            {text("phone", "Phone", "phone", {
              hint: "e.g. 806-555-0100",
              type: "tel",
              autoComplete: "tel",
              required: true,
            })}
            {text("email", "E-mail", "email", { type: "email", autoComplete: "email", required: true })}
          </div>
        </FieldGroup>

        <FieldGroup legend="Farmer classification">
          <div className="book-form__row">
            <SelectInput
              label="Classification"
              required
              path="farmerClassification"
              issues={issues}
              options={FARMER_CLASSIFICATION_OPTIONS}
              placeholder="Choose"
              value={draft.farmerClassification}
              onChange={(v) => set("farmerClassification", v as ApplicationDraft["farmerClassification"])}
            />
            {draft.farmerClassification && draft.farmerClassification !== "Neither"
              ? text("farmingSinceYear", "Year farming or ranching started", "farmingSinceYear", {
                  inputMode: "numeric",
                })
              : null}
          </div>
        </FieldGroup>

        <FieldGroup legend="Power of attorney">
          <label className="apply__check">
            <input
              type="checkbox"
              checked={draft.hasPowerOfAttorney}
              onChange={(e) => set("hasPowerOfAttorney", e.target.checked)}
            />{" "}
            Someone signs for the applicant under a power of attorney
          </label>
          {draft.hasPowerOfAttorney ? (
            <>
              {text("poaName", "Attorney-in-fact's full name", "powerOfAttorney.name", { required: true })}
              <div className="book-form__row">
                {text("poaPhone", "Their phone (optional)", "powerOfAttorney.phone", { type: "tel" })}
                {text("poaEmail", "Their e-mail (optional)", "powerOfAttorney.email", { type: "email" })}
              </div>
            </>
          ) : null}
        </FieldGroup>

        <FieldGroup legend="Signature">
          <p className="apply__consent">{SIGNATURE_CONSENT}</p>
          <label className="apply__check" data-field="signature.consentText">
            <input
              type="checkbox"
              aria-invalid={issues["signature.consentText"] ? true : undefined}
              aria-describedby={issues["signature.consentText"] ? "apply-consent-error" : undefined}
              checked={draft.consent}
              onChange={(e) => set("consent", e.target.checked)}
            />{" "}
            I agree
          </label>
          {issues["signature.consentText"] ? (
            <span className="book-field__error" id="apply-consent-error">
              {issues["signature.consentText"]}
            </span>
          ) : null}
          <TextInput
            label={
              draft.hasPowerOfAttorney
                ? "Type the attorney-in-fact's full name to sign"
                : type === "individual"
                  ? "Type your full name to sign"
                  : "Type your full name to sign for the business"
            }
            path="signature.typedName"
            required
            issues={issues}
            hint="The date and time of signing are added when you submit."
            autoComplete="on"
            value={draft.signatureName}
            onChange={(v) => set("signatureName", v)}
          />
        </FieldGroup>

        {hasIssues(issues) ? (
          <Alert tone="error" title="The application was not submitted">
            Correct the fields marked in red.
            {others.length > 0 ? (
              <ul>
                {others.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        <div className="book-form__actions">
          <Button type="submit">Submit application</Button>
          {/* Clearing wipes every answer: one stray tap on a phone must not do it. */}
          {confirmClear ? (
            <span className="apply__confirm" role="alert">
              <span>Clear every answer on this form?</span>
              <Button
                variant="secondary"
                onClick={() => {
                  clearDraft(type);
                  setIssues(NO_ISSUES);
                  setDraft(emptyDraft(type, orgId, newSubmissionId()));
                  setConfirmClear(false);
                }}
              >
                Yes, clear it
              </Button>
              <Button variant="ghost" onClick={() => setConfirmClear(false)}>
                Keep my answers
              </Button>
            </span>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmClear(true)}>
              Clear the form
            </Button>
          )}
        </div>
      </BookForm>
    </div>
  );
}
