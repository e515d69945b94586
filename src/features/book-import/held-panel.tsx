import { useState } from "react";
import { type ImportFieldId, importField } from "../../../shared/book/import/fields";
import { planHeldCompletion } from "../../../shared/book/import/plan-held";
import { recordTotals } from "../../../shared/book/import/report-summary";
import type { ExistingCustomer, ImportPlan } from "../../../shared/book/import/types";
import { readDate } from "../../../shared/book/import/values";
import type { HeldCoverage } from "../../../shared/documents/held-coverage";
import { newRecordId } from "../../components/book/record-ids";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import type { SyncClient } from "../../lib/sync";
import { applyOnDevice } from "./device-apply";
import { readDeviceBook } from "./device-book";
import { FIELD_HINTS } from "./file-wide-values";
import { heldMarket } from "./held-market";
import { importLogEntry } from "./import-summary";

// "Needs details" (HOLD1, docs/book-import.md): the endorsements imports kept because their file lacked
// something (the sales date, the subsidy, figures from the SCE). The agent picks one or all, gives the
// missing values once — the same for every picked endorsement — or lets the sales day's snapshot from
// the market history price those whose sales date is known, checks (planHeldCompletion, the imported rows'
// rule) and completes: the endorsements are written on this device and logged as an import, undone like one.

interface Waiting {
  customerId: string;
  name: string;
  held: HeldCoverage;
}

export function HeldPanel({
  client,
  orgId,
  online,
  userId,
}: {
  client: SyncClient | null;
  orgId: string;
  online: boolean;
  userId: string;
}) {
  const [book, setBook] = useState<ExistingCustomer[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [values, setValues] = useState<Partial<Record<ImportFieldId, string>>>({});
  const [snapshot, setSnapshot] = useState(true);
  const [checked, setChecked] = useState<ImportPlan | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const waiting: Waiting[] = (book ?? []).flatMap((c) =>
    Object.values(c.held ?? {})
      .filter((h) => h.status === "needs-details")
      .map((held) => ({ customerId: c.customerId, name: c.profile?.name ?? "a customer", held })),
  );
  const picked = waiting.filter((w) => selected.has(w.held.id));
  const missing = [...new Set(picked.flatMap((w) => w.held.missing))];

  const load = async () => {
    if (!client) return;
    setBusy("Reading the book on this device…");
    setMessage(null);
    setChecked(null);
    try {
      const read = await readDeviceBook(client, orgId, { online });
      setBook(read.customers);
      const ids = read.customers.flatMap((c) =>
        Object.values(c.held ?? {})
          .filter((h) => h.status === "needs-details")
          .map((h) => h.id),
      );
      setSelected(new Set(ids));
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    if (!book) return;
    setBusy("Checking the endorsements…");
    try {
      const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v?.trim()));
      const dates = snapshot
        ? [
            ...new Set(
              picked.flatMap((w) => {
                const text = w.held.fields.salesDate ?? given.salesDate;
                const read = text ? readDate(text) : null;
                return read?.ok ? [read.value] : [];
              }),
            ),
          ]
        : [];
      const market = dates.length > 0 && online ? await heldMarket(dates) : undefined;
      setChecked(
        planHeldCompletion({
          book,
          completion: {
            held: picked.map((w) => ({ customerId: w.customerId, heldId: w.held.id })),
            values: given,
          },
          context: {
            importId: newRecordId(),
            fileName: "Needs details",
            userId,
            now: new Date(),
            newId: newRecordId,
            ...(market ? { market } : {}),
          },
        }),
      );
    } finally {
      setBusy(null);
    }
  };

  const complete = async (plan: ImportPlan) => {
    if (!client) return;
    setBusy("Writing the endorsements…");
    try {
      const entry = importLogEntry(plan, {
        source: "src-needs-details",
        at: new Date().toISOString(),
        by: userId,
      });
      await applyOnDevice(client, orgId, { plan, entry, mappings: [] }, () => {});
      setMessage({
        tone: "success",
        text: `${plan.report.rows.written} endorsements completed and written.`,
      });
      setChecked(null);
      await load();
    } catch (e) {
      setMessage({ tone: "error", text: `The endorsements were not written: ${(e as Error).message}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      className="book-import__held-panel"
      aria-labelledby="needs-details-title"
      data-testid="needs-details"
    >
      <h2 id="needs-details-title">Needs details</h2>
      {book === null ? (
        <Button variant="secondary" disabled={busy !== null || !client} onClick={() => void load()}>
          Find endorsements that need details
        </Button>
      ) : waiting.length === 0 ? (
        <p className="book-import__muted">No imported endorsement waits for details.</p>
      ) : (
        <>
          <p className="book-import__muted">
            {waiting.length} imported endorsements wait for what their file did not give. Pick one or several.
          </p>
          <ul className="book-import__held-list">
            {waiting.map((w) => (
              <li key={w.held.id} data-testid="held-endorsement">
                <label className="book-import__check">
                  <input
                    type="checkbox"
                    checked={selected.has(w.held.id)}
                    onChange={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (next.has(w.held.id)) next.delete(w.held.id);
                        else next.add(w.held.id);
                        return next;
                      })
                    }
                  />
                  <span>
                    {w.name}:{" "}
                    {[
                      w.held.fields.commodity,
                      w.held.fields.type,
                      w.held.fields.head && `${w.held.fields.head} head`,
                    ]
                      .filter(Boolean)
                      .join(", ")}{" "}
                    ({w.held.source.fileName}, row {w.held.source.line}) — missing{" "}
                    {w.held.missing.map((f) => importField(f).label).join(", ")}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <fieldset className="book-import__file-wide">
            <legend>The same value for every picked endorsement that lacks it</legend>
            <div className="book-import__file-wide-fields">
              {missing.map((field) => (
                <label key={field} className="book-field">
                  <span className="book-field__label">{importField(field).label}</span>
                  <input
                    className="book-input"
                    value={values[field] ?? ""}
                    placeholder={FIELD_HINTS[field]}
                    onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                  />
                </label>
              ))}
            </div>
            <label className="book-import__check">
              <input type="checkbox" checked={snapshot} onChange={() => setSnapshot((s) => !s)} />
              <span>Price from the sales day's market snapshot where the sales date is known (online)</span>
            </label>
          </fieldset>
          <div className="book-import__actions">
            <Button disabled={busy !== null || picked.length === 0} onClick={() => void check()}>
              Check {picked.length} endorsements
            </Button>
          </div>
        </>
      )}
      {busy ? <p role="status">{busy}</p> : null}
      {checked ? (
        <div data-testid="needs-details-check">
          <p>
            {checked.report.rows.written} can be written, {checked.report.held.length} still lack something,{" "}
            {checked.report.rows.refused} refused.
          </p>
          <ul>
            {checked.report.refused.slice(0, 50).map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
              <li key={i}>{p.message}</li>
            ))}
            {checked.report.held.slice(0, 50).map((h) => (
              <li key={h.heldId}>{h.message}</li>
            ))}
          </ul>
          <Button
            disabled={
              busy !== null || recordTotals(checked.report).create + recordTotals(checked.report).update === 0
            }
            onClick={() => void complete(checked)}
          >
            Complete {checked.report.rows.written} endorsements
          </Button>
        </div>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </section>
  );
}
