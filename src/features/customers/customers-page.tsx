import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { documentName } from "../../../shared/documents/names";
import { DomainError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync";
import { CustomerRecord } from "./customer-record";
import "./customers.css";

/**
 * /agent/customers: the organisation's customers (the customer index of the org document) and, with
 * ?customer=ID, that customer's record. Opened customers stay on the device for offline work.
 */
export default function CustomersPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const orgId = session.orgId;
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const [newName, setNewName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const selected = params.get("customer");

  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  const index = Object.entries(org.state?.data.customers ?? {});
  const upsertSummary = (id: string, name: string) => {
    try {
      org.write((t) =>
        t.set("customers", [id], { id, name: name.slice(0, 200), updatedAt: new Date().toISOString() }),
      );
    } catch (e) {
      // The index follows when it can (e.g. not loaded yet); the record itself is what matters.
      if (!(e instanceof DomainError)) throw e;
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name) {
      setError("Give the customer a name.");
      return;
    }
    const id = `c-${crypto.randomUUID().slice(0, 8)}`;
    upsertSummary(id, name);
    setNewName("");
    setError(null);
    setParams({ customer: id });
  };

  return (
    <div className="customers" data-testid="customers-page">
      <ul className="customers__list" aria-label="Customers">
        {index.length === 0 ? <li>No customers in the index yet.</li> : null}
        {index.map(([id, summary]) => (
          <li key={id}>
            <Link to={`?customer=${encodeURIComponent(id)}`}>{summary.name || id}</Link>
          </li>
        ))}
      </ul>
      {org.readOnly ? null : (
        <form className="customers__add" onSubmit={add}>
          <label>
            <span>New customer</span>
            <input value={newName} onChange={(e) => setNewName(e.target.value)} />
          </label>
          <Button type="submit" variant="secondary">
            Add customer
          </Button>
        </form>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {selected ? (
        <CustomerRecord
          key={selected}
          name={documentName.customer(orgId, selected)}
          onNameChange={(name) => upsertSummary(selected, name)}
        />
      ) : null}
    </div>
  );
}
