// The customer profile's fields in words, by dotted path ("address.zip" → "ZIP code"): the profile's form,
// its presence line and the record history all name a field the same way.

/** Labels by dotted path of the profile ("address.zip"). */
export const PROFILE_LABELS: Readonly<Record<string, string>> = {
  name: "Name",
  email: "E-mail",
  mobilePhone: "Mobile phone",
  address: "Address",
  "address.line1": "Street address",
  "address.line2": "Address line 2",
  "address.city": "City",
  "address.state": "State",
  "address.county": "County",
  "address.zip": "ZIP code",
  farmerClassification: "Farmer classification",
  farmingSinceYear: "First year of farming",
  smsConsent: "SMS consent",
  "smsConsent.at": "When consent was given",
  "smsConsent.method": "How consent was given",
  "smsConsent.note": "Consent note",
  preferredProviders: "Preferred providers",
  "preferredProviders.lrp": "Preferred LRP provider",
  "preferredProviders.lgm": "Preferred LGM provider",
  status: "Status",
};

/** A presence field ("profile.address.city") or a profile path ("address.city") in words. */
export const profileFieldLabel = (field: string): string => {
  const path = field.startsWith("profile.") ? field.slice("profile.".length) : field;
  return PROFILE_LABELS[path] ?? path;
};
