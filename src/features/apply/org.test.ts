import { describe, expect, it } from "vitest";
import { applyOrg } from "./org";

describe("the organisation an application goes to", () => {
  it("the agency's link wins, then the signed-in user's organisation, then the demo organisation", () => {
    expect(applyOrg("?org=acme", "demo")).toBe("acme");
    expect(applyOrg("", "org-7")).toBe("org-7");
    expect(applyOrg("", null)).toBe("demo");
    expect(applyOrg("?org=bad%20id", null)).toBe("demo");
  });
});
