import { Link } from "react-router";
import { documentName } from "../../../shared/documents/names";
import { ORGANISATION_DEFAULTS } from "../../../shared/schemas/organisation";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync/react/hooks";
import { Button, ButtonLink } from "../ui/button";
import { orderHref } from "./order-href";

// The organisation's "Order" button on the LRP quote screen, for an agent: it opens the LRP coverage
// create screen with the quote's inputs and chosen row, to record the endorsement for a customer. The
// organisation's settings (its document) may hide it or rename it; the spec's defaults apply until
// the document is on the device. Loaded lazily (order-button-slot.tsx, order-button.tsx).

export default function OrderButtonSynced({
  inputs,
  plan = "lrp",
  noSales,
}: {
  inputs: Readonly<Record<string, string>>;
  plan?: "lrp" | "lgm";
  noSales: string | null;
}) {
  const { orgId } = useSession();
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const settings = org.state?.data.settings;
  const hidden = settings?.isOrderButtonHidden ?? ORGANISATION_DEFAULTS.isOrderButtonHidden;
  if (hidden) return null;
  const text = settings?.orderButtonText?.trim() || ORGANISATION_DEFAULTS.orderButtonText;
  // A day without sales (docs/agent-book.md "Bought on an earlier day"): the button is off and says why beside it; an endorsement bought
  // on an earlier day can still be recorded, with its sales date.
  if (noSales)
    return (
      <p className="order-button no-print" data-testid="order-no-sales">
        <Button type="button" disabled aria-describedby="order-no-sales-why">
          {text}
        </Button>{" "}
        <span className="note" id="order-no-sales-why">
          <strong>{noSales}</strong> Nothing can be ordered at these prices.{" "}
          <Link to={orderHref({ ...inputs, row: "" }, plan)}>Record one bought on an earlier day</Link>.
        </span>
      </p>
    );
  return (
    <p className="order-button no-print">
      <ButtonLink to={orderHref(inputs, plan)} data-testid="order-button">
        {text}
      </ButtonLink>{" "}
      <span className="note">
        {plan === "lrp"
          ? "Record this row as an LRP coverage for one of your customers."
          : "Record this quote as an LGM endorsement for one of your customers."}
      </span>
    </p>
  );
}
