import type { ReactNode } from "react";
import type { ActionKind, ActionLookup } from "../../../shared/book/status";
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
