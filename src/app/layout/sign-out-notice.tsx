import { useState } from "react";
import { Alert } from "../../components/ui/alert";
import { takeSignOutNotice } from "../../lib/auth/server-sign-out";

/** Once, on the page a sign-out lands on: what the person should still know (server-sign-out.ts). */
export function SignOutNotice() {
  const [message] = useState(takeSignOutNotice);
  if (!message) return null;
  return (
    <Alert tone="warning" title="Signed out, but not everywhere yet">
      <p>{message}</p>
    </Alert>
  );
}
