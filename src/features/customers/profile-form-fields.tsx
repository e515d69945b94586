import { orgDefaultProviderId } from "../../../shared/admin/aip-providers";
import {
  FARMER_CLASSIFICATIONS,
  getInsuranceProvider,
  INSURANCE_PROVIDER_NAME_BY_ID,
  type InsurancePlan,
} from "../../../shared/catalogue";
import { SMS_CONSENT_METHODS } from "../../../shared/documents/book";
import {
  AddressFields,
  FieldGroup,
  type FieldIssues,
  type FormPresence,
  type FormTexts,
  NO_ISSUES,
  NO_PRESENCE,
  providerOptions,
  SelectInput,
  SharedTextField,
  TextInput,
  type TextInputProps,
} from "../../components/book-forms";
import { useOrgAip } from "../../components/org-providers/use-org-aip";
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
  /**
   * The profile's shared texts when it is co-edited live (docs/sync-rules.md TEXT1): Name and the address's street,
   * line 2 and city are bound to them, and onChange is not called for those.
   */
  texts?: FormTexts;
}

const CLASSIFICATION_OPTIONS = FARMER_CLASSIFICATIONS.map((c) => ({ value: c, label: c }));
const CONSENT_STATUS_OPTIONS = [
  { value: "none", label: "Not recorded" },
  { value: "given", label: "Given" },
  { value: "withdrawn", label: "Withdrawn" },
];
const CONSENT_METHOD_OPTIONS = SMS_CONSENT_METHODS.map((m) => ({
  value: m,
  label: SMS_CONSENT_METHOD_LABELS[m],
}));

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
  texts,
}: ProfileFormFieldsProps) {
  const text = (
    key: "name" | "email" | "mobilePhone",
    label: string,
    extra: Pick<TextInputProps, "type" | "inputMode" | "hint" | "required"> = {},
  ) => (
    <TextInput
      label={label}
      path={key}
      issues={issues}
      presence={presence}
      value={value[key]}
      onChange={(text) => onChange(key, text)}
      {...extra}
    />
  );
  const bound = { issues, presence };
  // The organisation's providers (its AIP settings), and the one already chosen if it is not among them.
  const aip = useOrgAip();
  const preferredOptions = (plan: InsurancePlan) => {
    const options = providerOptions(plan, aip);
    const current = value.preferredProviders[plan];
    return !current || options.some((o) => o.value === current)
      ? options
      : [...options, { value: current, label: getInsuranceProvider(current)?.name ?? current }];
  };
  const consent = value.smsConsent;
  return (
    <>
      {texts ? (
        <SharedTextField
          label="Name"
          path="name"
          issues={issues}
          presence={presence}
          required
          shared={texts("name")}
          fallback={value.name}
        />
      ) : (
        text("name", "Name", { required: true })
      )}
      <div className="book-form__row">
        {text("email", "E-mail", { type: "email", inputMode: "email" })}
        {text("mobilePhone", "Mobile phone", {
          type: "tel",
          hint: "e.g. 555-123-4567 or +1 (555) 123-4567 x12",
        })}
      </div>
      <FieldGroup legend="Address">
        <AddressFields
          value={value.address}
          onChange={(next) => onChange("address", next)}
          issues={issues}
          path="address"
          presence={presence}
          texts={texts}
        />
      </FieldGroup>
      <div className="book-form__row">
        <SelectInput
          label="Farmer classification"
          path="farmerClassification"
          {...bound}
          value={value.farmerClassification}
          onChange={(c) => onChange("farmerClassification", c as ProfileForm["farmerClassification"])}
          options={CLASSIFICATION_OPTIONS}
        />
        {value.farmerClassification === "Beginning Farmer/Rancher" ? (
          <TextInput
            label="First year of farming"
            path="farmingSinceYear"
            {...bound}
            hint="The year this producer began farming or ranching (subsidy for beginning farmers)."
            inputMode="numeric"
            value={value.farmingSinceYear}
            onChange={(year) => onChange("farmingSinceYear", year)}
          />
        ) : null}
      </div>
      <FieldGroup legend="Text messages (SMS)">
        <SelectInput
          label="SMS consent"
          path="smsConsent"
          {...bound}
          hint="Quote campaigns send text messages only to customers who consented."
          value={consent.status}
          onChange={(status) =>
            onChange("smsConsent", { ...consent, status: status as typeof consent.status })
          }
          options={CONSENT_STATUS_OPTIONS}
        />
        {consent.status === "given" ? (
          <>
            <div className="book-form__row">
              <TextInput
                label="When consent was given"
                path="smsConsent.at"
                {...bound}
                type="datetime-local"
                value={consent.at}
                onChange={(at) => onChange("smsConsent", { ...consent, at })}
              />
              <SelectInput
                label="How consent was given"
                path="smsConsent.method"
                {...bound}
                value={consent.method}
                onChange={(method) =>
                  onChange("smsConsent", { ...consent, method: method as SmsConsentMethod })
                }
                options={CONSENT_METHOD_OPTIONS}
              />
            </div>
            <TextInput
              label="Consent note (optional)"
              path="smsConsent.note"
              {...bound}
              value={consent.note}
              onChange={(note) => onChange("smsConsent", { ...consent, note })}
            />
          </>
        ) : null}
      </FieldGroup>
      <div className="book-form__row">
        {PLANS.map(({ plan, label }) => {
          const path = `preferredProviders.${plan}`;
          return (
            <SelectInput
              key={plan}
              label={label}
              path={path}
              {...bound}
              value={value.preferredProviders[plan]}
              onChange={(id) => onChange("preferredProviders", { ...value.preferredProviders, [plan]: id })}
              options={preferredOptions(plan)}
              placeholder={`Default (${INSURANCE_PROVIDER_NAME_BY_ID[orgDefaultProviderId(aip, plan)]})`}
            />
          );
        })}
      </div>
    </>
  );
}
