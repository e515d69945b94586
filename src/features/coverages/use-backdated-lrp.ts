import { useMemo, useState } from "react";
import {
  type BackdatedLrpInput,
  type BackdatedResult,
  backdatedCoverage,
  backdatedStatus,
} from "../../../shared/book/sce-backdated";
import { getLrpType } from "../../../shared/catalogue/lrp-types";
import type { Coverage, CustomerProfile, Policy } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { LrpQuoteInput } from "../../../shared/pricing/lrp/input";
import { type LrpCoverageRow, quoteLrp } from "../../../shared/pricing/lrp/quote";
import { lrpTypeTerms } from "../../../shared/pricing/lrp/type-years";
import { type DeviceSceCheck, deviceSceCheck, withDeviceCheck } from "./device-sce-check";
import type { Herd } from "./lrp-create-form";
import {
  buildSce,
  SCE_FORM_DEFAULTS,
  type SceField,
  type SceForm,
  sceFieldOf,
  withoutPath,
} from "./sce-form";
import { type DaySnapshot, useDaySnapshot } from "./use-day-snapshot";
import { useHeldSnapshots } from "./use-held-snapshots";

// The LRP create screen's past sales date (docs/agent-book.md "Bought on an earlier day"): the day's snapshot from the market history
// and its offer table (priced here, on that snapshot: the worker holds today's), or, when the history
// does not hold the day, the SCE's typed figures checked as the agent types (backdatedCoverage, the
// same call the save and the book import make) and against RMA's bounds near the day with the snapshots
// the device holds (rule SCE1, the server's check: device-sce-check.ts).

export interface BackdatedLrp {
  day: DaySnapshot;
  /** The day's offer table when the history holds it. */
  offers: LrpCoverageRow[];
  offersError: string | null;
  /** True when the SCE's figures are to be typed. */
  sceMode: boolean;
  sce: SceForm;
  setSce(patch: Partial<SceForm>): void;
  sceErrors: Partial<Record<SceField, string>>;
  /** The check of the typed figures once they are all there (a refusal not at an SCE field included). */
  check: BackdatedResult | null;
  /** SCE1 on the device: the figures against RMA's bounds near the day (device-sce-check.ts), once they agree. */
  bounds: DeviceSceCheck | null;
  /** The snapshots near the day are still being read: the bounds may yet change. */
  boundsLooking: boolean;
  lengths: readonly number[];
}

export interface BackdatedContext {
  pastDate: string | null;
  input: LrpQuoteInput | null;
  herd: Herd | null;
  policy: Policy | undefined;
  profile: Pick<CustomerProfile, "farmerClassification" | "farmingSinceYear"> | undefined;
  coverages: readonly Coverage[];
  showAll: boolean;
}

/** The builder's input for the screen's choices (the id and clock are the save's). */
export function backdatedInput(
  ctx: BackdatedContext,
  offer: { endorsementLengthWeeks: number; coverageLevel: number },
  extra: Pick<BackdatedLrpInput, "id" | "now" | "userId"> &
    Partial<Pick<BackdatedLrpInput, "forwardPurchase">>,
): BackdatedLrpInput | null {
  const { pastDate, input, herd, policy, profile } = ctx;
  if (!pastDate || !input || !herd || !policy) return null;
  return {
    plan: "lrp",
    salesDate: pastDate,
    commodity: input.commodity,
    type: input.type,
    ...offer,
    head: herd.head,
    targetWeightCwt: herd.targetWeightCwt,
    share: herd.share,
    profile: {
      farmerClassification: profile?.farmerClassification ?? "Neither",
      ...(profile?.farmingSinceYear !== undefined ? { farmingSinceYear: profile.farmingSinceYear } : {}),
    },
    policy,
    existingCoverages: ctx.coverages,
    ...extra,
  };
}

export function useBackdatedLrp(ctx: BackdatedContext): BackdatedLrp {
  const day = useDaySnapshot(ctx.pastDate);
  const [sce, setSceState] = useState<SceForm>(SCE_FORM_DEFAULTS);
  const setSce = (patch: Partial<SceForm>) => setSceState((s) => ({ ...s, ...patch }));
  const held = day.status === "held" ? day.snapshot : null;
  const inputKey = ctx.input ? JSON.stringify(ctx.input) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the input's key stands for it
  const priced = useMemo(() => {
    if (!held || !ctx.input) return { offers: [] as LrpCoverageRow[], error: null };
    try {
      return { offers: quoteLrp(ctx.input, held, { all: true }).offers ?? [], error: null };
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      return { offers: [] as LrpCoverageRow[], error: e.message };
    }
  }, [held, inputKey]);
  // A held day without RMA's rates for this type (no rows, or only modelled ones): typed from the SCE too.
  const sceMode =
    day.status === "missing" ||
    (day.status === "held" && (priced.error !== null || priced.offers.every((r) => r.indicative)));
  const lengths = useMemo(() => {
    if (!ctx.input) return [] as number[];
    try {
      return lrpTypeTerms(getLrpType(ctx.input.commodity, ctx.input.type), ctx.input.cropYear).lengthsWeeks;
    } catch {
      return [] as number[];
    }
  }, [ctx.input]);

  const near = useHeldSnapshots(sceMode ? ctx.pastDate : null);
  const built = buildSce(sce);
  let check: BackdatedResult | null = null;
  let bounds: DeviceSceCheck | null = null;
  const sceErrors: Partial<Record<SceField, string>> = {};
  if (sceMode && built.ok) {
    const input = backdatedInput(
      ctx,
      { endorsementLengthWeeks: built.endorsementLengthWeeks, coverageLevel: built.coverageLevel },
      { id: "new-lrp-coverage", now: new Date(), userId: "check" },
    );
    if (input) {
      const made = backdatedCoverage(input, null, built.figures);
      bounds = made.ok ? deviceSceCheck(made.record, ctx.profile, [held, ...near.snapshots]) : null;
      check = withDeviceCheck(made, bounds);
      if (!check.ok) {
        const at = sceFieldOf(check.field);
        if (at) sceErrors[at] = withoutPath(check.message, check.field);
      }
    }
  } else if (sceMode && !built.ok && ctx.showAll) Object.assign(sceErrors, built.errors);
  return {
    day,
    offers: priced.offers,
    offersError: priced.error,
    sceMode,
    sce,
    setSce,
    sceErrors,
    check,
    bounds,
    boundsLooking: near.looking,
    lengths,
  };
}

/** "Accepted" or "Ended": the status a past endorsement is saved with. */
export const savedStatusLabel = (endDate: string | undefined, now: Date): string =>
  endDate && backdatedStatus(endDate, now) === "ended" ? "Ended" : "Accepted";
