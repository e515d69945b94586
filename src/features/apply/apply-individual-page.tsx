import { ApplicationForm } from "./application-form";
import { useApplyOrg } from "./use-apply-org";

/** /insurance/apply/individual — the application of a person. */
export default function ApplyIndividualPage() {
  return <ApplicationForm type="individual" orgId={useApplyOrg()} />;
}
