import { useEffect } from "react";
import { documentName } from "../../shared/documents/names";
import { applyColorScheme } from "../components/ui/theme/apply-color-scheme";
import { schemeFromSettings } from "../components/ui/theme/organisation-scheme";
import { useSession } from "../lib/auth/session";
import { useDocument } from "../lib/sync";

/**
 * Paints the app in the signed-in user's organisation colours (its settings in the `org/{orgId}`
 * document), and in the spec's default colours otherwise. Renders nothing.
 */
export function OrganisationTheme() {
  const session = useSession();
  const orgId = session.status === "signed-in" ? session.orgId : null;
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const scheme = schemeFromSettings(org.state?.data.settings);
  const key = Object.values(scheme).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scheme is a new object each render; its colours are the key.
  useEffect(() => {
    applyColorScheme(scheme);
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", scheme.primary);
  }, [key]);
  return null;
}
