import { useEffect, useRef, useState } from "react";
import { bookFromApplication } from "../../../../shared/applications/to-book";
import type { Application } from "../../../../shared/documents/application";
import { useBookIndex, useCustomerBook } from "../../../components/book";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useSession } from "../../../lib/auth/session";
import { useWhenStored } from "../../../lib/sync";
import { decideApplication } from "./applications-api";

/**
 * Accepting an application (docs/applications.md) in one step: once the customer's document is on the device,
 * a new customer gets the applicant's profile; the entity (with its spouse or SBIs), the full tax ids
 * (agents-only internal document) and a pending policy per plan are created; then the server records
 * the decision, which the applicant's device reads.
 */
export function AcceptIntoBook({
  application,
  customerId,
  isNew,
  onDone,
}: {
  application: Application;
  customerId: string;
  isNew: boolean;
  onDone(): void;
}) {
  const book = useCustomerBook(customerId);
  const index = useBookIndex();
  const session = useSession();
  const whenStored = useWhenStored();
  const written = useRef(false);
  const [phase, setPhase] = useState<"writing" | "deciding" | "failed">("writing");
  const [error, setError] = useState<string | null>(null);

  const decide = async () => {
    setPhase("deciding");
    try {
      if (!session.orgId) throw new Error("Your account belongs to no organisation.");
      // The decision is recorded only once the new records are stored on the device: a reload right
      // after cannot leave an accepted application without its book (docs/local-first.md).
      await whenStored();
      await decideApplication(session.orgId, application.submissionId, await session.getAccessToken(), {
        status: "accepted",
        customerId,
      });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase("failed");
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the documents are on the device
  useEffect(() => {
    // The tax ids go to the internal document: it must be on the device too .
    if (written.current || !book.loaded || !index.loaded || !book.internalLoaded) return;
    written.current = true;
    try {
      const records = bookFromApplication(application);
      if (isNew) book.saveProfile(records.profile);
      const entityId = book.create("entities", records.entity);
      for (const t of records.taxIds) book.setTaxId(t.key(entityId), t.type, t.value);
      for (const p of records.policies) book.create("policies", { ...p, entityId });
      void decide();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase("failed");
    }
  }, [book.loaded, index.loaded, book.internalLoaded]);

  if (phase === "failed")
    return (
      <Alert
        tone="error"
        title="The application was not fully accepted"
        actions={
          written.current ? (
            <Button onClick={() => void decide()}>Record the decision again</Button>
          ) : undefined
        }
      >
        {error}
      </Alert>
    );
  return (
    <p role="status" className="agent-hub__note">
      {phase === "writing"
        ? "Adding the customer, entity and policies to the book…"
        : "Recording the decision…"}
    </p>
  );
}
