import type { InsuranceProviderId } from "../../../catalogue/providers";

// The names agencies and AIP exports give the approved insurance providers Rangeline knows, beside the
// catalogue's id, name and the spec's two-letter code (shared/catalogue/providers.ts, read too). The
// companies' legal and trade names as RMA's list of Approved Insurance Providers and their own sites
// give them, and the shortenings seen in agencies' lists (issue 41: "Rain & Hail", "NAU", "NAU Country
// Ins. Co."). Compared without case, spacing, punctuation, "&"/"and", and with a trailing company word
// dropped ("Insurance Company", "Ins. Co.", "Inc", "LLC", "Services"), so "NAU Country Ins. Co." is
// "NAU Country".

export const PROVIDER_NAMES: Readonly<Record<InsuranceProviderId, readonly string[]>> = {
  agriSompo: ["AgriSompo North America", "Agri Sompo", "Sompo", "ASNA"],
  arbor: ["Arbor Crop Insurance"],
  proAg: ["Pro Ag", "Producers Agriculture Insurance Company", "Producers Ag", "PAIC"],
  fmh: ["FMH", "Farmers Mutual Hail Insurance Company of Iowa", "FMH Ag Risk", "Farmers Mutual"],
  nau: ["NAU", "NAU Country Insurance Company", "North American Underwriters"],
  hudson: ["Hudson Crop", "Hudson Crop Insurance Services", "HCIS"],
  rcis: ["Rural Community Insurance Services", "Rural Community Insurance Company", "Rural Community"],
  rh: ["Rain & Hail", "R&H", "Rain and Hail LLC", "Chubb Rain and Hail"],
};

/** Words a company's name may end with, dropped before comparing (longest first). */
export const COMPANY_SUFFIXES = [
  "insurance services",
  "insurance service",
  "insurance company",
  "insurance co",
  "ins co",
  "ins",
  "insurance",
  "company",
  "co",
  "inc",
  "llc",
  "corp",
  "services",
] as const;
