import type { ReactNode } from "react";
import { Alert } from "../ui/alert";
import { ButtonLink } from "../ui/button";

/** The page for an unknown record id or action: says what was not found and leads back to the list. */
export function RecordNotFound({
  what,
  backTo,
  backLabel,
}: {
  what: ReactNode;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div data-testid="record-not-found">
      <Alert tone="warning" title="Not found">
        {what}
      </Alert>
      <p>
        <ButtonLink to={backTo} variant="secondary">
          {backLabel}
        </ButtonLink>
      </p>
    </div>
  );
}
