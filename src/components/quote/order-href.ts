/**
 * The LRP coverage create screen's link with a quote's inputs and chosen row (empty values left out),
 * e.g. orderHref({ head: "130", row: "13-0.95" }) → "/agent/coverages/lrp/create?head=130&row=13-0.95".
 */
export function orderHref(inputs: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(Object.entries(inputs).filter(([, v]) => v !== ""));
  const text = query.toString();
  return `/agent/coverages/lrp/create${text ? `?${text}` : ""}`;
}
