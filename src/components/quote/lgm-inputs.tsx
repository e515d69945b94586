import type { ReactNode } from "react";
import { LGM_COMMODITIES } from "../../../shared/catalogue/livestock";
import { formatMonth } from "../../lib/format";
import {
  commodityOf,
  deductibleSteps,
  formForCommodity,
  type LgmErrors,
  type LgmForm,
  lgmTypeOf,
  lgmTypesOf,
  splitMarketings,
  WEIGHT_PARAM,
} from "../../lib/pricing/lgm/lgm-form";
import { FarmerProviderFields } from "./farmer-provider-fields";
import { SelectField, TextField } from "./field";

export interface LgmInputsProps {
  form: LgmForm;
  update(patch: Partial<LgmForm>): void;
  errors: LgmErrors;
  months: readonly string[];
  /** Leave out the deductible (e.g. where it is chosen elsewhere). */
  showDeductible?: boolean;
  /** Leave out the farmer classification and provider (e.g. where a customer's profile sets them). */
  showFarmerProvider?: boolean;
  /** Inside the screen's own form (the LGM endorsement create form): a div, never a form in a form. */
  inForm?: boolean;
}

/** Livestock type, target marketings month by month, weights, deductible, farmer and provider. */
export function LgmInputs({
  form,
  update,
  errors,
  months,
  showDeductible = true,
  showFarmerProvider = true,
  inForm = false,
}: LgmInputsProps) {
  const commodity = commodityOf(form);
  const type = lgmTypeOf(form);
  const marketings = splitMarketings(form.m, months.length);
  const unit = commodity === "0847" ? "cwt" : "head";
  const setMonth = (i: number, value: string) => {
    const next = [...marketings];
    next[i] = value;
    update({ m: next.join(",") });
  };
  return (
    <LgmInputsRoot inForm={inForm}>
      <div className="quote-form">
        <SelectField
          label="Livestock type"
          name="commodity"
          value={form.commodity}
          error={errors.commodity}
          options={LGM_COMMODITIES.map((c) => ({ value: c.code, label: `${c.label} (${c.code})` }))}
          onChange={(value) => update(formForCommodity(value as typeof commodity))}
        />
        <SelectField
          label="Type"
          name="type"
          value={form.type}
          error={errors.type}
          options={lgmTypesOf(form.commodity).map((t) => ({
            value: t.code,
            label: `${t.typeLabel} (${t.code})`,
          }))}
          onChange={(value) => update({ type: value, lc: "", fc: "", corn: "", hog: "", sbm: "", milk: "" })}
        />
        {showDeductible ? (
          <SelectField
            label="Deductible"
            name="deductible"
            value={form.deductible}
            error={errors.deductible}
            hint={commodity === "0847" ? "Dollars per cwt of milk" : "Dollars per head"}
            options={deductibleSteps(commodity).map((d) => ({
              value: d,
              label: `$${commodity === "0847" ? Number(d).toFixed(2) : d}`,
            }))}
            onChange={(deductible) => update({ deductible })}
          />
        ) : null}
        {showFarmerProvider ? (
          <FarmerProviderFields plan="lgm" values={form} errors={errors} onChange={update} />
        ) : null}
      </div>

      <fieldset className="month-grid">
        <legend>
          Target marketings ({unit} per month, {months.length} months)
        </legend>
        {errors.m ? <p className="field__error">{errors.m}</p> : null}
        <div className="quote-form">
          {months.map((month, i) =>
            i === 0 ? (
              <TextField
                key={month}
                label={formatMonth(month)}
                name={`m.${i}`}
                value="0"
                hint="First month: not insurable"
                readOnly
                onChange={() => {}}
              />
            ) : (
              <TextField
                key={month}
                label={formatMonth(month)}
                name={`m.${i}`}
                inputMode="numeric"
                value={marketings[i]}
                error={errors[`m.${i}`]}
                onChange={(value) => setMonth(i, value)}
              />
            ),
          )}
        </div>
      </fieldset>

      {type ? (
        <fieldset className="month-grid">
          <legend>Weights per {commodity === "0847" ? "cwt of milk" : "head"}</legend>
          <div className="quote-form">
            {type.inputs.map((input) => {
              const param = WEIGHT_PARAM[input.commodity] as keyof LgmForm;
              const ranged = input.min !== undefined && input.max !== undefined;
              const fixed = !ranged && input.default !== null;
              return (
                <TextField
                  key={input.commodity}
                  label={input.label}
                  name={param}
                  suffix={input.unit}
                  value={
                    fixed ? (input.default ?? "") : form[param] === "" ? (input.default ?? "") : form[param]
                  }
                  readOnly={fixed}
                  error={errors[param]}
                  hint={
                    ranged
                      ? `${input.min} to ${input.max}, default ${input.default}`
                      : fixed
                        ? "Fixed by RMA for this type"
                        : "Your own figure (no default)"
                  }
                  onChange={(value) => update({ [param]: value === input.default ? "" : value })}
                />
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </LgmInputsRoot>
  );
}

function LgmInputsRoot({ inForm, children }: { inForm: boolean; children: ReactNode }) {
  return inForm ? (
    <div className="quote">{children}</div>
  ) : (
    <form className="quote" onSubmit={(e) => e.preventDefault()} noValidate>
      {children}
    </form>
  );
}
