import { LGM_RESULT_LABELS } from "../../../shared/catalogue/labels";
import { LGM_INPUT_LABELS, type LgmInputCommodity } from "../../../shared/catalogue/lgm-types";
import type { LgmEndorsement } from "../../../shared/documents/book";
import { addMonths, daysBetween, formatYearMonth, parseYearMonth } from "../../../shared/market/dates";
import { OpenClaimLink } from "../../components/claims";
import { Card } from "../../components/ui/card";
import { formatDate, formatMonth, formatNumber } from "../../lib/format";
import { commodityLabel, formatPremium, typeLabel } from "./coverage-rows";
import { DeductiblePosition, deductibleUnit, formatDeductible } from "./deductible-position";
import { EndorsementCurve } from "./endorsement-curve";
import { keyDates } from "./key-dates";
import { PolicyLink } from "./lrp-coverage-page";
import { OverlapWarnings } from "./overlap-warnings";
import { dateWithDays, Figures, HistoryCard, LookupState, RecordLinks } from "./record-parts";
import { StatusPanel } from "./status-panel";
import { useCoverageRecord } from "./use-coverage-record";
import { useToday } from "./use-today";

const [MARKETING_MONTH, DEDUCTIBLE, GUARANTEE, PRODUCER_PREMIUM] = LGM_RESULT_LABELS;

export const LGM_FIELD_LABELS: Readonly<Record<string, string>> = {
  policyId: "Policy",
  commodity: "Livestock type",
  type: "Type",
  targetMarketings: "Target marketings",
  firstMonth: "First month",
  endDate: "End date",
  weights: "Weights",
  deductible: DEDUCTIBLE as string,
  expectedGrossMargin: "Expected gross margin",
  grossMarginGuarantee: GUARANTEE as string,
  totalPremium: "Total premium",
  subsidy: "Subsidy",
  producerPremium: PRODUCER_PREMIUM as string,
  salesDate: "Sales date",
  cropYear: "Crop year",
  status: "Status",
  statusReason: "Reason",
  snapshotAsOf: "Priced on the market data of",
  snapshotLabel: "Market data",
  stateCode: "State of the draws",
};

/** The months of the insurance period with their target marketings. */
export function endorsementMonths(e: Pick<LgmEndorsement, "firstMonth" | "targetMarketings">) {
  const first = parseYearMonth(e.firstMonth);
  return e.targetMarketings.map((head, i) => ({ month: formatYearMonth(addMonths(first, i)), head }));
}

/** /agent/coverages/lgm/{endorsementId} — one LGM endorsement. */
export function LgmEndorsementView({ endorsementId }: { endorsementId: string }) {
  const lookup = useCoverageRecord("lgm", endorsementId);
  const today = useToday();
  if (lookup.state !== "found")
    return (
      <LookupState
        lookup={lookup}
        what={`There is no LGM endorsement "${endorsementId}" in your organisation's book.`}
      />
    );
  const { record: e, book, customerName } = lookup;
  const unit = deductibleUnit(e.commodity);
  const total = e.targetMarketings.reduce((a, b) => a + b, 0);
  const dates = keyDates(e);
  const months = endorsementMonths(e);
  return (
    <div className="coverage" data-testid="lgm-endorsement-page">
      <header>
        <h2 className="coverage__title">
          {customerName}: {typeLabel("lgm", e.commodity, e.type)}, {formatNumber(total)} {unit}
        </h2>
        <p className="note">
          {commodityLabel("lgm", e.commodity)} · LGM endorsement · crop year {e.cropYear}
        </p>
      </header>
      <RecordLinks customerId={book.customerId ?? ""}>
        <OpenClaimLink coverage={e} today={today} />
      </RecordLinks>
      <StatusPanel record={e} book={book} headingId="lgm-status" />
      <OverlapWarnings coverageId={e.id} coverages={Object.values(book.coverages)} policies={book.policies} />
      <Card aria-labelledby="lgm-dates">
        <h2 id="lgm-dates">Dates</h2>
        <Figures
          items={[
            { label: "Sales date", value: formatDate(e.salesDate) },
            {
              label: "Insurance period",
              value: `${formatMonth(e.firstMonth)} – ${formatMonth(months[months.length - 1]?.month ?? e.firstMonth)}`,
            },
            {
              label: "End date",
              value: dateWithDays(e.endDate, daysBetween(today, e.endDate)),
              testId: "end-date",
            },
            {
              label: "Premium due",
              value: dates.premiumDue
                ? dateWithDays(dates.premiumDue, daysBetween(today, dates.premiumDue))
                : "—",
              testId: "premium-due",
            },
            {
              label: "Claim filing due",
              value: dates.claimFilingDue
                ? dateWithDays(dates.claimFilingDue, daysBetween(today, dates.claimFilingDue))
                : "—",
              testId: "claim-filing-due",
            },
          ]}
        />
      </Card>
      <Card aria-labelledby="lgm-figures">
        <h2 id="lgm-figures">Priced terms</h2>
        {e.figuresFrom === "sce" ? (
          <p className="note" data-testid="figures-from">
            <strong>Entered from the SCE</strong> of {formatDate(e.salesDate)}: the market history did not
            hold that day's margins, so the agent typed the endorsement's figures, checked against each other
            to the dollar. A later market never changes them.
          </p>
        ) : (
          <p className="note">
            Frozen when the endorsement was created from the market data of {formatDate(e.snapshotAsOf)}
            {e.snapshotLabel ? ` (${e.snapshotLabel})` : ""}: a later market never changes them.
          </p>
        )}
        <Figures
          items={[
            { label: "Policy", value: <PolicyLink policy={book.policies[e.policyId]} id={e.policyId} /> },
            { label: "Type", value: `${typeLabel("lgm", e.commodity, e.type)} (${e.type})` },
            { label: "Expected gross margin", value: formatPremium(e.expectedGrossMargin) },
            { label: DEDUCTIBLE as string, value: formatDeductible(e.deductible, e.commodity) },
            { label: GUARANTEE as string, value: formatPremium(e.grossMarginGuarantee) },
            { label: "Total premium", value: formatPremium(e.totalPremium) },
            { label: "Subsidy", value: formatPremium(e.subsidy) },
            {
              label: PRODUCER_PREMIUM as string,
              value: formatPremium(e.producerPremium),
              testId: "producer-premium",
            },
            ...Object.entries(e.weights ?? {}).map(([k, v]) => ({
              label: LGM_INPUT_LABELS[k as LgmInputCommodity] ?? k,
              value: formatNumber(v as number, 0, 4),
            })),
          ]}
        />
      </Card>
      <Card aria-labelledby="lgm-curve">
        <h2 id="lgm-curve">Deductible curve</h2>
        <DeductiblePosition commodity={e.commodity} deductible={e.deductible} />
        <EndorsementCurve endorsement={e} profile={book.profile} />
      </Card>
      <Card aria-labelledby="lgm-months">
        <h2 id="lgm-months">Target marketings by month</h2>
        <table className="coverage-months" data-testid="lgm-months">
          <thead>
            <tr>
              <th scope="col">{MARKETING_MONTH}</th>
              <th scope="col">Target marketings ({unit})</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m, i) => (
              <tr key={m.month}>
                <th scope="row">{formatMonth(m.month)}</th>
                <td className="num">{i === 0 ? "— (first month: not insurable)" : formatNumber(m.head)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{formatNumber(total)}</td>
            </tr>
          </tfoot>
        </table>
      </Card>
      {book.customerId ? (
        <HistoryCard
          customerId={book.customerId}
          recordId={e.id}
          changedAt={e.updatedAt}
          labels={LGM_FIELD_LABELS}
        />
      ) : null}
    </div>
  );
}
