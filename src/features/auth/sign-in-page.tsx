import { useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { useReturnTo } from "./use-return-to";
import "./auth.css";

/** /account/signin: a sign-in button (or, when signed in, who you are and a way out). */
export default function SignInPage() {
  const session = useSession();
  const returnTo = useReturnTo();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (session.status === "signed-in") {
    return (
      <Card className="auth-page" data-testid="sign-in-page">
        <p role="status">
          You are signed in as <strong>{session.user?.name ?? session.user?.email}</strong>
          {session.user?.email && session.user.name ? ` (${session.user.email})` : ""}.
        </p>
        <div className="auth-page__actions">
          <ButtonLink to={returnTo}>Continue</ButtonLink>
          <Button variant="secondary" onClick={() => void session.signOut()}>
            Sign out
          </Button>
        </div>
      </Card>
    );
  }
  const signIn = () => {
    setProblem(null);
    setPending(true);
    session
      .signIn(returnTo)
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
      .finally(() => setPending(false));
  };
  return (
    <Card className="auth-page" data-testid="sign-in-page">
      <p>Sign in to see your coverages and watchlist, or to work on your agency's customers.</p>
      {problem || session.error ? (
        <Alert tone="error" title="Sign-in did not start">
          <p>{problem ?? session.error?.message}</p>
        </Alert>
      ) : null}
      <Button onClick={signIn} disabled={pending || session.status === "loading"}>
        Sign in
      </Button>
    </Card>
  );
}
