import { useNavigate } from "react-router";
import { Menu } from "../../components/ui/menu";
import type { Session } from "../../lib/auth/session";

/** The signed-in user's menu (profile, sign out); loaded with the first signed-in render (Ark UI's Menu). */
export default function UserMenu({ session, name }: { session: Session; name: string }) {
  const navigate = useNavigate();
  return (
    <Menu
      label={`Account: ${name}`}
      trigger={
        <>
          {/* The initial is drawn by CSS (data-initial): as text it would make the visible label
              "P Pat" differ from the accessible name "Account: Pat" (WCAG 2.5.3). */}
          <span
            className="app-header__avatar"
            aria-hidden="true"
            data-initial={name.slice(0, 1).toUpperCase()}
          />
          <span className="app-header__name">{name}</span>
        </>
      }
      heading={session.user?.email ?? name}
      items={[
        { value: "profile", label: "My Profile", onSelect: () => navigate("/profile") },
        { value: "sign-out", label: "Sign out", onSelect: () => void session.signOut() },
        {
          value: "sign-out-everywhere",
          label: "Sign out on all devices",
          onSelect: () => void session.signOutEverywhere(),
        },
      ]}
    />
  );
}
