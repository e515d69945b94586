import { Link } from "react-router";
import type { RouteDefinition } from "../../../shared/access/routes";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { listRoles } from "./role-labels";
import { useSignIn } from "./use-sign-in";

/** Shown instead of a role-restricted screen to a visitor who is not signed in. */
export function SignInPrompt({ route, returnTo }: { route: RouteDefinition; returnTo: string }) {
  const { signIn, error, pending } = useSignIn(returnTo);
  const roles = route.access.kind === "roles" ? route.access.roles : [];
  return (
    <Card className="gate" data-testid="sign-in-prompt">
      <h2>Sign in to continue</h2>
      <p>
        {route.title} is for signed-in users{roles.length > 0 ? ` with the ${listRoles(roles)} role` : ""}.
        Sign in and you will come straight back here.
      </p>
      {error ? (
        <Alert tone="error" title="Sign-in did not start">
          <p>{error}</p>
        </Alert>
      ) : null}
      <div className="gate__actions">
        <Button onClick={signIn} disabled={pending}>
          Sign in
        </Button>
        <Link to="/account/signin">Other ways to sign in</Link>
      </div>
    </Card>
  );
}
