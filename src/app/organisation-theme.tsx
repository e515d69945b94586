import { lazy, Suspense, useEffect } from "react";
import { DEFAULT_COLOR_SCHEME } from "../../shared/catalogue/app-defaults";
import { resetColorScheme } from "../components/ui/theme/reset-color-scheme";
import { useSession } from "../lib/auth/session";
import { useOrgBranding } from "../lib/org/use-org-branding";

// Checking and applying the organisation's colours needs their schema (zod): loaded only for a
// signed-in member of an organisation (organisation-theme-synced.tsx).
const OrganisationColours = lazy(() => import("./organisation-theme-synced"));

/**
 * Paints the app in the signed-in user's organisation colours (its settings in the `org/{orgId}`
 * document), and in the spec's default colours otherwise. Renders nothing.
 */
export function OrganisationTheme() {
  const session = useSession();
  const orgId = session.status === "signed-in" ? session.orgId : null;
  // The org document's settings (live) or, for customers, the server's branding (docs/administration.md).
  const settings = useOrgBranding();
  useEffect(() => {
    if (orgId) return;
    resetColorScheme();
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", DEFAULT_COLOR_SCHEME.primary);
  }, [orgId]);
  if (!orgId) return null;
  return (
    <Suspense fallback={null}>
      <OrganisationColours settings={settings ?? undefined} />
    </Suspense>
  );
}
