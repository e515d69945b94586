import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { actionsFor, STATUS_LABELS } from "../../../shared/book/status";
import {
  INSURANCE_PLAN_LABELS,
  INSURANCE_PROVIDER_NAME_BY_ID,
  regionForCode,
} from "../../../shared/catalogue";
import { type Entity, taxIdKey } from "../../../shared/documents/book";
import { RecordHistory, useBookIndex } from "../../components/book";
import { describePresenceField } from "../../components/book-forms";
import { RecordLookupGate } from "../../components/records";
import { historyRecordLabel } from "../../components/records/history-labels";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { PresenceList } from "../../lib/sync";
import { customerHref, entityHref, entityTypeLabel } from "./entity-rows";
import { ENTITY_FIELD_LABELS, entityFieldLabel } from "./field-labels";
import { TaxIdReveal } from "./tax-id-reveal";
import { useEntityRecord } from "./use-entity-record";
import "./entities.css";

function AddressText({ address }: { address: Entity["address"] }) {
  if (!address) return <>—</>;
  const county = address.county ? regionForCode(address.county)?.area : undefined;
  return (
    <>
      {address.line1}
      {address.line2 ? `, ${address.line2}` : ""}
      <br />
      {address.city}, {address.state} {address.zip}
      {county ? (
        <>
          <br />
          {county}
        </>
      ) : null}
    </>
  );
}

/** /agent/entities/{entityId} — one entity: details, masked tax ids, SBIs, its policies, history. */
export default function EntityPage() {
  const { entityId } = useParams();
  const found = useEntityRecord(entityId);
  const index = useBookIndex();
  const policies = useMemo(
    () => index.policies.filter((p) => p.entityId === entityId).sort((a, b) => b.cropYear - a.cropYear),
    [index.policies, entityId],
  );

  if (found.state !== "found")
    return (
      <RecordLookupGate
        state={found.state}
        noun="entity"
        id={entityId}
        listHref="/agent/entities"
        listLabel="All entities"
      />
    );

  const { entity, book, customerId, customerName } = found;
  const taxIds = book.taxIds;
  const actions = book.readOnly ? [] : actionsFor("entity", entity.status);
  const sbis = Object.values(entity.sbis);

  return (
    <div className="entity" data-testid="entity-page">
      <PresenceList
        people={book.presence}
        fieldLabel={(f) => describePresenceField(f, `entities.${entity.id}`, entityFieldLabel)}
      />
      <div className="entity__head">
        <h2 className="entity__name" data-testid="entity-name">
          {entity.legalName}
        </h2>
        <span className={`record-status record-status--${entity.status}`} data-testid="entity-status">
          {STATUS_LABELS[entity.status]}
        </span>
      </div>
      {actions.length > 0 || !book.readOnly ? (
        <div className="entities__actions">
          {actions.map((a) => (
            <ButtonLink
              key={a.action}
              to={`${entityHref(entity.id)}/${a.action}`}
              variant={a.action === "edit" ? "primary" : "secondary"}
            >
              {a.label}
            </ButtonLink>
          ))}
          {entity.status === "active" ? (
            <ButtonLink
              to={`/agent/policies/create?customer=${encodeURIComponent(customerId)}&entity=${encodeURIComponent(entity.id)}`}
              variant="secondary"
            >
              New policy
            </ButtonLink>
          ) : null}
        </div>
      ) : null}

      <Card>
        <dl className="entity__fields">
          <div>
            <dt>Customer</dt>
            <dd>
              <Link to={customerHref(customerId)}>{customerName}</Link>
            </dd>
          </div>
          <div>
            <dt>{ENTITY_FIELD_LABELS.type}</dt>
            <dd>
              {entity.type} · {entityTypeLabel(entity.type)}
            </dd>
          </div>
          <div>
            <dt>{ENTITY_FIELD_LABELS.taxIdLast4}</dt>
            <dd>
              <TaxIdReveal
                type={entity.taxIdType}
                last4={entity.taxIdLast4}
                full={taxIds?.[taxIdKey.entity(entity.id)]}
                label="the entity's tax id"
              />
            </dd>
          </div>
          {entity.spouse ? (
            <div>
              <dt>Spouse</dt>
              <dd>
                {entity.spouse.name}
                <br />
                <TaxIdReveal
                  type={entity.spouse.taxIdType}
                  last4={entity.spouse.taxIdLast4}
                  full={taxIds?.[taxIdKey.spouse(entity.id)]}
                  label="the spouse's tax id"
                />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Address</dt>
            <dd>
              <AddressText address={entity.address} />
            </dd>
          </div>
        </dl>
      </Card>

      <Card>
        <h3>Substantial beneficial interests</h3>
        {sbis.length === 0 ? (
          <p className="note">None recorded.</p>
        ) : (
          <ul className="entity__sbis" data-testid="entity-sbis">
            {sbis.map((s) => (
              <li key={s.id}>
                <strong>{s.name}</strong> · {s.sharePercent} %
                <br />
                {s.entityType} · {entityTypeLabel(s.entityType)}
                <br />
                <TaxIdReveal
                  type={s.taxIdType}
                  last4={s.taxIdLast4}
                  full={taxIds?.[taxIdKey.sbi(entity.id, s.id)]}
                  label={`${s.name}'s tax id`}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card>
        <h3>Policies</h3>
        {policies.length === 0 ? (
          <p className="note">No policies for this entity yet.</p>
        ) : (
          <ul className="entity__policies" data-testid="entity-policies">
            {policies.map((p) => (
              <li key={p.id}>
                <Link to={`/agent/policies/${encodeURIComponent(p.id)}`}>
                  {p.policyNumber || "No policy number yet"}
                </Link>{" "}
                · {INSURANCE_PLAN_LABELS[p.plan]} · {INSURANCE_PROVIDER_NAME_BY_ID[p.providerId]} · crop year{" "}
                {p.cropYear} · {STATUS_LABELS[p.status]}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <RecordHistory
        customerId={customerId}
        recordId={entity.id}
        changedAt={entity.updatedAt}
        fieldLabel={entityFieldLabel}
        // Names what an entry is about: the entity itself, or one of its tax ids (never the value).
        describeRecord={historyRecordLabel({
          entities: { [entity.id]: entity },
          policies: {},
          coverages: {},
        })}
      />
    </div>
  );
}
