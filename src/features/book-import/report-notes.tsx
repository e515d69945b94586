import { groupHeading, type ProblemGroup } from "../../../shared/book/import/problem-groups";

// The dry run's notes (NOTES1): how values were read that the agent should know of — a masked tax id read
// as none given, an entity type read from the legal name, an address kept without its street — grouped as
// the problems are ("3 rows: SSN/EIN — …"), as information: nothing here is refused.

/** Groups listed; the rest are counted. */
const SHOWN_NOTES = 50;

export function ReportNotes({ groups }: { groups: readonly ProblemGroup[] }) {
  if (groups.length === 0) return null;
  const rows = new Set(groups.flatMap((g) => g.rows.map((r) => `${r.sheet}\n${r.line}`))).size;
  return (
    <section className="book-import__notes" aria-labelledby="notes-title" data-testid="notes">
      <h3 id="notes-title">
        For your information ({groups.length.toLocaleString("en-US")} {groups.length === 1 ? "kind" : "kinds"}
        , {rows.toLocaleString("en-US")} {rows === 1 ? "row" : "rows"}): how values were read, nothing refused
      </h3>
      <ul>
        {groups.slice(0, SHOWN_NOTES).map((group) => (
          <li key={group.key} data-testid="note-group">
            {groupHeading(group)}
          </li>
        ))}
        {groups.length > SHOWN_NOTES ? (
          <li className="book-import__muted">and {groups.length - SHOWN_NOTES} more kinds</li>
        ) : null}
      </ul>
    </section>
  );
}
