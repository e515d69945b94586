import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useAuth0 } from "../../lib/auth/auth0-context";
import { useReturnTo } from "./use-return-to";
import "./auth.css";

/**
 * /login/: starts a redirect sign-in at once and comes back to `returnTo` (default the home page).
 * `login_hint` is passed on to the identity provider (the embedded one signs that demo user in).
 */
export default function LoginPage() {
  const { isLoading, isAuthenticated, loginWithRedirect } = useAuth0();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [params] = useSearchParams();
  const loginHint = params.get("login_hint") ?? undefined;
  const [problem, setProblem] = useState<Error | null>(null);
  const started = useRef(false);

  const start = useCallback(() => {
    setProblem(null);
    loginWithRedirect({
      appState: { returnTo },
      authorizationParams: loginHint ? { login_hint: loginHint } : {},
    }).catch((error: Error) => setProblem(error));
  }, [loginWithRedirect, returnTo, loginHint]);

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    if (isAuthenticated) navigate(returnTo, { replace: true });
    else start();
  }, [isLoading, isAuthenticated, navigate, returnTo, start]);

  if (problem) {
    return (
      <Card className="auth-page" data-testid="login-page">
        <Alert tone="error" title="Sign-in did not start">
          <p>{problem.message}</p>
        </Alert>
        <Button onClick={start}>Try again</Button>
      </Card>
    );
  }
  return (
    <p className="auth-page__status" role="status" data-testid="login-page">
      Taking you to sign-in…
    </p>
  );
}
