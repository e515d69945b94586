import type { ReactNode } from "react";
import { Card } from "../../components/ui/card";
import "./placeholders.css";

/** Says plainly that a screen is not built yet, and what it will do. */
export function NotBuiltYet({ children }: { children?: ReactNode }) {
  return (
    <Card className="not-built-yet" data-testid="not-built-yet">
      <p className="not-built-yet__badge">Not built yet</p>
      <p>This screen is not built yet.</p>
      {children ? <p className="not-built-yet__planned">What it will do: {children}</p> : null}
    </Card>
  );
}
