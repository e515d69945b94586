import type { ReactNode } from "react";
import { canOpen, type RouteDefinition } from "../../../shared/access/routes";
import { useSession } from "../../lib/auth/session";
import { NotForYourRole } from "./not-for-role";
import { SignInPrompt } from "./sign-in-prompt";

/**
 * Renders a screen only for a visitor the route policy lets in. Signed out -> a sign-in prompt;
 * signed in without the role -> "not available for your role"; still checking -> a short wait.
 */
export function RouteGate({
  route,
  returnTo,
  children,
}: {
  route: RouteDefinition;
  returnTo: string;
  children: ReactNode;
}) {
  const session = useSession();
  const roles = session.status === "signed-in" ? session.roles : [];
  if (canOpen(route, roles)) return children;
  if (session.status === "loading") {
    return (
      <p role="status" className="gate__checking">
        Checking your sign-in…
      </p>
    );
  }
  if (session.status === "signed-out") return <SignInPrompt route={route} returnTo={returnTo} />;
  return <NotForYourRole route={route} roles={session.roles} />;
}
