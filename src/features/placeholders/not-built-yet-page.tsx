import type { RouteId } from "../../../shared/access/routes";
import { PLANNED } from "./descriptions";
import { NotBuiltYet } from "./not-built-yet";

/** The stand-in for any route whose screen a later issue builds. */
export function NotBuiltYetPage({ routeId }: { routeId: RouteId }) {
  return <NotBuiltYet>{PLANNED[routeId]}</NotBuiltYet>;
}
