import { ApplicationForm } from "./application-form";
import { useApplyOrg } from "./use-apply-org";

/** /insurance/apply/business — the application of a business. */
export default function ApplyBusinessPage() {
  return <ApplicationForm type="business" orgId={useApplyOrg()} />;
}
