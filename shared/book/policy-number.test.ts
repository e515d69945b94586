import { describe, expect, it } from "vitest";
import { policyNumberProblem } from "./policy-number";

describe("policy number", () => {
  it("is optional while pending and for a policy cancelled before it was issued", () => {
    expect(policyNumberProblem("pending", "")).toBeUndefined();
    expect(policyNumberProblem("pending", undefined)).toBeUndefined();
    expect(policyNumberProblem("cancelled", "")).toBeUndefined();
  });

  it("is required once active, and for a terminated policy", () => {
    expect(policyNumberProblem("active", "  ")).toMatch(/enter the policy number/);
    expect(policyNumberProblem("terminated", undefined)).toMatch(/needed once the policy is active/);
    expect(policyNumberProblem("active", "LRP-2026-001")).toBeUndefined();
  });
});
