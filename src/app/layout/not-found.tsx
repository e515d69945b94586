import { useLocation } from "react-router";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

/** Any path that is not in the route table. */
export function NotFound() {
  const location = useLocation();
  return (
    <Card>
      <p>
        There is no page at <code>{location.pathname}</code>. The link may be old or mistyped.
      </p>
      <ButtonLink to="/" variant="secondary">
        Go to Home
      </ButtonLink>
    </Card>
  );
}
