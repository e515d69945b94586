import { useEffect } from "react";
import { applyColorScheme } from "../components/ui/theme/apply-color-scheme";
import { schemeFromSettings } from "../components/ui/theme/organisation-scheme";

/** Applies the colours an organisation's settings ask for, checked by the organisation schema (zod). */
export default function OrganisationColours({ settings }: { settings: unknown }) {
  const scheme = schemeFromSettings(settings);
  const key = Object.values(scheme).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scheme is a new object each render; its colours are the key.
  useEffect(() => {
    applyColorScheme(scheme);
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", scheme.primary);
  }, [key]);
  return null;
}
