import { useEffect, useState } from "react";
import type { TaxIdRecord } from "../../../shared/documents/book";
import { formatTaxId, maskTaxId, type TaxIdType } from "../../../shared/documents/tax-id";
import { Button } from "../../components/ui/button";

const HIDE_AFTER_MS = 60_000;

/**
 * A tax id shown masked (last four). An agent may press "Show" to read the full id from the internal
 * document; it hides again on "Hide", after a minute, or when the page changes.
 */
export function TaxIdReveal({
  type,
  last4,
  full,
  label,
}: {
  type: TaxIdType | undefined;
  last4: string | undefined;
  /** The internal document's record; undefined when not on this device or not an agent. */
  full: TaxIdRecord | undefined;
  label: string;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (type === undefined) return <span>—</span>;
  if (last4 === undefined && !full) return <span>None recorded</span>;
  const text = shown && full ? formatTaxId(full.taxIdType, full.taxId) : maskTaxId(type, last4);
  return (
    <span className="tax-id">
      <span className="tax-id__value" data-testid="tax-id-value">
        {text}
      </span>
      {full ? (
        <Button
          variant="ghost"
          className="tax-id__toggle"
          aria-label={`${shown ? "Hide" : "Show"} ${label}`}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? "Hide" : "Show"}
        </Button>
      ) : null}
    </span>
  );
}
