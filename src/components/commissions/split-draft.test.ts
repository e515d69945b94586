import { describe, expect, it } from "vitest";
import { split } from "../../../shared/commissions/test-fixtures";
import {
  agentDefaultFromDraft,
  sameShares,
  splitDraftFor,
  splitFromDraft,
  splitOn,
  splitsOfPolicy,
} from "./split-draft";

const base = {
  policyId: "p1",
  customerId: "c-1",
  at: "2026-11-18T18:00:00.000Z",
  by: "agent-a",
  newId: () => "NEW",
};

describe("a policy's split on its form", () => {
  it("[COMMUI2] starts from the split in effect, else the agent's default, else all of the agents' portion to the agent", () => {
    const inEffect = split({ id: "x1", policyId: "p1" });
    expect(splitDraftFor(inEffect, {}, "agent-z", "2026-11-18")).toMatchObject({
      writingAgentId: "agent-a",
      servicingAgentId: "agent-b",
      from: "2026-11-18",
    });
    const defaults = {
      "agent-z": {
        id: "agent-z",
        writingAgentId: "agent-z",
        writingSharePercent: "100",
        servicingSharePercent: "0",
        agencySharePercent: "40",
        updatedAt: base.at,
        updatedBy: "admin-1",
      },
    };
    expect(splitDraftFor(undefined, defaults, "agent-z", "2026-11-18").agencySharePercent).toBe("40");
    expect(splitDraftFor(undefined, {}, "agent-z", "2026-11-18")).toEqual({
      writingAgentId: "agent-z",
      servicingAgentId: "",
      writingSharePercent: "100",
      servicingSharePercent: "0",
      agencySharePercent: "0",
      from: "2026-11-18",
    });
  });

  it("[COMMUI2] a change on a later day is a new entry: the earlier entry, and what it earned, stay", () => {
    const first = split({ id: "x1", policyId: "p1", from: "2026-07-01" });
    const draft = { ...splitDraftFor(first, {}, "agent-a", "2026-12-01"), agencySharePercent: "30" };
    const built = splitFromDraft(draft, base, [first]);
    expect(built.ok && built.split.id).toBe("NEW");
    expect(built.ok && built.split.from).toBe("2026-12-01");
    const entries = splitsOfPolicy([built.ok ? built.split : first, first], "p1");
    expect(splitOn(entries, "2026-11-30")?.id).toBe("x1");
    expect(splitOn(entries, "2026-12-01")?.id).toBe("NEW");
  });

  it("[COMMUI2] a change on the same day replaces that day's entry", () => {
    const first = split({ id: "x1", policyId: "p1", from: "2026-12-01" });
    const built = splitFromDraft({ ...splitDraftFor(first, {}, "agent-a", "2026-12-01") }, base, [first]);
    expect(built.ok && built.split.id).toBe("x1");
  });

  it("[COMMUI2] shows the shapes' messages at the fields: shares that do not add up to 100 %, no writing agent", () => {
    const draft = {
      writingAgentId: "",
      servicingAgentId: "agent-b",
      writingSharePercent: "60",
      servicingSharePercent: "30",
      agencySharePercent: "20",
      from: "2026-11-18",
    };
    const built = splitFromDraft(draft, base, []);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues.writingAgentId).toBe("choose the writing agent");
    expect(built.issues.servicingSharePercent).toMatch(/add up to 90 %: they must add up to 100 %/);
  });

  it("without a servicing agent, the writing agent's share must be the whole agents' portion", () => {
    const draft = {
      writingAgentId: "agent-a",
      servicingAgentId: "",
      writingSharePercent: "80",
      servicingSharePercent: "20",
      agencySharePercent: "10",
      from: "2026-11-18",
    };
    const built = splitFromDraft(draft, base, []);
    expect(built.ok).toBe(false);
    expect(!built.ok && built.issues.servicingSharePercent).toMatch(/add up to 80 %/);
  });

  it("tells an unchanged split from a changed one", () => {
    const first = split({ id: "x1", policyId: "p1" });
    const draft = splitDraftFor(first, {}, "agent-a", "2026-11-18");
    expect(sameShares(draft, first)).toBe(true);
    expect(sameShares({ ...draft, agencySharePercent: "11" }, first)).toBe(false);
    expect(sameShares(draft, undefined)).toBe(false);
  });

  it("an agent's default names that agent as the writing agent", () => {
    const draft = splitDraftFor(undefined, {}, "agent-z", "2026-11-18");
    const built = agentDefaultFromDraft(draft, { at: base.at, by: "admin-1" });
    expect(built.ok && built.agent).toMatchObject({ id: "agent-z", writingAgentId: "agent-z" });
  });
});
