import { platformDateTime, platformTime } from "./platform-time";

// One row of the platform's "Refused document writes" list. The server keeps one row per document,
// user, kind and minute with a count (rule VIOL1, docs/hardening.md): a flood reads "×300", once.

export interface Violation {
  id: number;
  documentName: string;
  userId: string | null;
  /** The first and the last refusal the row counts (ISO instants). */
  at: string;
  lastAt: string;
  count: number;
  issues: { path: (string | number)[]; message: string }[];
}

export function ViolationItem({ violation: v }: { violation: Violation }) {
  return (
    <li data-count={v.count}>
      {platformDateTime(v.at)}
      {v.count > 1 ? ` – ${platformTime(v.lastAt)} ` : " "}
      {v.count > 1 ? <strong data-testid="violation-count">×{v.count}</strong> : null} —{" "}
      <code>{v.documentName}</code> by {v.userId ?? "unknown"}:{" "}
      {v.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}
    </li>
  );
}
