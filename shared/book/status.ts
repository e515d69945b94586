import { DomainError } from "../errors";
import {
  COVERAGE_STATUSES,
  type CoverageStatus,
  CUSTOMER_STATUSES,
  type CustomerStatus,
  ENTITY_STATUSES,
  type EntityStatus,
  POLICY_STATUSES,
  type PolicyStatus,
} from "./statuses";

// Status transitions of the agent book's records (docs/agent-book.md "Statuses"). A deletion is a
// status change: nothing an agent made is ever removed, so every status stays reachable in history.
//   policy:   pending → active → cancelled | terminated; pending → cancelled
//   coverage: quoted → submitted → accepted → ended → claimed → paid; cancelled from quoted, submitted,
//             accepted
//   entity:   active ↔ deactivated
//   customer: active ↔ inactive
// The `{action}` routes (/agent/entities/{id}/{action}, /agent/policies/{id}/{action}) are data here:
// their labels, the statuses that allow them and the status they lead to.

export type { CoverageStatus, CustomerStatus, EntityStatus, PolicyStatus };

export interface StatusByKind {
  policy: PolicyStatus;
  coverage: CoverageStatus;
  entity: EntityStatus;
  customer: CustomerStatus;
}
export type RecordKind = keyof StatusByKind;

export const STATUSES: { readonly [K in RecordKind]: readonly StatusByKind[K][] } = {
  policy: POLICY_STATUSES,
  coverage: COVERAGE_STATUSES,
  entity: ENTITY_STATUSES,
  customer: CUSTOMER_STATUSES,
};

/** Per kind, the statuses each status may move to (none: final). */
export const TRANSITIONS: {
  readonly [K in RecordKind]: Readonly<Record<StatusByKind[K], readonly StatusByKind[K][]>>;
} = {
  policy: {
    pending: ["active", "cancelled"],
    active: ["cancelled", "terminated"],
    cancelled: [],
    terminated: [],
  },
  coverage: {
    quoted: ["submitted", "cancelled"],
    submitted: ["accepted", "cancelled"],
    accepted: ["ended", "cancelled"],
    ended: ["claimed"],
    claimed: ["paid"],
    paid: [],
    cancelled: [],
  },
  entity: { active: ["deactivated"], deactivated: ["active"] },
  customer: { active: ["inactive"], inactive: ["active"] },
};

/** Display labels of every status (screens, CSV exports). */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: "Pending",
  active: "Active",
  cancelled: "Cancelled",
  terminated: "Terminated",
  quoted: "Quoted",
  submitted: "Submitted",
  accepted: "Accepted",
  ended: "Ended",
  claimed: "Claimed",
  paid: "Paid",
  deactivated: "Deactivated",
  inactive: "Inactive",
};

const isStatus = <K extends RecordKind>(kind: K, status: string): status is StatusByKind[K] =>
  (STATUSES[kind] as readonly string[]).includes(status);

/**
 * The statuses a record of `kind` in status `from` may move to; empty for a final status or a status
 * the kind does not have.
 * @example nextStatuses("policy", "pending") // ["active", "cancelled"]
 */
export function nextStatuses<K extends RecordKind>(kind: K, from: string): readonly StatusByKind[K][] {
  if (!isStatus(kind, from)) return [];
  return (TRANSITIONS[kind] as Record<string, readonly StatusByKind[K][]>)[from] ?? [];
}

/**
 * Whether a record of `kind` may move from `from` to `to` (staying put is not a transition).
 * @example canTransition("coverage", "ended", "cancelled") // false
 */
export function canTransition(kind: RecordKind, from: string, to: string): boolean {
  return (nextStatuses(kind, from) as readonly string[]).includes(to);
}

// ---------------------------------------------------------------------------------------------------
// The {action} routes

export type ActionKind = "entity" | "policy";

export interface RecordAction<K extends ActionKind = ActionKind> {
  /** The route segment: /agent/{entities|policies}/{id}/{action}. */
  action: string;
  /** Button and page title. */
  label: string;
  /** The statuses in which the action is offered. */
  allowedFrom: readonly StatusByKind[K][];
  /** The status the action sets; none for edit. */
  to?: StatusByKind[K];
}

export const ENTITY_ACTIONS: readonly RecordAction<"entity">[] = [
  { action: "edit", label: "Edit", allowedFrom: ["active"] },
  { action: "deactivate", label: "Deactivate", allowedFrom: ["active"], to: "deactivated" },
  { action: "reactivate", label: "Reactivate", allowedFrom: ["deactivated"], to: "active" },
];

export const POLICY_ACTIONS: readonly RecordAction<"policy">[] = [
  { action: "edit", label: "Edit", allowedFrom: ["pending", "active"] },
  { action: "activate", label: "Activate", allowedFrom: ["pending"], to: "active" },
  { action: "cancel", label: "Cancel", allowedFrom: ["pending", "active"], to: "cancelled" },
  { action: "terminate", label: "Terminate", allowedFrom: ["active"], to: "terminated" },
];

const ACTIONS: { readonly [K in ActionKind]: readonly RecordAction<K>[] } = {
  entity: ENTITY_ACTIONS,
  policy: POLICY_ACTIONS,
};

/** The actions offered for a record of `kind` in `status` (the buttons of its page). */
export function actionsFor<K extends ActionKind>(kind: K, status: string): readonly RecordAction<K>[] {
  return (ACTIONS[kind] as readonly RecordAction<K>[]).filter((a) =>
    (a.allowedFrom as readonly string[]).includes(status),
  );
}

export type ActionLookup<K extends ActionKind> =
  | { ok: true; action: RecordAction<K> }
  | { ok: false; reason: "unknown-action" | "not-allowed"; message: string };

/**
 * Resolves the `{action}` segment of a route for a record in `status`. An action the kind does not
 * have is `unknown-action` (the route's "not found" page); one the status does not allow is
 * `not-allowed`, with a message naming the status and what it allows.
 * @example resolveAction("policy", "terminate", "pending")
 *   // { ok: false, reason: "not-allowed", message: "A pending policy cannot be terminated: …" }
 */
export function resolveAction<K extends ActionKind>(
  kind: K,
  action: string,
  status: string,
): ActionLookup<K> {
  const found = (ACTIONS[kind] as readonly RecordAction<K>[]).find((a) => a.action === action);
  const noun = kind === "entity" ? "an entity" : "a policy";
  if (!found) {
    const known = (ACTIONS[kind] as readonly RecordAction<K>[]).map((a) => a.action).join(", ");
    return {
      ok: false,
      reason: "unknown-action",
      message: `"${action}" is not an action on ${noun}: the actions are ${known}`,
    };
  }
  if (!(found.allowedFrom as readonly string[]).includes(status)) {
    const offered = actionsFor(kind, status).map((a) => a.label.toLowerCase());
    const label = STATUS_LABELS[status]?.toLowerCase() ?? status;
    return {
      ok: false,
      reason: "not-allowed",
      message: `A ${label} ${kind} cannot be ${pastTense(found.action)} (${
        offered.length ? `allowed: ${offered.join(", ")}` : "its status is final"
      })`,
    };
  }
  return { ok: true, action: found };
}

const PAST: Readonly<Record<string, string>> = {
  edit: "edited",
  deactivate: "deactivated",
  reactivate: "reactivated",
  activate: "activated",
  cancel: "cancelled",
  terminate: "terminated",
};
const pastTense = (action: string) => PAST[action] ?? action;

/** The stamps a write puts on a record. */
export interface WriteStamp {
  /** ISO instant of the write (the caller's clock). */
  now: string;
  /** The user making the change. */
  userId: string;
}

/**
 * A copy of `record` moved to status `to`, stamped with the write, with `statusReason` when given (and
 * the kind has one). Throws DomainError("invalid-input") when the transition is not allowed.
 */
export function withStatus<K extends RecordKind, R extends { status: StatusByKind[K] }>(
  kind: K,
  record: R,
  to: StatusByKind[K],
  stamp: WriteStamp,
  reason?: string,
): R & { updatedAt: string; updatedBy: string } {
  if (!canTransition(kind, record.status, to))
    throw new DomainError(
      "invalid-input",
      `status: a ${kind} cannot move from ${record.status} to ${to}${
        nextStatuses(kind, record.status).length
          ? ` (it can move to ${nextStatuses(kind, record.status).join(", ")})`
          : " (its status is final)"
      }`,
      ["status"],
    );
  return {
    ...record,
    status: to,
    ...(reason !== undefined && (kind === "policy" || kind === "coverage") ? { statusReason: reason } : {}),
    updatedAt: stamp.now,
    updatedBy: stamp.userId,
  };
}
