import { FORWARD_PURCHASE_QUESTION, latestForwardDelivery } from "../../../shared/book/forward-purchase";
import "../../components/book-forms/book-forms.css";
import { formatDate } from "../../lib/format";

export interface ForwardPurchaseState {
  answer: boolean | undefined;
  deliveryDate: string;
}

/**
 * The CY2027 SCE question on forward-purchased cattle (shared/book/forward-purchase.ts): yes or no, and
 * on yes the delivery date, which must be at least 90 days before the chosen row's end date.
 */
export function ForwardPurchaseField({
  value,
  endDate,
  onChange,
}: {
  value: ForwardPurchaseState;
  endDate: string | null;
  onChange: (next: ForwardPurchaseState) => void;
}) {
  const latest = value.answer && endDate ? latestForwardDelivery(endDate) : null;
  const lateDelivery = latest !== null && value.deliveryDate !== "" && value.deliveryDate > latest;
  return (
    <fieldset
      className="quote-form"
      data-testid="forward-purchase"
      aria-describedby={value.answer === undefined ? "forward-purchase-hint" : undefined}
    >
      <legend>{FORWARD_PURCHASE_QUESTION.text} *</legend>
      {value.answer === undefined ? (
        <p className="book-field__hint" id="forward-purchase-hint" data-testid="forward-purchase-hint">
          Answer yes or no: this coverage cannot be saved without it.
        </p>
      ) : null}
      <label className="book-choice">
        <input
          type="radio"
          name="forward-purchase"
          required
          checked={value.answer === true}
          onChange={() => onChange({ ...value, answer: true })}
        />{" "}
        Yes
      </label>
      <label className="book-choice">
        <input
          type="radio"
          name="forward-purchase"
          checked={value.answer === false}
          onChange={() => onChange({ ...value, answer: false })}
        />{" "}
        No
      </label>
      {value.answer ? (
        <label>
          Delivery date
          <input
            type="date"
            value={value.deliveryDate}
            aria-invalid={lateDelivery || undefined}
            aria-describedby={latest ? "forward-purchase-latest" : undefined}
            onChange={(e) => onChange({ ...value, deliveryDate: e.target.value })}
          />
        </label>
      ) : null}
      {latest ? (
        <p
          className={lateDelivery ? "book-field__error" : "note"}
          id="forward-purchase-latest"
          data-testid="forward-purchase-latest"
        >
          {lateDelivery
            ? "Enter a delivery date on or before "
            : "Forward-purchased cattle are covered only if received by "}
          {formatDate(latest)} ({FORWARD_PURCHASE_QUESTION.minDaysBeforeEndDate} days before the end date).
        </p>
      ) : null}
    </fieldset>
  );
}
