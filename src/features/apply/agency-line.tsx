import type { Agency } from "../../components/org-providers/use-agency";
import { Alert } from "../../components/ui/alert";

/** Who receives the application: the agency's name, or why this link cannot be used. */
export function AgencyLine({ orgId, agency }: { orgId: string; agency: Agency }) {
  if (agency.state === "unknown")
    return (
      <Alert tone="error" title="This link does not lead to an agency">
        {agency.message} Ask your agent for the application link of their agency.
      </Alert>
    );
  return (
    <p className="apply__agency" data-testid="apply-agency">
      {agency.state === "known" && agency.name !== orgId ? (
        <>
          Your application goes to <strong>{agency.name}</strong>.
        </>
      ) : agency.state === "known" ? (
        // The agency has not set its name yet (the server then answers with its id): never show an id.
        <>Your application goes to the agency that sent you this link.</>
      ) : agency.state === "offline" ? (
        <>Your application goes to the agency that sent you this link; it is sent when you are online.</>
      ) : (
        <>Finding your agency…</>
      )}
    </p>
  );
}
