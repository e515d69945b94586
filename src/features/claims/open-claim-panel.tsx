import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import {
  type ComputedClaim,
  computeLgmClaim,
  computeLrpClaim,
  ENTERED_SOURCE_MAX,
  type LgmProration,
  lgmProration,
  lrpClaimCompanions,
} from "../../../shared/book/claims";
import { lgmInsurancePeriod } from "../../../shared/book/lgm-endorsement";
import type { Coverage, LgmEndorsement, LrpCoverage } from "../../../shared/documents/book";
import type { ClaimProposalRecord } from "../../../shared/documents/claim";
import { SAMPLE_MARKET_LABEL } from "../../../shared/market/snapshot";
import { lgmProrationThreshold } from "../../../shared/pricing/claims";
import { useBookIndex, useCustomerBook } from "../../components/book";
import { typeLabel } from "../../components/book/record-labels";
import { BookForm, Field } from "../../components/book-forms";
import { createClaim } from "../../components/claims";
import { useServerClaimProposals } from "../../components/claims/use-claim-proposals";
import { RecordNotFound } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatDollars, formatMonth } from "../../lib/format";
import { useDeviceMarket, useSyncClient } from "../../lib/sync";
import { claimEntryProblems } from "./claim-entries";
import { IndemnityFigures } from "./indemnity-figures";
import { useHistoryActual } from "./use-history-actual";

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
      companions={coverage.plan === "lrp" ? lrpClaimCompanions(coverage, book.coverages, index.claims) : []}
      customerId={summary.customerId}
      customerName={book.profile?.name ?? index.customerNames.get(summary.customerId) ?? summary.customerId}
      today={today}
    />
  );
}

/** The endorsements the claim names: the one it was opened from, and the others the agent ticks. */
function CompanionPicker({
  coverage,
  companions,
  chosen,
  onChange,
  indemnityOf,
}: {
  coverage: LrpCoverage;
  companions: LrpCoverage[];
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The endorsement's own indemnity at the value the claim uses, or null when there is none yet. */
  indemnityOf: (c: LrpCoverage) => string | null;
}) {
  const line = (c: LrpCoverage) => {
    const pays = indemnityOf(c);
    return `Bought ${formatDate(c.salesDate)}: ${c.head} head × ${c.targetWeightCwt} cwt at ${formatDollars(c.coveragePrice, { cents: true })}/cwt${c.share !== "1" ? `, share ${c.share}` : ""}${pays === null ? "" : ` — pays ${formatDollars(pays)}`}`;
  };
  return (
    <fieldset className="claims__companions" data-testid="claim-endorsements">
      <legend>Endorsements this claim names</legend>
      <p className="claim-note">
        This customer has other endorsements of the same type ending {formatDate(coverage.endDate)} without a
        claim: tick those this claim covers too (one notice of loss for all).
      </p>
      <label className="claims__check">
        <input type="checkbox" checked disabled />
        <span>{line(coverage)} (the one you opened this from)</span>
      </label>
      {companions.map((c) => (
        <label key={c.id} className="claims__check">
          <input
            type="checkbox"
            data-coverage={c.id}
            checked={chosen.has(c.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(c.id);
              else next.delete(c.id);
              onChange(next);
            }}
          />
          <span>{line(c)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function OpenClaimForm({
  coverage,
  companions,
  customerId,
  customerName,
  today,
}: {
  coverage: Coverage;
  companions: LrpCoverage[];
  customerId: string;
  customerName: string;
  today: string;
}) {
  const market = useDeviceMarket();
  const client = useSyncClient();
  const session = useSession();
  const navigate = useNavigate();
  const [entered, setEntered] = useState("");
  const [enteredSource, setEnteredSource] = useState("");
  // An endorsement that ended before the device's market data: RMA's value from the market history.
  const historical = useHistoryActual(coverage, market.current, today);
  const snapshot = historical.status === "found" ? historical.snapshot : market.current;
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const lgmMonths = useMemo(
    () => (coverage.plan === "lgm" ? lgmInsurancePeriod(coverage.commodity, coverage.salesDate).months : []),
    [coverage],
  );
  // LGM: the server's proposal carries the actual gross margins it worked out; the agent may change them.
  const proposal: ClaimProposalRecord | undefined = useServerClaimProposals()[coverage.id];
  const proposed = coverage.plan === "lgm" ? proposal?.lgm?.actualGrossMargins : undefined;
  const [margins, setMargins] = useState<string[]>(() => proposed ?? lgmMonths.map(() => ""));
  // The organisation document may load after the form: take the proposal's margins while none is typed.
  useEffect(() => {
    if (proposed) setMargins((m) => (m.every((v) => v.trim() === "") ? [...proposed] : m));
  }, [proposed]);
  const fromProposal =
    proposal && proposed && margins.every((m, i) => m.trim() === proposed[i])
      ? { marketAsOf: proposal.marketAsOf }
      : undefined;
  const [marketings, setMarketings] = useState<string[]>(() =>
    coverage.plan === "lgm" ? coverage.targetMarketings.map(String) : [],
  );
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const monthNames = useMemo(() => lgmMonths.map((m) => formatMonth(m)), [lgmMonths]);
  const problems = useMemo(
    () => claimEntryProblems(coverage.plan, { entered, margins, marketings }, monthNames),
    [coverage.plan, entered, margins, marketings, monthNames],
  );

  const result = useMemo((): { claim: ComputedClaim; lgm?: LgmProration } | { problem: string } => {
    const keys = Object.keys(problems);
    try {
      if (coverage.plan === "lrp") {
        const typed = entered.trim();
        if (problems.entered)
          return { problem: "Type the actual ending value as dollars per cwt, e.g. 241.87." };
        return {
          claim: computeLrpClaim({
            coverages: [coverage, ...companions.filter((c) => chosen.has(c.id))],
            snapshot,
            today,
            ...(typed ? { enteredActualEndingValue: typed } : {}),
            ...(typed && enteredSource.trim() ? { enteredSource } : {}),
          }),
        };
      }
      if (keys.some((k) => k.startsWith("margin-")))
        return { problem: "Type RMA's actual gross margin of every month (dollars per head or cwt)." };
      if (keys.some((k) => k.startsWith("marketed-")))
        return { problem: "Type the actual marketings of every month as whole numbers (0 when none)." };
      const actualGrossMargins = margins.map((m) => m.trim());
      const actualMarketings = marketings.map((m) => Number(m));
      return {
        claim: computeLgmClaim({
          endorsement: coverage as LgmEndorsement,
          actualGrossMargins,
          actualMarketings,
          today,
          ...(fromProposal ? { fromProposal } : {}),
        }),
        lgm: lgmProration(coverage as LgmEndorsement, actualGrossMargins, actualMarketings),
      };
    } catch (e) {
      return { problem: e instanceof Error ? e.message : String(e) };
    }
  }, [
    coverage,
    companions,
    chosen,
    entered,
    margins,
    marketings,
    snapshot,
    enteredSource,
    today,
    fromProposal,
    problems,
  ]);
  // After a try, each entry's problem is said under it; an LRP claim the engine cannot work out yet
  // (no actual ending value on the device) asks for the value at its field.
  const messageAt = (key: string): string | undefined => {
    if (!tried) return undefined;
    if (problems[key]) return problems[key];
    if (key === "entered" && "problem" in result)
      return `Enter the actual ending value from RMA's publication: ${result.problem}`;
    return undefined;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if ("claim" in result) void open();
  };

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
        {coverage.endDate < today ? "Ended" : "Ends"} {formatDate(coverage.endDate)}
        {coverage.plan === "lgm"
          ? `; gross margin guarantee ${formatDollars(coverage.grossMarginGuarantee)} for ${coverage.targetMarketings.reduce((a, b) => a + b, 0)} target ${coverage.commodity === "0847" ? "cwt of milk" : "head"}`
          : ""}
        . The indemnity is worked out by RMA's formula from the endorsement's frozen figures; you never type
        it.
      </p>
      <BookForm className="claims__form" requiredNote={coverage.plan === "lgm"} onSubmit={submit}>
        {coverage.plan === "lrp" && companions.length > 0 ? (
          <CompanionPicker
            coverage={coverage}
            companions={companions}
            chosen={chosen}
            onChange={setChosen}
            indemnityOf={(c) => {
              const typed = entered.trim();
              try {
                return computeLrpClaim({
                  coverages: [c],
                  snapshot,
                  today,
                  ...(/^\d+(\.\d+)?$/.test(typed) ? { enteredActualEndingValue: typed } : {}),
                }).indemnity;
              } catch {
                return null;
              }
            }}
          />
        ) : null}
        {coverage.plan === "lrp" ? (
          <div className="claims__field">
            <Field
              label="Actual ending value ($/cwt) typed from RMA's publication — only when the market data on this device does not have it yet"
              error={messageAt("entered")}
            >
              <input
                inputMode="decimal"
                value={entered}
                onChange={(e) => setEntered(e.target.value)}
                placeholder="leave empty to use the market data"
                data-testid="entered-actual"
                className="book-input"
              />
            </Field>
            {entered.trim() ? (
              <Field label="Where you read it (RMA's report and its date)">
                <input
                  value={enteredSource}
                  maxLength={ENTERED_SOURCE_MAX}
                  onChange={(e) => setEnteredSource(e.target.value)}
                  placeholder="e.g. RMA LRP actual ending values of Oct 9, 2026"
                  data-testid="entered-source"
                  className="book-input"
                />
              </Field>
            ) : null}
            {historical.status === "looking" ? (
              <p className="claim-note" role="status">
                Looking for RMA's actual ending value of {formatDate(coverage.endDate)} in the market history…
              </p>
            ) : historical.status === "found" ? (
              <p className="claim-note" data-testid="history-actual">
                RMA's actual ending value from the market data of {formatDate(historical.snapshot.asOf)}{" "}
                (market history).
              </p>
            ) : null}
          </div>
        ) : (
          <fieldset className="claims__months">
            <legend>Actual gross margins and the actual marketings, per month</legend>
            <p className="claim-note">
              {proposed
                ? `The margins are the ones the server worked out from the futures settlements (market data of ${formatDate(proposal?.marketAsOf ?? today)}); check them against RMA's publication. `
                : "Type RMA's actual gross margin of each month (per head, or per cwt of milk). "}
              Type what the producer actually marketed each month: below{" "}
              {Number(lgmProrationThreshold(coverage.commodity, coverage.cropYear)) * 100} % of the target the
              indemnity is prorated.
            </p>
            {lgmMonths.map((month, i) => (
              <div key={month} className="claims__month">
                <span>{formatMonth(month)}</span>
                <Field
                  label={<MonthLabel what="Actual gross margin" month={monthNames[i]} />}
                  required
                  error={messageAt(`margin-${i}`)}
                >
                  <input
                    inputMode="decimal"
                    data-testid={`lgm-margin-${i}`}
                    className="book-input"
                    value={margins[i] ?? ""}
                    onChange={(e) => setMargins((m) => m.map((v, j) => (j === i ? e.target.value : v)))}
                  />
                </Field>
                <Field
                  label={<MonthLabel what="Marketed" month={monthNames[i]} />}
                  required
                  error={messageAt(`marketed-${i}`)}
                >
                  <input
                    inputMode="numeric"
                    data-testid={`lgm-marketed-${i}`}
                    className="book-input"
                    value={marketings[i] ?? ""}
                    onChange={(e) => setMarketings((m) => m.map((v, j) => (j === i ? e.target.value : v)))}
                  />
                </Field>
              </div>
            ))}
          </fieldset>
        )}
        {"claim" in result ? (
          <IndemnityFigures
            claim={result.claim}
            lgm={result.lgm ?? null}
            sample={(snapshot ?? market.current)?.label === SAMPLE_MARKET_LABEL}
          />
        ) : (
          <Alert tone="warning" title="No indemnity yet">
            {result.problem}
          </Alert>
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="claims__actions">
          <Button type="submit" disabled={busy} data-testid="open-claim-submit">
            Open the claim
          </Button>
          <ButtonLink to="/agent/claims" variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </BookForm>
      {"claim" in result && result.claim.indemnity === "0" ? (
        <p className="claim-note">
          At this value the endorsement pays nothing ({formatDollars(0)}); you may still open a claim to
          record it.
        </p>
      ) : null}
    </Card>
  );
}

/** "Actual gross margin", its month said to a screen reader (six fields share the visible words). */
function MonthLabel({ what, month }: { what: string; month: string | undefined }) {
  return (
    <>
      {what}
      <span className="visually-hidden">, {month}</span>
    </>
  );
}
