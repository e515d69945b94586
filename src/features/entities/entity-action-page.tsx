import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { STATUS_LABELS, withStatus } from "../../../shared/book/status";
import { type Entity, taxIdKey } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { CustomerBook } from "../../components/book";
import {
  BookForm,
  describePresenceField,
  type FieldIssues,
  type FormTexts,
  formPresence,
  NO_ISSUES,
  NotSavedAlert,
} from "../../components/book-forms";
import { RecordActionRoute } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { PresenceList, useAfterStored } from "../../lib/sync";
import { changedEntityFields, type EntityDraft, entityDraftFrom, entityFromDraft } from "./entity-draft";
import { EntityForm, entityFormPaths } from "./entity-form";
import { entityHref } from "./entity-rows";
import { entityFieldLabel } from "./field-labels";
import { useEntityRecord } from "./use-entity-record";
import "./entities.css";

/** /agent/entities/{entityId}/{action} — edit, deactivate or reactivate (shared/book/status.ts). */
export default function EntityActionPage() {
  const { entityId, action = "" } = useParams();
  return (
    <RecordActionRoute
      kind="entity"
      action={action}
      lookup={useEntityRecord(entityId)}
      noun="entity"
      id={entityId}
      listHref="/agent/entities"
      listLabel="All entities"
      recordHref={(entity) => entityHref(entity.id)}
      backLabel={(entity) => `Back to ${entity.legalName}`}
    >
      {(entity, book, resolved, leave) =>
        resolved.action === "edit" ? (
          <EntityEdit entity={entity} book={book} />
        ) : (
          <EntityStatusChange
            entity={entity}
            book={book}
            to={resolved.to}
            label={resolved.label}
            leave={leave}
          />
        )
      }
    </RecordActionRoute>
  );
}

/**
 * The edit form. Fields nobody here has touched follow the record live (another agent's edit shows at
 * once); saving writes only the fields that changed, so a concurrent edit of another field survives.
 */
function EntityEdit({ entity, book }: { entity: Entity; book: CustomerBook }) {
  const navigate = useNavigate();
  const saved = useAfterStored("entity's changes");
  const [edits, setEdits] = useState<Partial<EntityDraft>>({});
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [error, setError] = useState<string | null>(null);
  const stored = entityDraftFrom(entity);
  const draft: EntityDraft = {
    ...stored,
    ...edits,
    // The stored spouse's and SBIs' names as typed live (new ones as typed here).
    spouseName: entity.spouse ? stored.spouseName : (edits.spouseName ?? stored.spouseName),
    sbis: (edits.sbis ?? stored.sbis).map((s) => {
      const onRecord = entity.sbis[s.id];
      return onRecord ? { ...s, name: onRecord.name } : s;
    }),
    // State, county and ZIP as edited here; street, line 2 and city as typed live.
    address: {
      ...(edits.address ?? stored.address),
      line1: stored.address.line1,
      line2: stored.address.line2,
      city: stored.address.city,
    },
  };
  const presence = formPresence(`entities.${entity.id}`, book.presence, book.setField);
  // The legal name and the address lines are typed live into the stored entity (docs/sync-rules.md TEXT1).
  const ready = `${book.documentName}|${entity.id}|${book.loaded}|${book.readOnly}`;
  const texts: FormTexts = (path) => ({
    key: `${ready}|${path}`,
    resolve: () => book.text("entities", [entity.id, ...path.split(".")]),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const built = entityFromDraft(draft, entity, entity);
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    setIssues(NO_ISSUES);
    try {
      const fields = changedEntityFields(entity, built.entity);
      if (Object.keys(fields).length > 0) book.patch("entities", entity.id, fields);
      for (const t of built.taxIds) book.setTaxId(t.key(entity.id), t.type, t.value);
      // A removed SBI or spouse takes its full tax id with it.
      book.removeTaxIds([
        ...Object.keys(entity.sbis)
          .filter((sbiId) => !(sbiId in built.entity.sbis))
          .map((sbiId) => taxIdKey.sbi(entity.id, sbiId)),
        ...(entity.spouse && !built.entity.spouse ? [taxIdKey.spouse(entity.id)] : []),
      ]);
      book.setField(null);
      saved.then(() => navigate(entityHref(entity.id)));
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };

  return (
    <BookForm onSubmit={submit} data-testid="entity-edit">
      <PresenceList
        people={book.presence}
        fieldLabel={(f) => describePresenceField(f, `entities.${entity.id}`, entityFieldLabel)}
      />
      <h2 className="entity__name">Edit {entity.legalName}</h2>
      <EntityForm
        draft={draft}
        onChange={(key, value) => setEdits((e) => ({ ...e, [key]: value }))}
        issues={issues}
        existing={entity}
        presence={presence}
        texts={texts}
      />
      <p className="book-form__help">
        The legal name, the names of the spouse and SBIs on record, and the street, line 2 and city are saved
        as you type, with anyone else typing there; the other fields when you save.
      </p>
      <NotSavedAlert title="Nothing was saved" issues={issues} placed={entityFormPaths(draft)} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {saved.problem ? <Alert tone="error">{saved.problem}</Alert> : null}
      <div className="book-form__actions">
        <Button type="submit" disabled={saved.storing}>
          Save changes
        </Button>
        <ButtonLink to={entityHref(entity.id)} variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </BookForm>
  );
}

/** Deactivate or reactivate: what it means, then one button. Nothing is ever removed. */
function EntityStatusChange({
  entity,
  book,
  to,
  label,
  leave,
}: {
  entity: Entity;
  book: CustomerBook;
  to: Entity["status"] | undefined;
  label: string;
  leave: (to: string) => void;
}) {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  if (!to) return null;
  const confirm = () => {
    try {
      const next = withStatus("entity", entity, to, {
        now: new Date().toISOString(),
        userId: session.user?.sub ?? "unknown",
      });
      book.patch("entities", entity.id, { status: next.status });
      leave(entityHref(entity.id));
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };
  return (
    <Card>
      <h2 className="entity__name">
        {label} {entity.legalName}
      </h2>
      <p>
        {to === "deactivated"
          ? "A deactivated entity stays in the book with its policies and history, but no new policy can be written for it. You can reactivate it later."
          : "The entity becomes active again: new policies can be written for it."}
      </p>
      <p>
        Status: {STATUS_LABELS[entity.status]} → <strong>{STATUS_LABELS[to]}</strong>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="book-form__actions">
        <Button onClick={confirm} data-testid="confirm-action">
          {label}
        </Button>
        <ButtonLink to={entityHref(entity.id)} variant="ghost">
          Keep it {STATUS_LABELS[entity.status]?.toLowerCase()}
        </ButtonLink>
      </div>
    </Card>
  );
}
