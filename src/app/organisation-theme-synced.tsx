import { useEffect } from "react";
import { applyColorScheme } from "../components/ui/theme/apply-color-scheme";
import { schemeFromSettings } from "../components/ui/theme/organisation-scheme";
import { faviconUrl } from "./organisation-brand";

/** Applies the colours an organisation's settings ask for, checked by the organisation schema (zod). */
export default function OrganisationColours({ settings }: { settings: unknown }) {
  const scheme = schemeFromSettings(settings);
  const favicon = faviconUrl(settings);
  const key = Object.values(scheme).join(",");
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const original = { href: link.getAttribute("href"), type: link.getAttribute("type") };
    if (favicon) {
      link.setAttribute("href", favicon);
      link.removeAttribute("type");
    }
    return () => {
      if (original.href) link.setAttribute("href", original.href);
      if (original.type) link.setAttribute("type", original.type);
    };
  }, [favicon]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scheme is a new object each render; its colours are the key.
  useEffect(() => {
    applyColorScheme(scheme);
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", scheme.primary);
  }, [key]);
  return null;
}
