import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { actionsFor, STATUS_LABELS } from "../../../shared/book/status";
import { summaryTotals } from "../../../shared/book/totals";
import {
  INSURANCE_PLAN_LABELS,
  LGM_COMMODITY_LABEL_BY_CODE,
  LRP_COMMODITY_LABEL_BY_CODE,
  regionForCode,
} from "../../../shared/catalogue";
import type { CoverageSummary, Policy } from "../../../shared/documents/book";
import { RecordHistory, useBookIndex } from "../../components/book";
import { describePresenceField } from "../../components/book-forms";
import { PolicySplitCard } from "../../components/commissions/policy-split";
import { RecordLookupGate } from "../../components/records";
import { StatusReasonField } from "../../components/shared-text";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate, formatDollars, formatNumber } from "../../lib/format";
import { PresenceList } from "../../lib/sync";
import { policyFieldLabel } from "./field-labels";
import { policyHref, providerName } from "./policy-rows";
import { usePolicyRecord } from "./use-policy-record";
import "./policies.css";

const commodityName = (c: CoverageSummary): string => {
  const labels: Readonly<Record<string, string>> =
    c.plan === "lrp" ? LRP_COMMODITY_LABEL_BY_CODE : LGM_COMMODITY_LABEL_BY_CODE;
  return labels[c.commodity] ?? c.commodity;
};

/** The create screen of the policy's plan, with this customer and policy chosen. */
const newCoverageHref = (policy: Policy, customerId: string): string =>
  `/agent/coverages/${policy.plan}/create?customer=${encodeURIComponent(customerId)}&policy=${encodeURIComponent(policy.id)}`;

/** /agent/policies/{policyId} — one policy: its details, status, coverages and history. */
export default function PolicyPage() {
  const { policyId } = useParams();
  const found = usePolicyRecord(policyId);
  const index = useBookIndex();
  const coverages = useMemo(
    () =>
      index.coverages
        .filter((c) => c.policyId === policyId)
        .sort((a, b) => b.salesDate.localeCompare(a.salesDate)),
    [index.coverages, policyId],
  );
  const totals = useMemo(() => summaryTotals(coverages.filter((c) => c.status !== "cancelled")), [coverages]);

  if (found.state !== "found")
    return (
      <RecordLookupGate
        state={found.state}
        noun="policy"
        id={policyId}
        listHref="/agent/policies"
        listLabel="All policies"
      />
    );

  const { policy, book, customerId, customerName } = found;
  const entity = book.entities[policy.entityId];
  const actions = book.readOnly ? [] : actionsFor("policy", policy.status);
  const county = regionForCode(policy.county)?.area;
  const open = policy.status === "pending" || policy.status === "active";

  return (
    <div className="policy" data-testid="policy-page">
      <PresenceList
        people={book.presence}
        fieldLabel={(f) => describePresenceField(f, `policies.${policy.id}`, policyFieldLabel)}
      />
      <div className="policy__head">
        <h2 className="policy__name" data-testid="policy-name">
          {policy.plan.toUpperCase()} policy {policy.policyNumber || "(number pending)"}
        </h2>
        <span className={`record-status record-status--${policy.status}`} data-testid="policy-status">
          {STATUS_LABELS[policy.status]}
        </span>
      </div>
      {typeof policy.statusReason === "string" ? (
        <StatusReasonField
          value={policy.statusReason}
          recordKey={`${book.documentName}|${book.loaded}|${book.readOnly}|policies|${policy.id}`}
          resolve={() => book.text("policies", [policy.id, "statusReason"])}
          readOnly={book.readOnly}
        />
      ) : null}
      {actions.length > 0 ? (
        <div className="policies__actions">
          {actions.map((a) => (
            <ButtonLink
              key={a.action}
              to={`${policyHref(policy.id)}/${a.action}`}
              variant={a.action === "edit" || a.action === "activate" ? "primary" : "secondary"}
            >
              {/* "Cancel policy", never a bare "Cancel" that reads as "leave this page" (docs/first-day.md). */}
              {a.action === "edit" ? a.label : `${a.label} policy`}
            </ButtonLink>
          ))}
          {/* LRP coverage is added from the Coverages card below (one button, one name). */}
          {(policy.status === "active" || policy.status === "pending") && policy.plan === "lgm" ? (
            <ButtonLink to={newCoverageHref(policy, customerId)} variant="secondary">
              Add LGM endorsement
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <p className="note">This status is final: nothing more can change.</p>
      )}

      <Card>
        <dl className="policy__fields">
          <div>
            <dt>Customer</dt>
            <dd>
              <Link to={`/agent/customers?customer=${encodeURIComponent(customerId)}`}>{customerName}</Link>
            </dd>
          </div>
          <div>
            <dt>Entity</dt>
            <dd>
              <Link to={`/agent/entities/${encodeURIComponent(policy.entityId)}`}>
                {entity?.legalName ?? policy.entityId}
              </Link>
            </dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{INSURANCE_PLAN_LABELS[policy.plan]}</dd>
          </div>
          <div>
            <dt>Insurance provider</dt>
            <dd>{providerName(policy.providerId)}</dd>
          </div>
          <div>
            <dt>Policy number</dt>
            <dd>{policy.policyNumber || "Not assigned yet"}</dd>
          </div>
          <div>
            <dt>Crop year · reinsurance year</dt>
            <dd>
              {policy.cropYear} · {policy.reinsuranceYear}
            </dd>
          </div>
          <div>
            <dt>State · county</dt>
            <dd>
              {policy.state} · {county ?? policy.county}
            </dd>
          </div>
        </dl>
      </Card>

      <Card>
        <div className="policy__head">
          <h3 className="policy__section">Coverages</h3>
          {open && policy.plan === "lrp" && !book.readOnly ? (
            <ButtonLink
              to={`/agent/coverages/lrp/create?customer=${encodeURIComponent(customerId)}&policy=${encodeURIComponent(policy.id)}`}
              variant="secondary"
            >
              Add LRP coverage
            </ButtonLink>
          ) : null}
        </div>
        {coverages.length === 0 ? <p className="note">No coverages on this policy yet.</p> : null}
        {totals.count > 0 ? (
          <p className="policy__totals" data-testid="policy-totals">
            {formatNumber(totals.count)} {totals.count === 1 ? "coverage" : "coverages"} not cancelled ·{" "}
            {formatNumber(totals.head)} head · producer premium{" "}
            {formatDollars(totals.producerPremium, { cents: true })}
          </p>
        ) : null}
        {coverages.length === 0 ? null : (
          <ul className="policy__coverages" data-testid="policy-coverages">
            {coverages.map((c) => (
              <li key={c.id}>
                <Link to={`/agent/coverages/${c.plan}/${encodeURIComponent(c.id)}`}>
                  {commodityName(c)} · sold {formatDate(c.salesDate)}
                </Link>
                <br />
                ends {formatDate(c.endDate)} · {formatNumber(c.head)} head · producer premium{" "}
                {formatDollars(c.producerPremium, { cents: true })} · {STATUS_LABELS[c.status] ?? c.status}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <PolicySplitCard
        policyId={policy.id}
        customerId={customerId}
        reinsuranceYear={policy.reinsuranceYear}
      />

      <RecordHistory
        customerId={customerId}
        recordId={policy.id}
        changedAt={policy.updatedAt}
        fieldLabel={policyFieldLabel}
      />
    </div>
  );
}
