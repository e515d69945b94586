import { useLocation } from "react-router";
import type { InsurancePlan } from "../../../shared/catalogue/plans";
import { useSession } from "../../lib/auth/session";
import { agencyOfLink } from "./agency-link";
import { type ProviderOffer, quoteProviderOffer } from "./quote-offer";
import { useAgency } from "./use-agency";
import { useOrgAip } from "./use-org-aip";

/**
 * PROV1: the providers a quote form offers for `plan` and its default (quote-offer.ts): staff from their
 * organisation's document, a producer from their agency's answer (signed in: their organisation; signed
 * out: the agency whose link they followed on this device), kept on the device for offline use.
 */
export function useQuoteProviders(plan: InsurancePlan): ProviderOffer {
  const session = useSession();
  const location = useLocation();
  const aip = useOrgAip();
  const signedIn = session.status === "signed-in";
  const producer = signedIn && session.roles.length > 0 && session.roles.every((r) => r === "customer");
  const linked = agencyOfLink(location.search);
  const agencyId = producer ? session.orgId : signedIn || session.status === "loading" ? null : linked;
  const agency = useAgency(agencyId);
  return quoteProviderOffer(plan, { aip, agency: agency.state === "known" ? agency : null });
}
