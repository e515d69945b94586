import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { STATUS_LABELS } from "../../../shared/book/status";
import { FilterSelect, PLAN_FILTER_OPTIONS } from "./filter-select";

// A list page's filters live in the address (`?plan=lrp&status=active&year=2027`), so a filtered list
// can be bookmarked and shared; an empty filter is left out of it.

export function useUrlFilters<K extends string>(
  keys: readonly K[],
): [Readonly<Record<K, string>>, (key: K, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const joined = keys.map((k) => `${k}=${params.get(k) ?? ""}`).join("&");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' text is the key
  const values = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>,
    [joined],
  );
  const set = useCallback(
    (key: K, value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [values, set];
}

export type PlanFilterKey = "plan" | "status" | "year" | "provider";

export interface PlanFiltersProps {
  values: Readonly<Record<PlanFilterKey, string>>;
  set(key: PlanFilterKey, value: string): void;
  /** The record's statuses, in their order. */
  statuses: readonly string[];
  /** The crop years and providers the book has. */
  choices: { cropYears: readonly number[]; providers: readonly { id: string; name: string }[] };
}

/** Plan, status, crop year and provider: the filters of the policy and coverage lists. */
export function PlanFilters({ values, set, statuses, choices }: PlanFiltersProps) {
  return (
    <>
      <FilterSelect
        label="Plan"
        value={values.plan}
        onChange={(v) => set("plan", v)}
        allLabel="All plans"
        options={PLAN_FILTER_OPTIONS}
      />
      <FilterSelect
        label="Status"
        value={values.status}
        onChange={(v) => set("status", v)}
        allLabel="All statuses"
        options={statuses.map((s) => ({
          value: s,
          label: STATUS_LABELS[s as keyof typeof STATUS_LABELS] ?? s,
        }))}
      />
      <FilterSelect
        label="Crop year"
        value={values.year}
        onChange={(v) => set("year", v)}
        allLabel="All years"
        options={choices.cropYears.map((y) => ({ value: String(y), label: String(y) }))}
      />
      <FilterSelect
        label="Provider"
        value={values.provider}
        onChange={(v) => set("provider", v)}
        allLabel="All providers"
        options={choices.providers.map((p) => ({ value: p.id, label: p.name }))}
      />
    </>
  );
}
