import { Link, useParams } from "react-router";
import type { LrpCommodityCode } from "../../../shared/catalogue/livestock";
import type { LrpCoverage, Policy } from "../../../shared/documents/book";
import { daysBetween } from "../../../shared/market/dates";
import { OpenClaimLink } from "../../components/claims";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import {
  formatDate,
  formatDollars,
  formatNumber,
  formatPercent,
  formatPrice,
  formatWeeks,
  lrpPriceDigits,
} from "../../lib/format";
import { commodityLabel, formatPremium, providerName, typeLabel } from "./coverage-rows";
import { keyDates } from "./key-dates";
import { LRP_FIELD_LABELS as L } from "./lrp-labels";
import { OverlapWarnings } from "./overlap-warnings";
import { dateWithDays, Figures, HistoryCard, LookupState, RecordLinks } from "./record-parts";
import { StatusPanel } from "./status-panel";
import { useCoverageRecord } from "./use-coverage-record";
import { useToday } from "./use-today";
import "../../components/quote/quote.css";
import "./coverages.css";

/** "LRP-2026-001 (ProAg, active)" or the id when the policy is not on the device. */
export function policyText(policy: Policy | undefined, id: string): string {
  if (!policy) return id;
  return `${policy.policyNumber || "no number yet"} (${providerName(policy.providerId)}, ${policy.status})`;
}

/** The policy a coverage is on, linking to its page. */
export const PolicyLink = ({ policy, id }: { policy: Policy | undefined; id: string }) => (
  <Link to={`/agent/policies/${encodeURIComponent(id)}`}>{policyText(policy, id)}</Link>
);

/** /agent/coverages/lrp/{coverageId} — one LRP endorsement with every frozen figure. */
export default function LrpCoveragePage() {
  const { coverageId = null } = useParams();
  const lookup = useCoverageRecord("lrp", coverageId);
  const today = useToday();
  if (lookup.state !== "found")
    return (
      <LookupState
        lookup={lookup}
        what={`There is no LRP coverage "${coverageId ?? ""}" in your organisation's book.`}
      />
    );
  const { record: c, book, customerName } = lookup;
  const policy = book.policies[c.policyId];
  return (
    <div className="coverage" data-testid="lrp-coverage-page">
      <header>
        <h2 className="coverage__title">
          {customerName}: {typeLabel("lrp", c.commodity, c.type)}, {formatNumber(c.head)} head
        </h2>
        <p className="note">
          {commodityLabel("lrp", c.commodity)} · LRP Specific Coverage Endorsement · crop year {c.cropYear}
        </p>
      </header>
      <RecordLinks customerId={book.customerId ?? ""}>
        <ButtonLink to={`/agent/coverages/lrp/${encodeURIComponent(c.id)}/edit`} variant="secondary">
          Edit
        </ButtonLink>
        <OpenClaimLink coverage={c} today={today} />
      </RecordLinks>
      <StatusPanel record={c} book={book} headingId="lrp-status" />
      <OverlapWarnings coverageId={c.id} coverages={Object.values(book.coverages)} policies={book.policies} />
      <DatesCard coverage={c} today={today} />
      <Card aria-labelledby="lrp-terms">
        <h2 id="lrp-terms">Priced terms</h2>
        {c.figuresFrom === "sce" ? (
          <p className="note" data-testid="figures-from">
            <strong>Entered from the SCE</strong> of {formatDate(c.salesDate)}: the market history did not
            hold that day's offers, so the agent typed the endorsement's figures, checked against each other
            to the dollar. A later market never changes them.
          </p>
        ) : (
          <p className="note">
            Frozen when the coverage was created from the offers of {formatDate(c.salesDate)}: a later market
            never changes them.
          </p>
        )}
        <LrpFigures coverage={c} policy={policy} />
      </Card>
      <Card aria-labelledby="lrp-snapshot">
        <h2 id="lrp-snapshot">Market data it was priced on</h2>
        <Figures
          items={[
            { label: L.snapshotAsOf as string, value: formatDate(c.snapshotAsOf), testId: "snapshot-as-of" },
            { label: L.snapshotLabel as string, value: c.snapshotLabel ?? "—" },
            {
              label: "Rate source",
              value: c.indicative ? "Indicative (modelled, not RMA's)" : "RMA's published rate",
            },
          ]}
        />
      </Card>
      {book.customerId ? (
        <HistoryCard customerId={book.customerId} recordId={c.id} changedAt={c.updatedAt} labels={L} />
      ) : null}
    </div>
  );
}

function DatesCard({ coverage: c, today }: { coverage: LrpCoverage; today: string }) {
  const dates = keyDates(c);
  return (
    <Card aria-labelledby="lrp-dates">
      <h2 id="lrp-dates">Dates</h2>
      <Figures
        items={[
          { label: L.salesDate as string, value: formatDate(c.salesDate) },
          {
            label: L.endDate as string,
            value: dateWithDays(c.endDate, daysBetween(today, c.endDate)),
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
          {
            label: "Policy terminates if unpaid",
            value: dates.terminatesIfUnpaid ? formatDate(dates.terminatesIfUnpaid) : "—",
            testId: "terminates-if-unpaid",
          },
        ]}
      />
    </Card>
  );
}

/** Every figure of the endorsement, with the spec's column labels. */
export function LrpFigures({ coverage: c, policy }: { coverage: LrpCoverage; policy: Policy | undefined }) {
  const digits = lrpPriceDigits(c.commodity as LrpCommodityCode);
  return (
    <Figures
      items={[
        { label: L.policyId as string, value: <PolicyLink policy={policy} id={c.policyId} /> },
        { label: L.type as string, value: `${typeLabel("lrp", c.commodity, c.type)} (${c.type})` },
        { label: L.endorsementLengthWeeks as string, value: formatWeeks(c.endorsementLengthWeeks) },
        { label: L.coverageLevel as string, value: formatPercent(c.coverageLevel) },
        { label: L.expectedEndingValue as string, value: formatPrice(c.expectedEndingValue, digits) },
        { label: L.coveragePrice as string, value: formatPrice(c.coveragePrice, digits) },
        { label: L.rate as string, value: `${formatNumber(c.rate, 4, 6)}${c.indicative ? " *" : ""}` },
        { label: L.head as string, value: formatNumber(c.head) },
        { label: L.targetWeightCwt as string, value: formatNumber(c.targetWeightCwt, 0, 4) },
        { label: L.share as string, value: formatPercent(c.share) },
        { label: L.priceAdjustmentFactor as string, value: formatNumber(c.priceAdjustmentFactor, 0, 6) },
        { label: L.insuredValue as string, value: formatDollars(c.insuredValue, { cents: true }) },
        { label: L.totalPremium as string, value: formatPremium(c.totalPremium) },
        { label: L.subsidy as string, value: formatPremium(c.subsidy) },
        {
          label: L.producerPremium as string,
          value: formatPremium(c.producerPremium),
          testId: "producer-premium",
        },
        ...(c.forwardPurchasedCattle === undefined
          ? []
          : [
              {
                label: "Forward-purchased cattle",
                value: c.forwardPurchasedCattle
                  ? `Yes, delivered ${c.forwardPurchaseDeliveryDate ? formatDate(c.forwardPurchaseDeliveryDate) : "—"}`
                  : "No",
                testId: "forward-purchase-answer",
              },
            ]),
      ]}
    />
  );
}
