import { useSearchParams } from "react-router";
import { recordIdSchema } from "../../../shared/documents/book";
import { Alert } from "../../components/ui/alert";
import { useSession } from "../../lib/auth/session";
import { CustomerList } from "./customer-list";
import { CustomerRecord } from "./customer-record";
import { NewCustomerForm } from "./new-customer-form";
import "./customers.css";

/**
 * /agent/customers: the organisation's customers (from the book's summaries, on the device); with
 * ?customer=ID that customer's record; with ?new=1 the form for a new customer. Everything reads and
 * writes the documents on the device, so it works offline after one visit.
 */
export default function CustomersPage() {
  const session = useSession();
  const [params] = useSearchParams();
  if (!session.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;
  const selected = params.get("customer");
  if (selected) return <CustomerRecord key={selected} customerId={selected} />;
  if (params.has("new")) {
    const id = params.get("id");
    const preset = id && recordIdSchema.safeParse(id).success ? id : undefined;
    return <NewCustomerForm key={preset ?? "new"} presetId={preset} />;
  }
  return <CustomerList readOnly={!session.roles.includes("agent")} />;
}
