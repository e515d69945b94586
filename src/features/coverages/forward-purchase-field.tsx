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
  return (
    <fieldset className="quote-form" data-testid="forward-purchase">
      <legend>{FORWARD_PURCHASE_QUESTION.text} *</legend>
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
            onChange={(e) => onChange({ ...value, deliveryDate: e.target.value })}
          />
        </label>
      ) : null}
      {value.answer && endDate ? (
        <p className="note">
          Forward-purchased cattle are covered only if received by{" "}
          {formatDate(latestForwardDelivery(endDate))} ({FORWARD_PURCHASE_QUESTION.minDaysBeforeEndDate} days
          before the end date).
        </p>
      ) : null}
    </fieldset>
  );
}
