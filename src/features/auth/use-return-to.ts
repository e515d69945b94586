import { useSearchParams } from "react-router";
import { safeReturnTo } from "../../lib/auth/return-to";

/** The `returnTo` query parameter when it is a path on this origin, else `fallback`. */
export function useReturnTo(fallback = "/"): string {
  const [params] = useSearchParams();
  return safeReturnTo(params.get("returnTo")) ?? fallback;
}
