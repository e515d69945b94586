import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { applyUpdate, useUpdateState } from "../../lib/pwa/use-update-state";

/** Offers a new version; reloads only when the user presses "Reload". */
export function UpdateBanner() {
  const state = useUpdateState();
  if (state === "idle") return null;
  return (
    <Alert
      tone="info"
      title="A new version of Rangeline is ready."
      actions={
        <Button onClick={applyUpdate} disabled={state === "updating"}>
          Reload
        </Button>
      }
    >
      <p>Reload when it suits you; anything you have typed in a form is kept on this device until then.</p>
    </Alert>
  );
}
