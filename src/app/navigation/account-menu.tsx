import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { useSignIn } from "../layout/use-sign-in";

// The menu (Ark UI's Menu with its positioning) is loaded only once someone is signed in.
const UserMenu = lazy(() => import("./user-menu"));

/** Header corner: "Sign in" when signed out, the user's menu (profile, sign out) when signed in. */
export function AccountMenu() {
  const session = useSession();
  const location = useLocation();
  const { signIn, error, pending } = useSignIn(location.pathname + location.search);

  if (session.status === "loading") return <span className="app-header__account-status">Signing in…</span>;
  if (session.status === "signed-out") {
    return (
      <div className="app-header__account">
        <Button variant="secondary" className="app-header__sign-in" onClick={signIn} disabled={pending}>
          Sign in
        </Button>
        {error ? (
          <div className="app-header__account-error">
            <Alert tone="error" title="Sign-in did not start">
              <p>{error}</p>
            </Alert>
          </div>
        ) : null}
      </div>
    );
  }
  const name = session.user?.name ?? session.user?.email ?? "Account";
  return (
    <Suspense fallback={<span className="app-header__account-status">{name}</span>}>
      <UserMenu session={session} name={name} />
    </Suspense>
  );
}
