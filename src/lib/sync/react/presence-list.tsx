import type { Presence } from "../synced-document";
import "./sync-status.css";

/** Who else is on a document, and the field each is in (labels from `fieldLabel`). */
export function PresenceList({
  people,
  fieldLabel = (field) => field,
}: {
  people: Presence[];
  fieldLabel?: (field: string) => string;
}) {
  if (people.length === 0) return null;
  return (
    <ul className="presence-list" aria-label="Also here" data-testid="presence">
      {people.map((person) => (
        <li key={person.clientId} className="presence-list__person" style={{ color: person.user.color }}>
          {person.user.name}
          {person.field ? ` · editing ${fieldLabel(person.field)}` : ""}
        </li>
      ))}
    </ul>
  );
}
