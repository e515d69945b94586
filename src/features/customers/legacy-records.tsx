import { Card } from "../../components/ui/card";
import { describeLegacy } from "./legacy";

/**
 * Records of an older version of this customer's document that did not fit today's shapes (the
 * migration kept them, unchanged, in `legacy`): listed for an agent to re-enter where they belong.
 */
export function LegacyRecords({ legacy }: { legacy: Record<string, unknown> }) {
  const entries = Object.entries(legacy);
  if (entries.length === 0) return null;
  return (
    <Card className="customer-section" data-testid="customer-legacy">
      <h3>Kept from an older version ({entries.length})</h3>
      <p className="customers__note">
        These records were saved by an earlier version of Rangeline and do not fit today's forms. Nothing was
        lost: re-enter what is still needed in the profile, an entity, a policy or a coverage.
      </p>
      <ul className="customer-legacy">
        {entries.map(([id, entry]) => {
          const { where, lines } = describeLegacy(entry);
          return (
            <li key={id}>
              <strong>{where}</strong>
              <dl>
                {lines.map(([key, value]) => (
                  <div key={key}>
                    <dt>{key}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
