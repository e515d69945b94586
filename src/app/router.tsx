import { createBrowserRouter, type RouteObject } from "react-router";
import { ROUTES } from "../../shared/access/routes";
import { AppLayout } from "./layout/app-layout";
import { NotFound } from "./layout/not-found";
import { RouteError } from "./layout/route-error";
import type { RouteHandle } from "./layout/use-current-route";
import { ROUTE_ELEMENTS, type ScreenLoader } from "./route-elements";

/** Nothing is shown before the first screen has loaded (the page is blank for a moment). */
function HydrateFallback() {
  return null;
}

/** Every route of spec §2 (shared/access/routes.ts) under the app frame, plus "page not found". */
export function appRoutes(elements: Record<string, ScreenLoader> = ROUTE_ELEMENTS): RouteObject[] {
  return [
    {
      id: "root",
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback,
      children: [
        ...ROUTES.map(
          (route): RouteObject => ({
            id: route.id,
            path: route.path,
            handle: { route } satisfies RouteHandle,
            lazy: async () => {
              const load = elements[route.id];
              if (!load) throw new Error(`No screen registered for route ${route.id}`);
              const screen = await load();
              screen.onRouteLoad?.();
              return { Component: screen.default };
            },
          }),
        ),
        { id: "not-found", path: "*", Component: NotFound },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(appRoutes());
