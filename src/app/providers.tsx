import type { ReactNode } from "react";
import { AuthProvider } from "../lib/auth/auth-provider";
import { SyncProvider } from "../lib/sync/react/sync-context";

// Everything the screens read from context is provided here, around the router. The auth provider
// (src/lib/auth) wraps the app here and supplies useSession(); until it is mounted the session is
// signed out (SessionContext's default).
export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <SyncProvider>{children}</SyncProvider>
    </AuthProvider>
  );
}
