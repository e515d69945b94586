import { Link } from "react-router";
import type { OverlapLgm, OverlapLrp } from "../../../shared/book/plan-overlap";
import type { Policy } from "../../../shared/documents/book";
import { Alert } from "../../components/ui/alert";
import { customerOverlapItems } from "./overlap-summary";

/** The LRP + LGM-Cattle overlap warnings among a customer's coverages; nothing when there are none. */
export function CustomerOverlap({
  coverages,
  policies,
}: {
  coverages: readonly (OverlapLrp | OverlapLgm)[];
  policies: Readonly<Record<string, Policy>>;
}) {
  const items = customerOverlapItems(coverages, policies);
  if (items.length === 0) return null;
  return (
    <Alert tone="warning" title="LRP and LGM-Cattle cover the same month">
      <ul data-testid="customer-overlap-warnings">
        {items.map((i) => (
          <li key={i.key}>
            {i.message} (<Link to={i.lrpHref}>the LRP coverage</Link>,{" "}
            <Link to={i.lgmHref}>the LGM endorsement</Link>)
          </li>
        ))}
      </ul>
    </Alert>
  );
}
