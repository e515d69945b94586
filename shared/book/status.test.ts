import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import {
  actionsFor,
  canTransition,
  ENTITY_ACTIONS,
  nextStatuses,
  POLICY_ACTIONS,
  type RecordKind,
  resolveAction,
  STATUS_LABELS,
  STATUSES,
  TRANSITIONS,
  withStatus,
} from "./status";

const allowed: Record<RecordKind, [string, string][]> = {
  policy: [
    ["pending", "active"],
    ["pending", "cancelled"],
    ["active", "cancelled"],
    ["active", "terminated"],
  ],
  coverage: [
    ["quoted", "submitted"],
    ["submitted", "accepted"],
    ["accepted", "ended"],
    ["ended", "claimed"],
    ["claimed", "paid"],
    ["quoted", "cancelled"],
    ["submitted", "cancelled"],
    ["accepted", "cancelled"],
  ],
  entity: [
    ["active", "deactivated"],
    ["deactivated", "active"],
  ],
  customer: [
    ["active", "inactive"],
    ["inactive", "active"],
  ],
};

describe("status transitions", () => {
  it("allow exactly the documented moves of every kind (all pairs checked)", () => {
    for (const kind of Object.keys(STATUSES) as RecordKind[]) {
      const statuses = STATUSES[kind] as readonly string[];
      for (const from of statuses)
        for (const to of statuses) {
          const expected = allowed[kind].some(([a, b]) => a === from && b === to);
          expect(canTransition(kind, from, to), `${kind}: ${from} → ${to}`).toBe(expected);
        }
    }
  });

  it("lists the next statuses; final statuses and unknown ones have none", () => {
    expect(nextStatuses("policy", "pending")).toEqual(["active", "cancelled"]);
    expect(nextStatuses("policy", "terminated")).toEqual([]);
    expect(nextStatuses("coverage", "accepted")).toEqual(["ended", "cancelled"]);
    expect(nextStatuses("coverage", "paid")).toEqual([]);
    expect(nextStatuses("coverage", "cancelled")).toEqual([]);
    expect(nextStatuses("entity", "deactivated")).toEqual(["active"]);
    expect(nextStatuses("customer", "nonsense")).toEqual([]);
    expect(canTransition("policy", "nonsense", "active")).toBe(false);
  });

  it("has a transition entry and a label for every status", () => {
    for (const kind of Object.keys(STATUSES) as RecordKind[])
      for (const status of STATUSES[kind]) {
        expect(Object.hasOwn(TRANSITIONS[kind], status), `${kind} ${status}`).toBe(true);
        expect(STATUS_LABELS[status]).toMatch(/^[A-Z]/);
      }
  });

  it("withStatus moves and stamps a record, and refuses a move that is not allowed", () => {
    const policy = { id: "p", status: "active" as const, updatedAt: "x", updatedBy: "y" };
    const stamp = { now: "2026-11-23T12:00:00.000Z", userId: "agent-2" };
    expect(withStatus("policy", policy, "terminated", stamp, "sold the herd")).toEqual({
      id: "p",
      status: "terminated",
      statusReason: "sold the herd",
      updatedAt: stamp.now,
      updatedBy: "agent-2",
    });
    expect(() => withStatus("policy", policy, "pending", stamp)).toThrow(
      "status: a policy cannot move from active to pending (it can move to cancelled, terminated)",
    );
    const paid = { status: "paid" as const };
    try {
      withStatus("coverage", paid, "cancelled", stamp);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).message).toBe(
        "status: a coverage cannot move from paid to cancelled (its status is final)",
      );
    }
    // Entities have no statusReason field: a reason is not written onto one.
    expect(
      withStatus("entity", { status: "active" as const }, "deactivated", stamp, "duplicate"),
    ).not.toHaveProperty("statusReason");
  });
});

describe("{action} routes", () => {
  it("entity actions: edit, deactivate, reactivate, with labels and allowed statuses", () => {
    expect(ENTITY_ACTIONS.map((a) => [a.action, a.label, a.allowedFrom, a.to])).toEqual([
      ["edit", "Edit", ["active"], undefined],
      ["deactivate", "Deactivate", ["active"], "deactivated"],
      ["reactivate", "Reactivate", ["deactivated"], "active"],
    ]);
    expect(actionsFor("entity", "active").map((a) => a.action)).toEqual(["edit", "deactivate"]);
    expect(actionsFor("entity", "deactivated").map((a) => a.action)).toEqual(["reactivate"]);
  });

  it("policy actions: edit, activate, cancel, terminate", () => {
    expect(POLICY_ACTIONS.map((a) => a.action)).toEqual(["edit", "activate", "cancel", "terminate"]);
    expect(actionsFor("policy", "pending").map((a) => a.action)).toEqual(["edit", "activate", "cancel"]);
    expect(actionsFor("policy", "active").map((a) => a.action)).toEqual(["edit", "cancel", "terminate"]);
    expect(actionsFor("policy", "cancelled")).toEqual([]);
  });

  it("every action that sets a status is a legal transition from each status it allows", () => {
    for (const [kind, actions] of [
      ["entity", ENTITY_ACTIONS],
      ["policy", POLICY_ACTIONS],
    ] as const)
      for (const a of actions)
        for (const from of a.allowedFrom)
          if (a.to) expect(canTransition(kind, from, a.to), `${kind} ${a.action} from ${from}`).toBe(true);
  });

  it("reports an unknown action as such, and a disallowed one with what is allowed", () => {
    expect(resolveAction("entity", "explode", "active")).toEqual({
      ok: false,
      reason: "unknown-action",
      message: '"explode" is not an action on an entity: the actions are edit, deactivate, reactivate',
    });
    expect(resolveAction("policy", "terminate", "pending")).toEqual({
      ok: false,
      reason: "not-allowed",
      message: "A pending policy cannot be terminated (allowed: edit, activate, cancel)",
    });
    expect(resolveAction("policy", "cancel", "terminated")).toMatchObject({
      ok: false,
      reason: "not-allowed",
      message: "A terminated policy cannot be cancelled (its status is final)",
    });
    const ok = resolveAction("policy", "cancel", "active");
    expect(ok.ok && ok.action.to).toBe("cancelled");
  });
});
