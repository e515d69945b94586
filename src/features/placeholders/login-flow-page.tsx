import type { RouteId } from "../../../shared/access/routes";
import { Card } from "../../components/ui/card";

/** Stand-in for the five login-flow routes until the identity pages are connected. */
export function LoginFlowPage({ routeId }: { routeId: RouteId }) {
  return (
    <Card data-testid="login-flow-placeholder" data-route={routeId}>
      <p>Signing in is not connected to this page yet.</p>
    </Card>
  );
}
