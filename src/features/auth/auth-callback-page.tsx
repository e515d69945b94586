import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { accessClaimsSchema } from "../../../shared/access/identity-claims";
import { Alert } from "../../components/ui/alert";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useAuth0 } from "../../lib/auth/auth0-context";
import { safeReturnTo } from "../../lib/auth/return-to";
import "./auth.css";

/**
 * /auth-callback (spec §2): reads code, state and error from the address, completes the sign-in,
 * then replaces the address with the return-to address or the current path.
 */
export default function AuthCallbackPage() {
  const { handleRedirectCallback, isAuthenticated, isLoading, user } = useAuth0();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Error | null>(null);
  const started = useRef(false);
  // Signed in without a page to return to: an agent lands on the Agent Hub, everyone else on Home.
  const [landing, setLanding] = useState(false);
  useEffect(() => {
    if (!landing || !user) return;
    const claims = accessClaimsSchema.safeParse(user);
    navigate(claims.success && claims.data.roles.includes("agent") ? "/agent" : "/", { replace: true });
  }, [landing, user, navigate]);

  useEffect(() => {
    if (started.current) return;
    const params = new URLSearchParams(window.location.search);
    const hasResponse = params.has("code") || params.has("error");
    // Without a response there is nothing to complete: wait for the session check, then say so.
    if (!hasResponse && (isLoading || isAuthenticated)) return;
    started.current = true;
    handleRedirectCallback(window.location.href).then(
      (appState) => {
        const target = safeReturnTo(appState?.returnTo);
        if (target === undefined || target === "/") setLanding(true);
        else navigate(target, { replace: true });
      },
      (error: Error) => setProblem(error),
    );
  }, [handleRedirectCallback, isAuthenticated, isLoading, navigate]);

  if (problem) {
    return (
      <Card className="auth-page" data-testid="auth-callback">
        <Alert tone="error" title="Sign-in did not complete">
          <p>{problem.message}</p>
        </Alert>
        <div className="auth-page__actions">
          <ButtonLink to="/login/">Try again</ButtonLink>
          <Link to="/">Home</Link>
        </div>
      </Card>
    );
  }
  if (isAuthenticated && !new URLSearchParams(window.location.search).has("state")) {
    return (
      <Card className="auth-page" data-testid="auth-callback">
        <p role="status">You are signed in as {user?.name ?? user?.email}.</p>
        <ButtonLink to="/">Continue</ButtonLink>
      </Card>
    );
  }
  return (
    <p className="auth-page__status" role="status" data-testid="auth-callback">
      Completing sign-in…
    </p>
  );
}
