import { describe, expect, it } from "vitest";
import { sampleLrpCoverage } from "../../../shared/book/test-fixtures";
import { DomainError } from "../../../shared/errors";
import { COVERAGE_ACTION_LABELS, coverageNextStatuses, statusChangeFields } from "./status-change";

const stamp = { now: "2026-11-23T15:00:00.000Z", userId: "agent-1" };

describe("coverage status changes", () => {
  it("offer the moves of the transition rule, each with a label", () => {
    expect(coverageNextStatuses("quoted")).toEqual(["submitted", "cancelled"]);
    expect(coverageNextStatuses("paid")).toEqual([]);
    for (const s of coverageNextStatuses("accepted")) expect(COVERAGE_ACTION_LABELS[s]).toBeTruthy();
  });

  it("write only the status and its reason", () => {
    expect(statusChangeFields(sampleLrpCoverage(), "cancelled", "  sold the cattle  ", stamp)).toEqual({
      status: "cancelled",
      statusReason: "sold the cattle",
    });
    expect(statusChangeFields(sampleLrpCoverage(), "submitted", "", stamp)).toEqual({
      status: "submitted",
      statusReason: undefined,
    });
  });

  it("refuse a move the rule does not allow, with its message", () => {
    expect(() => statusChangeFields(sampleLrpCoverage({ status: "ended" }), "cancelled", "x", stamp)).toThrow(
      DomainError,
    );
    expect(() => statusChangeFields(sampleLrpCoverage({ status: "ended" }), "cancelled", "x", stamp)).toThrow(
      /cannot move from ended to cancelled/,
    );
  });
});
