import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { type ComputedClaim, computeLgmClaim, computeLrpClaim } from "../../../shared/book/claims";
import { lgmInsurancePeriod } from "../../../shared/book/lgm-endorsement";
import type { Coverage, LgmEndorsement } from "../../../shared/documents/book";
import { useBookIndex, useCustomerBook } from "../../components/book";
import { typeLabel } from "../../components/book/record-labels";
import { createClaim } from "../../components/claims";
import { RecordNotFound } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatDollars, formatMonth } from "../../lib/format";
import { useDeviceMarket, useSyncClient } from "../../lib/sync";
import { IndemnityFigures } from "./indemnity-figures";

/**
 * "Open a claim" for one coverage (/agent/claims?coverage=ID): the indemnity the engine computes from
 * RMA's actual value (LRP: from the market data on the device, or typed from RMA's publication; LGM:
 * RMA's actual gross margins and the actual marketings, typed by the agent), then the claim document.
 */
export function OpenClaimPanel({ coverageId, today }: { coverageId: string; today: string }) {
  const index = useBookIndex();
  const summary = index.coverages.find((c) => c.id === coverageId);
  const book = useCustomerBook(summary?.customerId ?? null);
  const coverage = book.coverages[coverageId];
  if (!summary)
    return index.loaded ? (
      <RecordNotFound
        what={`There is no coverage "${coverageId}" in your organisation's book to open a claim for.`}
        backTo="/agent/claims"
        backLabel="Back to the claims"
      />
    ) : (
      <p role="status">Loading the book…</p>
    );
  if (!coverage) return <p role="status">Loading the coverage…</p>;
  return (
    <OpenClaimForm
      coverage={coverage}
      customerId={summary.customerId}
      customerName={book.profile?.name ?? index.customerNames.get(summary.customerId) ?? summary.customerId}
      today={today}
    />
  );
}

function OpenClaimForm({
  coverage,
  customerId,
  customerName,
  today,
}: {
  coverage: Coverage;
  customerId: string;
  customerName: string;
  today: string;
}) {
  const market = useDeviceMarket();
  const client = useSyncClient();
  const session = useSession();
  const navigate = useNavigate();
  const [entered, setEntered] = useState("");
  const lgmMonths =
    coverage.plan === "lgm" ? lgmInsurancePeriod(coverage.commodity, coverage.salesDate).months : [];
  const [margins, setMargins] = useState<string[]>(() => lgmMonths.map(() => ""));
  const [marketings, setMarketings] = useState<string[]>(() =>
    coverage.plan === "lgm" ? coverage.targetMarketings.map(String) : [],
  );
  const [error, setError] = useState<string | null>(null);

  const result = useMemo((): { claim: ComputedClaim } | { problem: string } => {
    try {
      if (coverage.plan === "lrp") {
        const typed = entered.trim();
        if (typed !== "" && !/^\d+(\.\d+)?$/.test(typed))
          return { problem: "Type the actual ending value as dollars per cwt, e.g. 241.87." };
        return {
          claim: computeLrpClaim({
            coverages: [coverage],
            snapshot: market.current,
            today,
            ...(typed ? { enteredActualEndingValue: typed } : {}),
          }),
        };
      }
      if (margins.some((m) => !/^-?\d+(\.\d+)?$/.test(m.trim())))
        return { problem: "Type RMA's actual gross margin of every month (dollars per head or cwt)." };
      if (marketings.some((m) => !/^\d+$/.test(m.trim())))
        return { problem: "Type the actual marketings of every month as whole numbers (0 when none)." };
      return {
        claim: computeLgmClaim({
          endorsement: coverage as LgmEndorsement,
          actualGrossMargins: margins.map((m) => m.trim()),
          actualMarketings: marketings.map((m) => Number(m)),
          today,
        }),
      };
    } catch (e) {
      return { problem: e instanceof Error ? e.message : String(e) };
    }
  }, [coverage, entered, margins, marketings, market.current, today]);

  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (!client || !session.orgId || !("claim" in result) || busy) return;
    setBusy(true);
    try {
      const id = await createClaim(
        client,
        session.orgId,
        customerId,
        result.claim,
        session.user?.sub ?? "unknown",
        new Date(),
      );
      navigate(`/agent/claims/${encodeURIComponent(id)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Card className="claims__panel" aria-labelledby="open-claim-title" data-testid="open-claim-panel">
      <h2 id="open-claim-title">
        Open a claim: {customerName}, {coverage.plan.toUpperCase()}{" "}
        {typeLabel(coverage.plan, coverage.commodity, coverage.type)}
      </h2>
      <p className="claim-note">
        Ends {formatDate(coverage.endDate)}. The indemnity is worked out by RMA's formula from the
        endorsement's frozen figures; you never type it.
      </p>
      {coverage.plan === "lrp" ? (
        <label className="claims__field">
          <span>
            RMA's actual ending value ($/cwt), if the market data on this device does not have it yet
          </span>
          <input
            inputMode="decimal"
            value={entered}
            onChange={(e) => setEntered(e.target.value)}
            placeholder="from the market data"
            data-testid="entered-actual"
          />
        </label>
      ) : (
        <fieldset className="claims__months">
          <legend>RMA's actual gross margins and the actual marketings, per month</legend>
          {lgmMonths.map((month, i) => (
            <div key={month} className="claims__month">
              <span>{formatMonth(month)}</span>
              <label>
                <span>Actual gross margin</span>
                <input
                  inputMode="decimal"
                  value={margins[i] ?? ""}
                  onChange={(e) => setMargins((m) => m.map((v, j) => (j === i ? e.target.value : v)))}
                />
              </label>
              <label>
                <span>Marketed</span>
                <input
                  inputMode="numeric"
                  value={marketings[i] ?? ""}
                  onChange={(e) => setMarketings((m) => m.map((v, j) => (j === i ? e.target.value : v)))}
                />
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {"claim" in result ? (
        <IndemnityFigures claim={result.claim} />
      ) : (
        <Alert tone="warning" title="No indemnity yet">
          {result.problem}
        </Alert>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="claims__actions">
        <Button
          onClick={() => void open()}
          disabled={!("claim" in result) || busy}
          data-testid="open-claim-submit"
        >
          Open the claim
        </Button>
        <ButtonLink to="/agent/claims" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
      {"claim" in result && result.claim.indemnity === "0" ? (
        <p className="claim-note">
          At this value the endorsement pays nothing ({formatDollars(0)}); you may still open a claim to
          record it.
        </p>
      ) : null}
    </Card>
  );
}
