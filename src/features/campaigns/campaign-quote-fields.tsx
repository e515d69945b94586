import { useState } from "react";
import { LGM_COMMODITIES, LRP_COMMODITIES } from "../../../shared/catalogue/livestock";
import { lrpTypesFor } from "../../../shared/catalogue/lrp-types";
import type { Campaign } from "../../../shared/documents/campaign";
import { type FieldIssues, SelectInput, TextInput, type TextInputProps } from "../../components/book-forms";
import { defaultWeightFor } from "../../components/quote/lrp-form";
import { lgmTypesOf } from "../../lib/pricing/lgm/lgm-form";

// The quote a campaign sends (docs/first-day.md): the same labelled selects and inputs as the book's forms,
// commodity and type by name (never typed codes), each with the schema's message at its field.

type Quote = Campaign["campaign"]["quote"];

const numbers = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
/** A typed number; blank or not a number is 0, which the schema refuses where 0 is not allowed. */
const number = (text: string): number => {
  const n = Number(text.trim());
  return Number.isFinite(n) ? n : 0;
};

/**
 * A text input for a number or a list of numbers: it keeps what is typed ("13, " or "") while the quote
 * gets the parsed value, so the field never rewrites itself under the cursor.
 */
function TypedInput(props: TextInputProps) {
  const [text, setText] = useState(props.value);
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(next) => {
        setText(next);
        props.onChange(next);
      }}
    />
  );
}

/** The LGM quote a campaign starts from when the plan is switched to LGM. */
export const defaultLgmCampaignQuote = (): Quote => ({
  plan: "lgm",
  commodity: "0803",
  type: "808",
  targetMarketings: [0, 0, 50, 50],
  deductible: 0,
});

/** A quote for another commodity: its first type, and (LRP) a target weight inside that type's range. */
export function withCommodity(q: Quote, commodity: string): Quote {
  if (q.plan === "lgm") return { ...q, commodity, type: lgmTypesOf(commodity)[0]?.code ?? "" };
  const type = lrpTypesFor(commodity)[0]?.code ?? "";
  return {
    ...q,
    commodity,
    type,
    targetWeightCwt: Number(defaultWeightFor(commodity, type)) || q.targetWeightCwt,
  };
}

export interface CampaignQuoteFieldsProps {
  quote: Quote;
  issues: FieldIssues;
  onChange(quote: Quote): void;
}

export function CampaignQuoteFields({ quote: q, issues, onChange }: CampaignQuoteFieldsProps) {
  const at = { issues };
  const path = (key: string) => `campaign.quote.${key}`;
  const set = (patch: Record<string, unknown>) => onChange({ ...q, ...patch } as Quote);
  const commodities = q.plan === "lrp" ? LRP_COMMODITIES : LGM_COMMODITIES;
  const types =
    q.plan === "lrp"
      ? lrpTypesFor(q.commodity).map((t) => ({ value: t.code, label: t.label }))
      : lgmTypesOf(q.commodity).map((t) => ({ value: t.code, label: t.label }));
  return (
    <>
      <div className="book-form__row">
        <SelectInput
          label="Commodity"
          path={path("commodity")}
          {...at}
          value={q.commodity}
          options={commodities.map((c) => ({ value: c.code, label: c.label }))}
          onChange={(commodity) => onChange(withCommodity(q, commodity))}
        />
        <SelectInput
          label="Type"
          path={path("type")}
          {...at}
          value={q.type}
          options={types}
          onChange={(type) =>
            set(
              q.plan === "lrp"
                ? { type, targetWeightCwt: Number(defaultWeightFor(q.commodity, type)) || q.targetWeightCwt }
                : { type },
            )
          }
        />
      </div>
      {q.plan === "lrp" ? (
        <>
          <div className="book-form__row">
            <TypedInput
              label="Endorsement lengths (weeks)"
              hint="One or more, separated by commas, e.g. 13, 21"
              path={path("endorsementLengthsWeeks")}
              {...at}
              value={q.endorsementLengthsWeeks.join(", ")}
              onChange={(text) => set({ endorsementLengthsWeeks: numbers(text) })}
            />
            <TypedInput
              label="Head"
              inputMode="numeric"
              path={path("head")}
              {...at}
              value={String(q.head)}
              onChange={(text) => set({ head: number(text) })}
            />
            <TypedInput
              label="Target weight (cwt)"
              inputMode="decimal"
              path={path("targetWeightCwt")}
              {...at}
              value={String(q.targetWeightCwt)}
              onChange={(text) => set({ targetWeightCwt: number(text) })}
            />
          </div>
          <SelectInput
            label="Levels"
            path={path("levelSelection")}
            {...at}
            value={q.levelSelection}
            options={[
              { value: "TOP", label: "Top Level" },
              { value: "ALL", label: "All Levels" },
            ]}
            onChange={(levelSelection) => set({ levelSelection })}
          />
        </>
      ) : (
        <div className="book-form__row">
          <TypedInput
            label="Target marketings per month"
            hint="One number per month of the insurance period, separated by commas"
            path={path("targetMarketings")}
            {...at}
            value={q.targetMarketings.join(", ")}
            onChange={(text) => set({ targetMarketings: numbers(text) })}
          />
          <TypedInput
            label="Deductible ($ per unit)"
            inputMode="decimal"
            path={path("deductible")}
            {...at}
            value={String(q.deductible)}
            onChange={(text) => set({ deductible: number(text) })}
          />
        </div>
      )}
    </>
  );
}
