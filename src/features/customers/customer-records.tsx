import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Coverage, Policy, StoredEntity } from "../../../shared/documents/book";
import {
  commodityLabel,
  coverageHref,
  entityHref,
  entityTypeLabel,
  PLAN_SHORT_LABELS,
  policyHref,
  providerName,
  statusLabel,
  typeLabel,
} from "../../components/book/record-labels";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate, formatDollars, formatNumber } from "../../lib/format";

// The customer's entities, policies and coverages on the record page, each linking to its own page,
// with links to add one for this customer. Tax ids are never listed here (the entity page masks them).

interface Props {
  customerId: string;
  entities: Record<string, StoredEntity>;
  policies: Record<string, Policy>;
  coverages: Record<string, Coverage>;
  readOnly: boolean;
}

function Section({
  title,
  testId,
  count,
  add,
  empty,
  children,
}: {
  title: string;
  testId: string;
  count: number;
  add: ReactNode;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card className="customer-section" data-testid={testId}>
      <div className="customer-section__head">
        <h3>
          {title} <span className="customer-section__count">({count})</span>
        </h3>
        {add}
      </div>
      {count === 0 ? (
        <p className="customers__note">{empty}</p>
      ) : (
        <ul className="customer-items">{children}</ul>
      )}
    </Card>
  );
}

const Status = ({ status }: { status: string }) => (
  <span className={`customer-status customer-status--${status}`}>{statusLabel(status)}</span>
);

export function CustomerRecords({ customerId, entities, policies, coverages, readOnly }: Props) {
  const forCustomer = `?customer=${encodeURIComponent(customerId)}`;
  const addLink = (to: string, label: string) =>
    readOnly ? null : (
      <ButtonLink to={to} variant="secondary">
        {label}
      </ButtonLink>
    );
  const entityList = Object.values(entities).sort((a, b) => a.legalName.localeCompare(b.legalName));
  const policyList = Object.values(policies).sort(
    (a, b) => b.cropYear - a.cropYear || a.plan.localeCompare(b.plan) || a.id.localeCompare(b.id),
  );
  const coverageList = Object.values(coverages).sort(
    (a, b) => a.endDate.localeCompare(b.endDate) || a.id.localeCompare(b.id),
  );
  return (
    <>
      <Section
        title="Entities"
        testId="customer-entities"
        count={entityList.length}
        add={addLink(`/agent/entities/create${forCustomer}`, "Add entity")}
        empty="No entities yet. An entity is the person or business a policy insures."
      >
        {entityList.map((e) => (
          <li key={e.id}>
            <Link to={entityHref(e.id)}>{e.legalName}</Link>
            <span>{entityTypeLabel(e.type)}</span>
            {Object.keys(e.sbis).length > 0 ? (
              <span>
                {Object.keys(e.sbis).length} SBI{Object.keys(e.sbis).length === 1 ? "" : "s"}
              </span>
            ) : null}
            <Status status={e.status} />
          </li>
        ))}
      </Section>
      <Section
        title="Policies"
        testId="customer-policies"
        count={policyList.length}
        add={addLink(`/agent/policies/create${forCustomer}`, "Add policy")}
        empty="No policies yet. A policy (LRP or LGM) is written with an insurance provider for one entity."
      >
        {policyList.map((p) => (
          <li key={p.id}>
            <Link to={policyHref(p.id)}>
              {PLAN_SHORT_LABELS[p.plan]}{" "}
              {p.policyNumber ? `policy ${p.policyNumber}` : "policy (no number yet)"}
            </Link>
            <span>{providerName(p.providerId)}</span>
            <span>Crop year {p.cropYear}</span>
            <span>{entities[p.entityId]?.legalName ?? "Unknown entity"}</span>
            <Status status={p.status} />
          </li>
        ))}
      </Section>
      <Section
        title="Coverages"
        testId="customer-coverages"
        count={coverageList.length}
        add={
          readOnly ? null : (
            <div className="customer-section__adds">
              {addLink(`/agent/coverages/lrp/create${forCustomer}`, "Add LRP coverage")}
              {addLink(`/agent/coverages/lgm/create${forCustomer}`, "Add LGM endorsement")}
            </div>
          )
        }
        empty="No coverages yet. An LRP coverage is bought on an LRP policy from the day's offers, an LGM endorsement on an LGM policy."
      >
        {coverageList.map((c) => (
          <li key={c.id}>
            <Link to={coverageHref(c.plan, c.id)}>
              {PLAN_SHORT_LABELS[c.plan]} {commodityLabel(c.plan, c.commodity)} ·{" "}
              {typeLabel(c.plan, c.commodity, c.type)}
            </Link>
            <span>
              {c.plan === "lrp"
                ? `${formatNumber(c.head)} head`
                : `${formatNumber(c.targetMarketings.reduce((s, n) => s + n, 0))} marketed`}
            </span>
            <span>Ends {formatDate(c.endDate)}</span>
            <span>Producer premium {formatDollars(c.producerPremium, { cents: true })}</span>
            <Status status={c.status} />
          </li>
        ))}
      </Section>
    </>
  );
}
