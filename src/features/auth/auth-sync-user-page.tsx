import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useAuth0 } from "../../lib/auth/auth0-context";
import { useSession } from "../../lib/auth/session";
import { useReturnTo } from "./use-return-to";
import "./auth.css";

/**
 * /auth-sync-user: asks the identity provider again, bypassing the token cache, so a change an admin
 * made (roles, organisation, linked customer) reaches this device; then goes on to `returnTo`.
 */
export default function AuthSyncUserPage() {
  const { isLoading, isAuthenticated, refreshUser } = useAuth0();
  const session = useSession();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [problem, setProblem] = useState<Error | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (isLoading || !isAuthenticated || started.current) return;
    started.current = true;
    refreshUser().then(
      () => navigate(returnTo, { replace: true }),
      (error: Error) => setProblem(error),
    );
  }, [isLoading, isAuthenticated, refreshUser, navigate, returnTo]);

  if (!isLoading && !isAuthenticated) {
    return (
      <Card className="auth-page" data-testid="auth-sync-user">
        <p role="status">Sign in to update your account on this device.</p>
        <Button
          onClick={() => void session.signIn(`/auth-sync-user?returnTo=${encodeURIComponent(returnTo)}`)}
        >
          Sign in
        </Button>
      </Card>
    );
  }
  if (problem) {
    return (
      <Card className="auth-page" data-testid="auth-sync-user">
        <Alert tone="error" title="Your account could not be updated">
          <p>{problem.message}</p>
        </Alert>
        <ButtonLink to={returnTo}>Continue</ButtonLink>
      </Card>
    );
  }
  return (
    <p className="auth-page__status" role="status" data-testid="auth-sync-user">
      Updating your account…
    </p>
  );
}
