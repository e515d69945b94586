import { LRP_COMMODITIES } from "../../../shared/catalogue/livestock";
import { formatWeeks } from "../../lib/format";
import { SelectField, TextField } from "./field";
import { defaultWeightFor, type LrpField, type LrpForm, typesOf } from "./lrp-form";

// The LRP herd inputs and the offer table's filters, shared by the LRP quote screen and the agent's
// LRP coverage create screen (one form, one set of labels and hints). Light on purpose: the first LRP
// quote screen loads this, so nothing here may import zod, the book or agent code.

type HerdForm = Pick<LrpForm, "commodity" | "type" | "head" | "weight" | "share">;

export interface LrpHerdFieldsProps {
  form: HerdForm;
  errors: Partial<Record<LrpField, string>>;
  /** A change of the form; a new commodity or type also clears the chosen row. */
  onChange(patch: Partial<LrpForm>): void;
}

/** Commodity, type, head, target weight (with the type's range) and share. */
export function LrpHerdFields({ form, errors, onChange }: LrpHerdFieldsProps) {
  const types = typesOf(form.commodity);
  const type = types.find((t) => t.code === form.type);
  return (
    <>
      <SelectField
        label="Commodity"
        name="commodity"
        value={form.commodity}
        error={errors.commodity}
        options={LRP_COMMODITIES.map((c) => ({ value: c.code, label: c.label }))}
        onChange={(value) => {
          const first = typesOf(value)[0]?.code ?? "";
          onChange({ commodity: value, type: first, weight: defaultWeightFor(value, first), row: "" });
        }}
      />
      <SelectField
        label="Type"
        name="type"
        value={form.type}
        error={errors.type}
        options={types.map((t) => ({ value: t.code, label: `${t.label} (${t.code})` }))}
        onChange={(value) => {
          // The weight typed stays when it is inside the new type's range.
          const t = types.find((x) => x.code === value);
          const w = Number(form.weight);
          const inRange = t && w >= Number(t.targetWeightCwt.min) && w <= Number(t.targetWeightCwt.max);
          onChange({
            type: value,
            ...(inRange ? {} : { weight: defaultWeightFor(form.commodity, value) }),
            row: "",
          });
        }}
      />
      <TextField
        label="Head"
        name="head"
        inputMode="numeric"
        value={form.head}
        error={errors.head}
        onChange={(head) => onChange({ head })}
      />
      <TextField
        label="Target weight"
        name="weight"
        suffix="cwt/head"
        value={form.weight}
        error={errors.weight}
        hint={
          type
            ? `${type.targetWeightCwt.min} to ${type.targetWeightCwt.max} cwt for ${type.label}`
            : undefined
        }
        onChange={(weight) => onChange({ weight })}
      />
      <TextField
        label="Share"
        name="share"
        suffix="%"
        value={form.share}
        error={errors.share}
        onChange={(share) => onChange({ share })}
      />
    </>
  );
}

const LEVEL_FILTERS = ["all", "0.75", "0.8", "0.85", "0.9", "0.95"];

export interface LrpOfferFiltersProps {
  form: Pick<LrpForm, "weeks" | "level">;
  /** The endorsement lengths the day offers. */
  lengths: readonly number[];
  onChange(patch: Partial<Pick<LrpForm, "weeks" | "level">>): void;
}

/** The offer table's filters: endorsement length and lowest coverage level. */
export function LrpOfferFilters({ form, lengths, onChange }: LrpOfferFiltersProps) {
  return (
    <>
      <SelectField
        label="Endorsement length"
        name="weeks"
        value={form.weeks}
        options={[
          { value: "all", label: "All lengths" },
          ...lengths.map((w) => ({ value: String(w), label: formatWeeks(w) })),
        ]}
        onChange={(weeks) => onChange({ weeks })}
      />
      <SelectField
        label="Lowest coverage level"
        name="level"
        value={form.level}
        options={LEVEL_FILTERS.map((l) => ({
          value: l,
          label: l === "all" ? "All levels" : `${Math.round(Number(l) * 100)}% and above`,
        }))}
        onChange={(level) => onChange({ level })}
      />
    </>
  );
}
