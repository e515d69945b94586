import { useCallback, useState } from "react";
import { useSession } from "../../lib/auth/session";

/** Starts sign-in and keeps the failure message (e.g. the identity provider cannot be reached). */
export function useSignIn(returnTo: string) {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signIn = useCallback(() => {
    setError(null);
    setPending(true);
    session
      .signIn(returnTo)
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)))
      .finally(() => setPending(false));
  }, [session, returnTo]);
  return { signIn, error, pending };
}
