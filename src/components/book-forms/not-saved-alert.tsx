import { Alert } from "../ui/alert";
import { type FieldIssues, hasIssues, unplacedIssues } from "./zod-issues";

export interface NotSavedAlertProps {
  /** e.g. "The entity was not saved". */
  title: string;
  issues: FieldIssues;
  /** The paths the form shows a message at; any other issue is listed here. */
  placed: readonly string[];
}

/** Why a book form was not saved: the fields marked in red, and the messages that belong to no field. */
export function NotSavedAlert({ title, issues, placed }: NotSavedAlertProps) {
  if (!hasIssues(issues)) return null;
  const others = unplacedIssues(issues, placed);
  return (
    <Alert tone="error" title={title}>
      Correct the fields marked in red.
      {others.length > 0 ? (
        <ul>
          {others.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
