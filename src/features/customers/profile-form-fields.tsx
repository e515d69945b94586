import { FARMER_CLASSIFICATIONS, type InsurancePlan, providerNameForPlan } from "../../../shared/catalogue";
import { SMS_CONSENT_METHODS } from "../../../shared/documents/book";
import {
  AddressFields,
  Field,
  FieldGroup,
  type FieldIssues,
  type FormPresence,
  NO_ISSUES,
  NO_PRESENCE,
  providerOptions,
} from "../../components/book-forms";
import {
  type ProfileForm,
  type ProfileFormKey,
  SMS_CONSENT_METHOD_LABELS,
  type SmsConsentMethod,
} from "./profile-fields";

export interface ProfileFormFieldsProps {
  value: ProfileForm;
  onChange<K extends ProfileFormKey>(key: K, value: ProfileForm[K]): void;
  issues?: FieldIssues;
  presence?: FormPresence;
}

const PLANS: { plan: InsurancePlan; label: string }[] = [
  { plan: "lrp", label: "Preferred LRP provider" },
  { plan: "lgm", label: "Preferred LGM provider" },
];

/** The producer profile's fields: contact, address, farmer classification, SMS consent, providers. */
export function ProfileFormFields({
  value,
  onChange,
  issues = NO_ISSUES,
  presence = NO_PRESENCE,
}: ProfileFormFieldsProps) {
  const focus = (path: string) => ({
    onFocus: () => presence.focus(path),
    onBlur: () => presence.focus(null),
  });
  const text = (
    key: "name" | "email" | "mobilePhone",
    label: string,
    extra: Record<string, string> = {},
    hint?: string,
  ) => (
    <Field label={label} path={key} issues={issues} hint={hint} editors={presence.editorsAt(key)}>
      <input
        className="book-input"
        value={value[key]}
        onChange={(e) => onChange(key, e.target.value)}
        autoComplete="off"
        {...focus(key)}
        {...extra}
      />
    </Field>
  );
  const consent = value.smsConsent;
  return (
    <>
      {text("name", "Name")}
      <div className="book-form__row">
        {text("email", "E-mail", { type: "email", inputMode: "email" })}
        {text("mobilePhone", "Mobile phone", { type: "tel" }, "e.g. 555-123-4567 or +1 (555) 123-4567 x12")}
      </div>
      <FieldGroup legend="Address">
        <AddressFields
          value={value.address}
          onChange={(next) => onChange("address", next)}
          issues={issues}
          path="address"
          presence={presence}
        />
      </FieldGroup>
      <div className="book-form__row">
        <Field
          label="Farmer classification"
          path="farmerClassification"
          issues={issues}
          editors={presence.editorsAt("farmerClassification")}
        >
          <select
            className="book-input"
            value={value.farmerClassification}
            onChange={(e) =>
              onChange("farmerClassification", e.target.value as ProfileForm["farmerClassification"])
            }
            {...focus("farmerClassification")}
          >
            {FARMER_CLASSIFICATIONS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        {value.farmerClassification === "Beginning Farmer/Rancher" ? (
          <Field
            label="First year of farming"
            path="farmingSinceYear"
            issues={issues}
            hint="The year this producer began farming or ranching (subsidy for beginning farmers)."
            editors={presence.editorsAt("farmingSinceYear")}
          >
            <input
              className="book-input"
              inputMode="numeric"
              value={value.farmingSinceYear}
              onChange={(e) => onChange("farmingSinceYear", e.target.value)}
              {...focus("farmingSinceYear")}
            />
          </Field>
        ) : null}
      </div>
      <FieldGroup legend="Text messages (SMS)">
        <Field
          label="SMS consent"
          path="smsConsent"
          issues={issues}
          hint="Quote campaigns send text messages only to customers who consented."
          editors={presence.editorsAt("smsConsent")}
        >
          <select
            className="book-input"
            value={consent.status}
            onChange={(e) =>
              onChange("smsConsent", { ...consent, status: e.target.value as typeof consent.status })
            }
            {...focus("smsConsent")}
          >
            <option value="none">Not recorded</option>
            <option value="given">Given</option>
            <option value="withdrawn">Withdrawn</option>
          </select>
        </Field>
        {consent.status === "given" ? (
          <>
            <div className="book-form__row">
              <Field
                label="When consent was given"
                path="smsConsent.at"
                issues={issues}
                editors={presence.editorsAt("smsConsent.at")}
              >
                <input
                  className="book-input"
                  type="datetime-local"
                  value={consent.at}
                  onChange={(e) => onChange("smsConsent", { ...consent, at: e.target.value })}
                  {...focus("smsConsent.at")}
                />
              </Field>
              <Field
                label="How consent was given"
                path="smsConsent.method"
                issues={issues}
                editors={presence.editorsAt("smsConsent.method")}
              >
                <select
                  className="book-input"
                  value={consent.method}
                  onChange={(e) =>
                    onChange("smsConsent", { ...consent, method: e.target.value as SmsConsentMethod })
                  }
                  {...focus("smsConsent.method")}
                >
                  {SMS_CONSENT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {SMS_CONSENT_METHOD_LABELS[m]}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field
              label="Consent note (optional)"
              path="smsConsent.note"
              issues={issues}
              editors={presence.editorsAt("smsConsent.note")}
            >
              <input
                className="book-input"
                value={consent.note}
                onChange={(e) => onChange("smsConsent", { ...consent, note: e.target.value })}
                {...focus("smsConsent.note")}
              />
            </Field>
          </>
        ) : null}
      </FieldGroup>
      <div className="book-form__row">
        {PLANS.map(({ plan, label }) => {
          const path = `preferredProviders.${plan}`;
          return (
            <Field key={plan} label={label} path={path} issues={issues} editors={presence.editorsAt(path)}>
              <select
                className="book-input"
                value={value.preferredProviders[plan]}
                onChange={(e) =>
                  onChange("preferredProviders", { ...value.preferredProviders, [plan]: e.target.value })
                }
                {...focus(path)}
              >
                <option value="">Default ({providerNameForPlan([], plan)})</option>
                {providerOptions(plan).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </Field>
          );
        })}
      </div>
    </>
  );
}
