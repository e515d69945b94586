import { documentName } from "../../../shared/documents/names";
import { ORGANISATION_DEFAULTS } from "../../../shared/schemas/organisation";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync/react/hooks";
import { ButtonLink } from "../ui/button";
import { orderHref } from "./order-href";

// The organisation's "Order" button on the LRP quote screen, for an agent: it opens the LRP coverage
// create screen with the quote's inputs and chosen row, to record the endorsement for a customer. The
// organisation's settings (its document) may hide it or rename it; the spec's defaults apply until
// the document is on the device. Loaded lazily (order-button-slot.tsx, order-button.tsx).

export default function OrderButtonSynced({ inputs }: { inputs: Readonly<Record<string, string>> }) {
  const { orgId } = useSession();
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const settings = org.state?.data.settings;
  const hidden = settings?.isOrderButtonHidden ?? ORGANISATION_DEFAULTS.isOrderButtonHidden;
  if (hidden) return null;
  const text = settings?.orderButtonText?.trim() || ORGANISATION_DEFAULTS.orderButtonText;
  return (
    <p className="order-button no-print">
      <ButtonLink to={orderHref(inputs)} data-testid="order-button">
        {text}
      </ButtonLink>{" "}
      <span className="note">Record this row as an LRP coverage for one of your customers.</span>
    </p>
  );
}
