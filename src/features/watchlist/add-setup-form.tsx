import { type FormEvent, useState } from "react";
import type { WatchSetup } from "../../../shared/documents/watchlist";
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
  const [error, setError] = useState<string | null>(null);
  const field =
    <K extends keyof SetupDraft>(key: K) =>
    (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = setupFromDraft(draft);
    if ("error" in result) {
      setError(result.error);
      return;
    }
    setError(null);
    onAdd(result.setup);
    setDraft((d) => ({ ...d, name: "" }));
  };

  return (
    <form className="watch-form" onSubmit={submit} aria-label="Add a setup">
      <h2 className="watch-form__title">Add a setup</h2>
      <label>
        <span>Name</span>
        <input value={draft.name} onChange={field("name")} />
      </label>
      <label>
        <span>Plan</span>
        <select value={draft.plan} onChange={field("plan")}>
          <option value="lrp">Livestock Risk Protection (LRP)</option>
          <option value="lgm">Livestock Gross Margin (LGM)</option>
        </select>
      </label>
      {draft.plan === "lrp" ? (
        <>
          <label>
            <span>Commodity</span>
            <select
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
          </label>
          <label>
            <span>Type</span>
            <select value={draft.lrpType} onChange={field("lrpType")}>
              {lrpTypeOptions(draft.lrpCommodity).map((t) => (
                <option key={t.code} value={t.code}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Endorsement length (weeks)</span>
            <select value={draft.weeks} onChange={field("weeks")}>
              {lengthOptions.map((weeks) => (
                <option key={weeks} value={String(weeks)}>
                  {weeks}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Coverage level</span>
            <input inputMode="decimal" value={draft.coverageLevel} onChange={field("coverageLevel")} />
          </label>
          <label>
            <span>Head</span>
            <input inputMode="numeric" value={draft.head} onChange={field("head")} />
          </label>
          <label>
            <span>Target weight (cwt)</span>
            <input inputMode="decimal" value={draft.targetWeightCwt} onChange={field("targetWeightCwt")} />
          </label>
        </>
      ) : (
        <>
          <label>
            <span>Type</span>
            <select
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
          </label>
          <label>
            <span>Target marketings by month of the insurance period</span>
            <input value={draft.marketings} onChange={field("marketings")} />
          </label>
          <label>
            <span>Deductible</span>
            <select value={draft.deductible} onChange={field("deductible")}>
              {deductibleOptions(draft.lgmType).map((step) => (
                <option key={step} value={step}>
                  {step}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit">Save to watchlist</Button>
    </form>
  );
}
