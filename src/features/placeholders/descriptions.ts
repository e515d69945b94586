import type { RouteId } from "../../../shared/access/routes";

/** What each screen that a later issue builds will do, shown on its "not built yet" page. */
export const PLANNED: Partial<Record<RouteId, string>> = {
};
