import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { latestForwardDelivery } from "../../../shared/book/forward-purchase";
import { formatDate } from "../../lib/format";
import { ForwardPurchaseField } from "./forward-purchase-field";

// docs/first-day.md: the CY2027 forward-purchase question says at the question what is missing, and a
// delivery date too late for the chosen row's end date is marked at its field before saving.

const render = (answer: boolean | undefined, deliveryDate: string) =>
  renderToString(
    <ForwardPurchaseField value={{ answer, deliveryDate }} endDate="2027-06-30" onChange={() => {}} />,
  ).replace(/<!-- -->/g, "");

describe("the forward-purchase question", () => {
  it("unanswered: the question is described by a hint that says it must be answered", () => {
    const html = render(undefined, "");
    expect(html).toContain('aria-describedby="forward-purchase-hint"');
    expect(html).toContain("Answer yes or no: this coverage cannot be saved without it.");
  });

  it("a delivery after the last allowed day is marked invalid at its field with that day", () => {
    const latest = latestForwardDelivery("2027-06-30");
    const late = render(true, "2027-06-01");
    expect(late).toContain('aria-invalid="true"');
    expect(late).toContain(`Enter a delivery date on or before ${formatDate(latest)}`);
    const inTime = render(true, latest);
    expect(inTime).not.toContain("aria-invalid");
    expect(inTime).toContain(`covered only if received by ${formatDate(latest)}`);
  });
});
