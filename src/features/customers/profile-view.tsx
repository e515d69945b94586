import type { StoredProfile } from "../../../shared/documents/book";
import {
  formatAddress,
  formatClassification,
  formatPreferredProvider,
  formatSmsConsent,
} from "./profile-display";

/** The producer profile as text (for a device that may not change it). */
export function ProfileView({ profile }: { profile: StoredProfile }) {
  const rows: [string, string, string][] = [
    ["name", "Name", profile.name],
    ["email", "E-mail", profile.email ?? ""],
    ["mobilePhone", "Mobile phone", profile.mobilePhone ?? ""],
    ["address", "Address", formatAddress(profile.address)],
    ["farmerClassification", "Farmer classification", formatClassification(profile)],
    ["smsConsent", "SMS consent", formatSmsConsent(profile.smsConsent)],
    ["preferredLrp", "Preferred LRP provider", formatPreferredProvider(profile, "lrp")],
    ["preferredLgm", "Preferred LGM provider", formatPreferredProvider(profile, "lgm")],
  ];
  return (
    <dl className="customers__facts">
      {rows.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-testid={`profile-${key}`}>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
