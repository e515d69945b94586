import { type InsurancePlan, providerNameForPlan, regionForCode } from "../../../shared/catalogue";
import type { Address, StoredProfile } from "../../../shared/documents/book";
import { formatHistoryTime } from "../../components/book/history-entries";
import { SMS_CONSENT_METHOD_LABELS } from "./profile-fields";

// The producer profile as text, for the read-only view and the lists.

/** "1 Main St, Suite 2, Ames, IA 50010 (county: Story)"; a partial address shows what it has. */
export function formatAddress(address: Partial<Address> | undefined): string {
  if (!address) return "";
  const county = address.county ? regionForCode(address.county)?.area : undefined;
  const street = [address.line1, address.line2]
    .map((t) => t?.trim())
    .filter(Boolean)
    .join(", ");
  const place = [address.state, address.zip].filter(Boolean).join(" ");
  const text = [street, address.city?.trim(), place].filter(Boolean).join(", ");
  return `${text}${county ? ` (county: ${county})` : ""}`;
}

/** "Beginning Farmer/Rancher since 2023", or the classification. */
export const formatClassification = (profile: StoredProfile): string =>
  profile.farmerClassification === "Beginning Farmer/Rancher" && profile.farmingSinceYear
    ? `${profile.farmerClassification}, farming since ${profile.farmingSinceYear}`
    : profile.farmerClassification;

/** "Given verbally on Nov 20, 2026, 9:30 AM (note)", "Withdrawn" or "Not recorded". */
export function formatSmsConsent(consent: StoredProfile["smsConsent"], timeZone?: string): string {
  if (consent === null) return "Withdrawn";
  if (!consent) return "Not recorded";
  const how = SMS_CONSENT_METHOD_LABELS[consent.method].toLowerCase();
  return `Given ${how} on ${formatHistoryTime(consent.at, timeZone)}${consent.note ? ` (${consent.note})` : ""}`;
}

/** The provider for a plan: the customer's preference, else the spec's default (marked as such). */
export function formatPreferredProvider(profile: StoredProfile, plan: InsurancePlan): string {
  const chosen = profile.preferredProviders?.[plan];
  const name = providerNameForPlan(chosen ? [chosen] : [], plan);
  return chosen ? name : `${name} (default)`;
}
