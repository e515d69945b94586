import { FieldFrame, SelectField, TextField } from "../../components/quote/field";
import { formatDate, formatWeeks } from "../../lib/format";
import type { DeviceSceCheck } from "./device-sce-check";
import type { SceField, SceForm, SceLgmField, SceLgmForm } from "./sce-form";

// The create screens' parts for an endorsement bought on an earlier day (docs/agent-book.md "Bought on an earlier day"): the sales date
// (today by default, a past day allowed) and the figures typed from the SCE when the market history
// does not hold that day.

export function SalesDateField({
  value,
  max,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  /** The latest date allowed: today's offers' date. */
  max: string;
  onChange(value: string): void;
}) {
  return (
    <FieldFrame
      label="Sales date"
      error={error}
      hint="Today's by default. For an endorsement bought on an earlier day, the sales date printed on its SCE."
    >
      {({ input, describedBy, invalid }) => (
        <div className="field__control">
          <input
            id={input}
            name="sold"
            type="date"
            className="field__input"
            value={value}
            max={max}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        </div>
      )}
    </FieldFrame>
  );
}

export function SceLrpFields({
  form,
  lengths,
  pafHint,
  errors,
  onChange,
}: {
  form: SceForm;
  lengths: readonly number[];
  /** What an empty factor means for the chosen type. */
  pafHint?: string;
  errors: Partial<Record<SceField, string>>;
  onChange(patch: Partial<SceForm>): void;
}) {
  const text = (key: SceField, label: string, hint?: string, suffix?: string) => (
    <TextField
      label={label}
      name={`sce-${key}`}
      value={form[key]}
      error={errors[key]}
      {...(hint ? { hint } : {})}
      {...(suffix ? { suffix } : {})}
      onChange={(value) => onChange({ [key]: value })}
    />
  );
  return (
    <div className="quote-form" data-testid="sce-fields">
      <SelectField
        label="Endorsement length"
        name="sce-weeks"
        value={form.weeks}
        error={errors.weeks}
        options={[
          { value: "", label: "Choose…" },
          ...lengths.map((w) => ({ value: String(w), label: formatWeeks(w) })),
        ]}
        onChange={(weeks) => onChange({ weeks })}
      />
      {text("level", "Coverage level", "As on the SCE, e.g. 95 or 94.83", "%")}
      {text("coveragePrice", "Coverage price", undefined, "$/cwt")}
      {text("rate", "Rate", "RMA's livestock rate, e.g. 0.0312; or leave it and give the total premium")}
      {text("totalPremium", "Total premium", undefined, "$")}
      {text("subsidy", "Subsidy", undefined, "$")}
      {text("producerPremium", "Producer premium", "Optional: checked against total − subsidy", "$")}
      {text("endDate", "End date", "Optional (YYYY-MM-DD): the sales date + the weeks when left empty")}
      {text(
        "paf",
        "Price adjustment factor",
        pafHint ?? "Optional: as printed on the SCE; empty means the type's factor",
      )}
    </div>
  );
}

export function SceLgmFields({
  form,
  errors,
  onChange,
}: {
  form: SceLgmForm;
  errors: Partial<Record<SceLgmField, string>>;
  onChange(patch: Partial<SceLgmForm>): void;
}) {
  const text = (key: SceLgmField, label: string, hint?: string) => (
    <TextField
      label={label}
      name={`sce-${key}`}
      value={form[key]}
      error={errors[key]}
      suffix="$"
      {...(hint ? { hint } : {})}
      onChange={(value) => onChange({ [key]: value })}
    />
  );
  return (
    <div className="quote-form" data-testid="sce-fields">
      {text("expectedGrossMargin", "Expected gross margin")}
      {text(
        "grossMarginGuarantee",
        "Gross margin guarantee",
        "Optional: checked against margin − deductible × head",
      )}
      {text("totalPremium", "Total premium")}
      {text("subsidy", "Subsidy")}
      {text("producerPremium", "Producer premium", "Optional: checked against total − subsidy")}
    </div>
  );
}

/** Rule SCE1's check on the device, after "The figures agree": within RMA's bounds near a day, or left to the server. */
export function SceBoundsNote({ check }: { check: DeviceSceCheck | null }) {
  if (check?.status === "inside")
    return (
      <span data-testid="sce-bounds">
        {" "}
        Within RMA's bounds near the day (checked against the market data of {formatDate(check.reference)}).
      </span>
    );
  if (check?.status === "server")
    return (
      <span data-testid="sce-bounds">
        {" "}
        RMA's bounds cannot be checked here ({check.why}): the server checks the figures when the endorsement
        syncs and refuses them if they lie outside.
      </span>
    );
  return null;
}
