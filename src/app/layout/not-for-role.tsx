import type { Role } from "../../../shared/access/roles";
import type { RouteDefinition } from "../../../shared/access/routes";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { listRoles } from "./role-labels";

/** Shown to a signed-in user whose roles do not include one the screen needs. */
export function NotForYourRole({ route, roles }: { route: RouteDefinition; roles: readonly Role[] }) {
  const needed = route.access.kind === "roles" ? route.access.roles : [];
  return (
    <Card className="gate" data-testid="not-for-role">
      <h2>Not available for your role</h2>
      <p>
        {route.title} is available to the {listRoles(needed)} role. You are signed in
        {roles.length > 0 ? ` as ${listRoles(roles).replace(" or ", " and ")}` : " without a role"}.
      </p>
      <p>If you need this screen, ask your agency's administrator to change your role.</p>
      <div className="gate__actions">
        <ButtonLink to="/" variant="secondary">
          Go to Home
        </ButtonLink>
      </div>
    </Card>
  );
}
