import { type FormEvent, useCallback, useEffect, useState } from "react";
import { documentBudgetSchema } from "../../../shared/admin/document-budget";
import { Field } from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { adminFetch } from "./admin-api";

type Budget = { newDocumentsPerHour: number; default: number; set: boolean };

/**
 * The agency's budget of new documents an hour (IMPORT3, docs/administration.md): kept on the server,
 * shared by every way records are created (devices, the server's import); an admin raises it for a large
 * import. Checked with the server's schema before it is sent.
 */
export function DocumentBudgetPanel({
  orgId,
  getAccessToken,
}: {
  orgId: string;
  getAccessToken: () => Promise<string>;
}) {
  const [budget, setBudget] = useState<Budget | null>(null);
  const [value, setValue] = useState("");
  const [issue, setIssue] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const url = `/api/orgs/${encodeURIComponent(orgId)}/document-budget`;
  const show = useCallback((read: Budget) => {
    setBudget(read);
    setValue(String(read.newDocumentsPerHour));
  }, []);

  useEffect(() => {
    adminFetch<Budget>(getAccessToken, url).then(show, (e: Error) =>
      setError(`The budget of new documents could not be read: ${e.message}`),
    );
  }, [url, getAccessToken, show]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = documentBudgetSchema.safeParse({
      newDocumentsPerHour: value === "" ? Number.NaN : Number(value),
    });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message);
      return;
    }
    setIssue(undefined);
    try {
      show(await adminFetch<Budget>(getAccessToken, url, { method: "PUT", json: parsed.data }));
      setError(null);
      setSaved(true);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section
      className="settings__secrets"
      aria-labelledby="document-budget-title"
      data-testid="document-budget"
    >
      <h2 id="document-budget-title">New records an hour</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {budget === null && !error ? <p>Reading the budget…</p> : null}
      {budget ? (
        <form onSubmit={(e) => void save(e)} noValidate>
          <Field
            label="New documents per hour"
            error={issue}
            hint={`How many new documents the agency may create in an hour, on every device and in the server's imports together (each new customer takes two). Raise it before a large import; the server's default is ${budget.default.toLocaleString("en-US")}.`}
          >
            <input
              className="book-input"
              inputMode="numeric"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </Field>
          <div className="book-form__actions">
            <Button type="submit" data-testid="document-budget-save">
              Save budget
            </Button>
            {saved ? <span role="status">Saved.</span> : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
