import { isRouteErrorResponse, useRouteError } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";

/** When a screen fails to load or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="route-error">
      <Alert
        tone="error"
        title="This screen could not be shown."
        actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        <p>
          If you are offline, the screen may not be stored on this device yet; try again with a connection.
        </p>
        <p className="route-error__detail">{detail}</p>
      </Alert>
    </div>
  );
}
