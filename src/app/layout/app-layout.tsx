import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { HeldWritePrompt } from "../../components/document-history/held-write-prompt";
import { useSession } from "../../lib/auth/session";
import { useOrgBranding } from "../../lib/org/use-org-branding";
import { SyncStatusIndicator } from "../../lib/sync/react/sync-status-indicator";
import { hiddenBySettings, navigationFor } from "../navigation/nav-model";
import { SiteNav } from "../navigation/site-nav";
import { OrganisationTheme } from "../organisation-theme";
import { useWarmImportWorker } from "../warm-import-worker";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import { OfflineBanner } from "./offline-banner";
import { RouteGate } from "./route-gate";
import { SignOutNotice } from "./sign-out-notice";
import { UpdateBanner } from "./update-banner";
import { useCurrentRoute, useDocumentTitle } from "./use-current-route";
import "./layout.css";

/** The frame of every screen: header, navigation, the screen's title, its gate, footer. */
export function AppLayout() {
  const session = useSession();
  const route = useCurrentRoute();
  const location = useLocation();
  const navigation = useNavigation();
  const title = route?.title ?? "Page not found";
  useDocumentTitle(title);
  const settings = useOrgBranding();
  const sections = navigationFor(session.roles, session.status === "signed-in", hiddenBySettings(settings));
  const isHome = route?.id === "home";
  useWarmImportWorker(session.status === "signed-in" && session.roles.includes("agent"));

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader sections={sections} />
      {navigation.state === "loading" ? (
        <div className="shell__progress" role="progressbar" aria-label="Loading the page" />
      ) : null}
      <div className="shell__body">
        <aside className="shell__sidebar">
          <SiteNav sections={sections} />
        </aside>
        <main id="main" className="shell__main" tabIndex={-1}>
          <SyncStatusIndicator />
          <HeldWritePrompt />
          <OfflineBanner />
          <UpdateBanner />
          <SignOutNotice />
          <h1 className={isHome ? "visually-hidden" : "shell__title"}>{title}</h1>
          {route ? (
            <RouteGate route={route} returnTo={location.pathname + location.search}>
              <Outlet />
            </RouteGate>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
      <AppFooter />
      <ScrollRestoration />
      <OrganisationTheme />
    </div>
  );
}
