import { documentName } from "../../../shared/documents/names";
import { Alert } from "../../components/ui/alert";
import { ButtonLink } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { CustomerRecord } from "./customer-record";

/**
 * /insurance/my-coverages: a customer sees their own record (profile and coverages) — read-only for
 * them; agents keep customers' records under Users.
 */
export default function MyCoveragesPage() {
  const session = useSession();
  if (session.orgId && session.customerId)
    return <CustomerRecord name={documentName.customer(session.orgId, session.customerId)} />;
  return (
    <Alert tone="info" title="Coverages are kept per customer">
      <p>Open a customer to see and edit their coverages.</p>
      <ButtonLink to="/agent/customers" variant="secondary">
        Customers
      </ButtonLink>
    </Alert>
  );
}
