import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import {
  type ActionKind,
  type ActionLookup,
  type RecordAction,
  resolveAction,
} from "../../../shared/book/status";
import { useAfterStored } from "../../lib/sync";
import type { CustomerBook } from "../book";
import type { BookRecordLookup } from "../book/use-book-record";
import { Alert } from "../ui/alert";
import { ButtonLink } from "../ui/button";
import { RecordNotFound } from "./not-found";

// What a record page shows before the record itself: loading, an unknown id, and on an
// `/{id}/{action}` page an unknown action, an action the record's status does not allow, or a reader
// who may not change the book. Each returns null when the page may go on.

/** Loading text, or the not-found page for an id that is not in the book. */
export function RecordLookupGate({
  state,
  noun,
  id,
  listHref,
  listLabel,
}: {
  state: "loading" | "missing" | "found";
  noun: string;
  id: string | undefined;
  listHref: string;
  listLabel: string;
}): ReactNode {
  if (state === "loading")
    return (
      <p className="note" role="status">
        Loading the {noun}…
      </p>
    );
  if (state === "missing")
    return (
      <RecordNotFound
        what={
          <>
            There is no {noun} “{id}” in your book. It may belong to another organisation, or the link is
            mistyped.
          </>
        }
        backTo={listHref}
        backLabel={listLabel}
      />
    );
  return null;
}

/** The page for an unknown or disallowed action, or for a reader; null when the action may go on. */
export function ActionGate<K extends ActionKind>({
  resolved,
  readOnly,
  noun,
  recordHref,
  backLabel,
}: {
  resolved: ActionLookup<K>;
  readOnly: boolean;
  noun: string;
  recordHref: string;
  backLabel: string;
}): ReactNode {
  if (!resolved.ok && resolved.reason === "unknown-action")
    return <RecordNotFound what={resolved.message} backTo={recordHref} backLabel={`Back to the ${noun}`} />;
  if (!resolved.ok)
    return (
      <div data-testid="action-not-allowed">
        <Alert tone="warning" title="Not possible now">
          {resolved.message}.
        </Alert>
        <p>
          <ButtonLink to={recordHref} variant="secondary">
            {backLabel}
          </ButtonLink>
        </p>
      </div>
    );
  if (readOnly)
    return (
      <Alert tone="warning" title="Read only">
        You may read this {noun} but not change it.
      </Alert>
    );
  return null;
}

export interface RecordActionRouteProps<K extends ActionKind, R extends { id: string; status: string }> {
  kind: K;
  /** The route's `{action}` segment. */
  action: string;
  lookup: BookRecordLookup<R>;
  noun: string;
  id: string | undefined;
  listHref: string;
  listLabel: string;
  recordHref(record: R): string;
  backLabel(record: R): string;
  /**
   * The page of an action the record's status allows, for an agent who may change the book. Once it has
   * written a status change, it calls `leave` with where to go.
   */
  children(record: R, book: CustomerBook, action: RecordAction<K>, leave: (to: string) => void): ReactNode;
}

/**
 * An `/{id}/{action}` page: loading, an unknown id, an unknown or disallowed action and a reader each
 * get their page (the gates above); otherwise the action's own page. After the action's page has
 * written a status change (`leave`), the route goes on once the device has stored it, as the book's
 * forms do (useAfterStored); until then it says so, because the action no longer fits the record's
 * new status and its page cannot stay.
 */
export function RecordActionRoute<K extends ActionKind, R extends { id: string; status: string }>({
  kind,
  action,
  lookup,
  noun,
  id,
  listHref,
  listLabel,
  recordHref,
  backLabel,
  children,
}: RecordActionRouteProps<K, R>): ReactNode {
  const navigate = useNavigate();
  const stored = useAfterStored(`${noun}'s new status`);
  const [leaving, setLeaving] = useState<string | null>(null);
  const leave = (to: string) => {
    setLeaving(to);
    stored.then(() => navigate(to));
  };
  if (leaving !== null)
    return stored.problem ? (
      <div data-testid="action-not-stored">
        <Alert tone="error">{stored.problem}</Alert>
        <p>
          <ButtonLink to={leaving} variant="secondary">
            Back to the {noun}
          </ButtonLink>
        </p>
      </div>
    ) : (
      <p className="note" role="status">
        Saving the {noun}'s new status on this device…
      </p>
    );
  if (lookup.state !== "found")
    return (
      <RecordLookupGate state={lookup.state} noun={noun} id={id} listHref={listHref} listLabel={listLabel} />
    );
  const { record, book } = lookup;
  const resolved = resolveAction(kind, action, record.status);
  if (!resolved.ok || book.readOnly)
    return (
      <ActionGate
        resolved={resolved}
        readOnly={book.readOnly}
        noun={noun}
        recordHref={recordHref(record)}
        backLabel={backLabel(record)}
      />
    );
  return children(record, book, resolved.action, leave);
}
