/**
 * The coverage create screen's link (LRP, or LGM with `plan`) with a quote's inputs and chosen row (empty values left out),
 * e.g. orderHref({ head: "130", row: "13-0.95" }) → "/agent/coverages/lrp/create?head=130&row=13-0.95".
 */
export function orderHref(inputs: Readonly<Record<string, string>>, plan: "lrp" | "lgm" = "lrp"): string {
  const query = new URLSearchParams(Object.entries(inputs).filter(([, v]) => v !== ""));
  const text = query.toString();
  return `/agent/coverages/${plan}/create${text ? `?${text}` : ""}`;
}
