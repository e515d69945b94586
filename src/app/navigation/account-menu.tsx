import { useLocation, useNavigate } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Menu } from "../../components/ui/menu";
import { useSession } from "../../lib/auth/session";
import { useSignIn } from "../layout/use-sign-in";

/** Header corner: "Sign in" when signed out, the user's menu (profile, sign out) when signed in. */
export function AccountMenu() {
  const session = useSession();
  const navigate = useNavigate();
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
    <Menu
      label={`Account: ${name}`}
      trigger={
        <>
          <span className="app-header__avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="app-header__name">{name}</span>
        </>
      }
      heading={session.user?.email ?? name}
      items={[
        { value: "profile", label: "My Profile", onSelect: () => navigate("/profile") },
        { value: "sign-out", label: "Sign out", onSelect: () => void session.signOut() },
      ]}
    />
  );
}
