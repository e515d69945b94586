import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ViolationItem } from "./violation-item";

// Rule VIOL1: the platform's list shows a flood of refused writes as one row with its count.

const flood = {
  id: 7,
  documentName: "org/demo/customer/c-1",
  userId: "auth0|demo-agent",
  at: "2026-11-27T02:00:00.100Z",
  lastAt: "2026-11-27T02:00:00.997Z",
  count: 300,
  issues: [{ path: ["coverages", "cov-0", "head"], message: "Too big" }],
};

describe("[VIOL1] a refused-writes row", () => {
  it("[VIOL1] shows the count of a flood as ×300 beside the document, the writer and the first issue", () => {
    const html = renderToString(<ViolationItem violation={flood} />).replace(/<!-- -->/g, "");
    expect(html).toContain('<strong data-testid="violation-count">×300</strong>');
    expect(html).toContain(
      "<code>org/demo/customer/c-1</code> by auth0|demo-agent: coverages.cov-0.head: Too big",
    );
  });

  it("names the zone of its times: the platform's rows span organisations, so UTC, said on screen", () => {
    const html = renderToString(<ViolationItem violation={flood} />).replace(/<!-- -->/g, "");
    expect(html).toContain("Nov 27, 2026, 2:00 AM UTC – 2:00 AM UTC");
  });
});
