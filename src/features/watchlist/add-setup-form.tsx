import { type FormEvent, useState } from "react";
import type { WatchSetup } from "../../../shared/documents/watchlist";
import { BookForm, Field, RequiredNote } from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  DEFAULT_DRAFT,
  deductibleOptions,
  lengthOptions,
  lgmTypeOptions,
  lrpCommodityOptions,
  lrpTypeOptions,
  type SetupDraft,
  setupFromDraft,
} from "./setup-form-model";

/** Adds a setup by hand: plan, commodity and type, and the plan's choices. */
export function AddSetupForm({ onAdd }: { onAdd(setup: Omit<WatchSetup, "id">): void }) {
  const [draft, setDraft] = useState<SetupDraft>(DEFAULT_DRAFT);
  const [error, setError] = useState<{ path: string; message: string; summary: string } | null>(null);
  /** The message of the field at the schema's `path`, if the last save stopped there. */
  const at = (path: string) => (error?.path === path ? error.message : undefined);
  const field =
    <K extends keyof SetupDraft>(key: K) =>
    (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = setupFromDraft(draft);
    if ("error" in result) {
      setError({ path: result.path, message: result.message, summary: result.error });
      return;
    }
    setError(null);
    onAdd(result.setup);
    setDraft((d) => ({ ...d, name: "" }));
  };

  return (
    <BookForm className="watch-form" onSubmit={submit} requiredNote={false} aria-label="Add a setup">
      <h2 className="watch-form__title">Add a setup</h2>
      <RequiredNote />
      <Field label="Name" error={at("name")} required>
        <input className="book-input" value={draft.name} onChange={field("name")} />
      </Field>
      <Field label="Plan" error={at("plan")} required>
        <select className="book-input" value={draft.plan} onChange={field("plan")}>
          <option value="lrp">Livestock Risk Protection (LRP)</option>
          <option value="lgm">Livestock Gross Margin (LGM)</option>
        </select>
      </Field>
      {draft.plan === "lrp" ? (
        <>
          <Field label="Commodity" error={at("commodity")} required>
            <select
              className="book-input"
              value={draft.lrpCommodity}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  lrpCommodity: e.target.value,
                  lrpType: lrpTypeOptions(e.target.value)[0]?.code ?? "",
                }))
              }
            >
              {lrpCommodityOptions.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Type" error={at("type")} required>
            <select className="book-input" value={draft.lrpType} onChange={field("lrpType")}>
              {lrpTypeOptions(draft.lrpCommodity).map((t) => (
                <option key={t.code} value={t.code}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Endorsement length (weeks)" error={at("endorsementLengthWeeks")} required>
            <select className="book-input" value={draft.weeks} onChange={field("weeks")}>
              {lengthOptions.map((weeks) => (
                <option key={weeks} value={String(weeks)}>
                  {weeks}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Coverage level (%)" error={at("coverageLevel")} required>
            <input
              className="book-input"
              inputMode="decimal"
              value={draft.coverageLevel}
              onChange={field("coverageLevel")}
            />
          </Field>
          <Field label="Head" error={at("head")} required>
            <input className="book-input" inputMode="numeric" value={draft.head} onChange={field("head")} />
          </Field>
          <Field label="Target weight (cwt)" error={at("targetWeightCwt")} required>
            <input
              className="book-input"
              inputMode="decimal"
              value={draft.targetWeightCwt}
              onChange={field("targetWeightCwt")}
            />
          </Field>
        </>
      ) : (
        <>
          <Field label="Type" error={at("type")} required>
            <select
              className="book-input"
              value={draft.lgmType}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  lgmType: e.target.value,
                  deductible: deductibleOptions(e.target.value)[0] ?? "0",
                }))
              }
            >
              {lgmTypeOptions.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Target marketings by month of the insurance period"
            error={at("targetMarketings")}
            required
          >
            <input className="book-input" value={draft.marketings} onChange={field("marketings")} />
          </Field>
          <Field label="Deductible" error={at("deductible")} required>
            <select className="book-input" value={draft.deductible} onChange={field("deductible")}>
              {deductibleOptions(draft.lgmType).map((step) => (
                <option key={step} value={step}>
                  {step}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
      {error ? <Alert tone="error">{error.summary}</Alert> : null}
      <Button type="submit">Save to watchlist</Button>
    </BookForm>
  );
}
