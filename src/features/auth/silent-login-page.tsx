import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useAuth0 } from "../../lib/auth/auth0-context";
import { authErrorCode } from "../../lib/auth/errors";
import { useSession } from "../../lib/auth/session";
import { useReturnTo } from "./use-return-to";
import "./auth.css";

/**
 * /silent-login: picks up a sign-in session the identity provider already has (e.g. from a sibling
 * application) without showing anything, then goes on to `returnTo`. When there is none it says so
 * and offers to sign in.
 */
export default function SilentLoginPage() {
  const { isLoading, isAuthenticated, getAccessTokenSilently } = useAuth0();
  const session = useSession();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [outcome, setOutcome] = useState<"trying" | "no-session" | "failed">("trying");
  const [message, setMessage] = useState<string>("");
  const started = useRef(false);

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    if (isAuthenticated) {
      navigate(returnTo, { replace: true });
      return;
    }
    getAccessTokenSilently({ cacheMode: "off" }).then(
      () => navigate(returnTo, { replace: true }),
      (error: Error) => {
        setOutcome(authErrorCode(error) === "login_required" ? "no-session" : "failed");
        setMessage(error.message);
      },
    );
  }, [isLoading, isAuthenticated, getAccessTokenSilently, navigate, returnTo]);

  if (outcome === "trying") {
    return (
      <p className="auth-page__status" role="status" data-testid="silent-login">
        Checking your sign-in…
      </p>
    );
  }
  return (
    <Card className="auth-page" data-testid="silent-login">
      <p role="status">
        {outcome === "no-session" ? "You are not signed in." : `Could not check your sign-in: ${message}`}
      </p>
      <Button onClick={() => void session.signIn(returnTo)}>Sign in</Button>
    </Card>
  );
}
