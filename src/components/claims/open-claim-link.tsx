import { daysBetween } from "../../../shared/market/dates";
import { useBookIndex } from "../book";
import { ButtonLink } from "../ui/button";
import { claimHref, openClaimHref } from "./claim-documents";

/** Coverage statuses a claim may be opened from: bought, ended, or already claimed (another claim). */
const CLAIMABLE = new Set(["accepted", "ended", "claimed"]);
/** An endorsement ending within this many days may have its claim prepared (an estimate until then). */
const ENDING_DAYS = 14;

/**
 * On a coverage's page: "Open a claim" for an ended (or ending) endorsement, or "See the claim" when a
 * claim names it already (docs/claims.md).
 */
export function OpenClaimLink({
  coverage,
  today,
}: {
  coverage: { id: string; status: string; endDate: string };
  today: string;
}) {
  const index = useBookIndex();
  const existing = index.claims.find((c) => c.coverageIds.includes(coverage.id));
  if (existing)
    return (
      <ButtonLink to={claimHref(existing.id)} variant="secondary" data-testid="see-claim">
        See the claim
      </ButtonLink>
    );
  if (!CLAIMABLE.has(coverage.status) || daysBetween(today, coverage.endDate) > ENDING_DAYS) return null;
  return (
    <ButtonLink to={openClaimHref(coverage.id)} variant="secondary" data-testid="open-claim">
      Open a claim
    </ButtonLink>
  );
}
