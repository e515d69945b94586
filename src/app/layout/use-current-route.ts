import { useEffect } from "react";
import { useMatches } from "react-router";
import type { AppRoute } from "../../../shared/access/routes";

/** What the router attaches to each route of the table (see router.tsx). */
export interface RouteHandle {
  route: AppRoute;
}

const hasRoute = (handle: unknown): handle is RouteHandle =>
  typeof handle === "object" && handle !== null && "route" in handle;

/** The §2 route being shown, or undefined on the "page not found" screen. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (hasRoute(handle)) return handle.route;
  }
  return undefined;
}

export const APP_NAME = "Rangeline";

/** "FAQ · Rangeline". */
export const documentTitle = (title: string): string => `${title} · ${APP_NAME}`;

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
