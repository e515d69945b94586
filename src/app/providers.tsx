import type { ReactNode } from "react";

// Everything the screens read from context is provided here, around the router. The auth provider
// (src/lib/auth) wraps the app here and supplies useSession(); until it is mounted the session is
// signed out (SessionContext's default).
export function Providers({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
