import Decimal from "decimal.js";
import { LGM_DEDUCTIBLE_STEPS } from "../../../shared/catalogue/lgm-deductibles";
import type { LgmCommodityCode } from "../../../shared/catalogue/livestock";
import { formatDollars } from "../../lib/format";

// Where an LGM deductible sits among the spec's §9 deductible steps of its commodity (0 up to the
// largest), and — when the curve's premiums are at hand (the create screen) — what each step costs.

export const deductibleUnit = (commodity: string): string => (commodity === "0847" ? "cwt" : "head");

export const formatDeductible = (value: string | number, commodity: string): string =>
  `${formatDollars(value, commodity === "0847" ? { cents: true } : {})}/${deductibleUnit(commodity)}`;

/** The step's index among the commodity's steps (equal as decimals), or -1. */
export function deductibleStepIndex(commodity: string, deductible: string | number): number {
  const steps = LGM_DEDUCTIBLE_STEPS[commodity as LgmCommodityCode] ?? [];
  const d = new Decimal(deductible);
  return steps.findIndex((s) => d.eq(s));
}

export interface CurvePoint {
  deductible: number;
  producerPremium: number;
}

export function DeductiblePosition({
  commodity,
  deductible,
  curve,
}: {
  commodity: string;
  deductible: string | number;
  /** Producer premium per deductible (the create screen's quote); omitted on a stored record. */
  curve?: readonly CurvePoint[];
}) {
  const steps = LGM_DEDUCTIBLE_STEPS[commodity as LgmCommodityCode] ?? [];
  const index = deductibleStepIndex(commodity, deductible);
  const first = steps[0];
  const last = steps[steps.length - 1];
  const premiumOf = (step: string) => curve?.find((p) => new Decimal(p.deductible).eq(step))?.producerPremium;
  return (
    <div className="deductible-position" data-testid="deductible-position">
      <p>
        {index >= 0 ? (
          <>
            Deductible <strong>{formatDeductible(deductible, commodity)}</strong>: step {index + 1} of{" "}
            {steps.length} (from {formatDeductible(first ?? "0", commodity)} to{" "}
            {formatDeductible(last ?? "0", commodity)}).
          </>
        ) : (
          <>
            Deductible <strong>{formatDeductible(deductible, commodity)}</strong> is not one of the{" "}
            {steps.length} steps of this livestock type.
          </>
        )}{" "}
        A higher deductible lowers the guarantee and the premium.
      </p>
      <ol className="deductible-position__steps" aria-label="Deductible steps">
        {steps.map((step, i) => {
          const premium = premiumOf(step);
          return (
            <li key={step} aria-current={i === index ? "step" : undefined}>
              <span className="deductible-position__value">
                {formatDollars(step, commodity === "0847" ? { cents: true } : {})}
              </span>
              {premium !== undefined ? (
                <span className="deductible-position__premium">{formatDollars(premium)}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {curve ? <p className="note">Under each deductible: the producer premium at that deductible.</p> : null}
    </div>
  );
}
