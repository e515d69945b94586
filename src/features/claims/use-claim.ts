import { useCallback, useMemo } from "react";
import { sortChecklist } from "../../../shared/book/claims";
import type {
  AttachmentRef,
  ChecklistItem,
  ClaimRecord,
  ClaimSummary,
} from "../../../shared/documents/claim";
import { claimRecordSchema } from "../../../shared/documents/claim";
import { documentName } from "../../../shared/documents/names";
import { newRecordId, useBookIndex } from "../../components/book";
import { refreshClaimSummaries } from "../../components/claims";
import { documentTextSource, type SharedTextSource } from "../../components/shared-text";
import { useSession } from "../../lib/auth/session";
import { useDocument, useSyncClient } from "../../lib/sync";

// One claim document on the device (docs/claims.md): the claim, its checklist, attachment references and
// notes, and the writes an agent makes — each sets who and when, changes single fields (two agents
// editing different fields both keep theirs) and refreshes the claim's summaries.

export interface ClaimView {
  orgId: string | null;
  name: string | null;
  summary: ClaimSummary | undefined;
  /** The organisation document is on the device (the summary above is known). */
  indexLoaded: boolean;
  loaded: boolean;
  readOnly: boolean;
  claim: ClaimRecord | undefined;
  /** The claim section holds content written before the strict shape (no `version`). */
  legacy: boolean;
  checklist: ChecklistItem[];
  attachments: AttachmentRef[];
  notes: { id: string; text: string; authorId?: string; updatedAt?: string }[];
  patch(fields: Partial<Omit<ClaimRecord, "id" | "version" | "createdAt">>): void;
  setItem(itemId: string, fields: Partial<Pick<ChecklistItem, "status" | "label">>): void;
  addItem(label: string, from: "producer" | "agency"): void;
  addAttachment(ref: AttachmentRef): void;
  /** Adds an empty note (its text made with it, TEXT1) and returns its id: it is typed in place. */
  addNote(): string;
  /** Where a note's input finds its shared text (null: the claim is not open yet). */
  noteText(noteId: string): SharedTextSource | null;
}

export function useClaim(claimId: string | null): ClaimView {
  const session = useSession();
  const client = useSyncClient();
  const index = useBookIndex();
  const orgId = session.orgId;
  const summary = claimId ? index.claims.find((c) => c.id === claimId) : undefined;
  const name = orgId && claimId && summary ? documentName.claim(orgId, claimId) : null;
  const doc = useDocument<"claim">(name);
  const by = session.user?.sub ?? "unknown";
  const data = doc.state?.data;
  const parsed = useMemo(() => claimRecordSchema.safeParse(data?.claim), [data?.claim]);
  const write = doc.write;
  const refresh = useCallback(() => {
    if (client && orgId && claimId) refreshClaimSummaries(client, orgId, claimId);
  }, [client, orgId, claimId]);

  const patch = useCallback(
    (fields: Partial<Omit<ClaimRecord, "id" | "version" | "createdAt">>) => {
      const now = new Date().toISOString();
      write((t) => {
        for (const [field, value] of Object.entries(fields)) {
          if (value === undefined) t.remove("claim", [field]);
          else t.set("claim", [field], value);
        }
        t.set("claim", ["updatedAt"], now);
        t.set("claim", ["updatedBy"], by);
      });
      refresh();
    },
    [write, by, refresh],
  );
  const setItem = useCallback(
    (itemId: string, fields: Partial<Pick<ChecklistItem, "status" | "label">>) => {
      const now = new Date().toISOString();
      write((t) => {
        for (const [field, value] of Object.entries(fields)) t.set("checklist", [itemId, field], value);
        t.set("checklist", [itemId, "updatedAt"], now);
        t.set("checklist", [itemId, "updatedBy"], by);
      });
      refresh();
    },
    [write, by, refresh],
  );
  const addItem = useCallback(
    (label: string, from: "producer" | "agency") => {
      const now = new Date().toISOString();
      const id = newRecordId();
      const item: ChecklistItem = {
        id,
        kind: "other",
        label,
        from,
        status: "needed",
        createdAt: now,
        updatedAt: now,
        updatedBy: by,
      };
      write((t) => t.set("checklist", [id], item));
      refresh();
    },
    [write, by, refresh],
  );
  const addAttachment = useCallback(
    (ref: AttachmentRef) => {
      write((t) => t.set("attachments", [ref.id], ref));
    },
    [write],
  );
  // A note is typed in place: its text is shared (text-fields.ts), made empty with the note so two
  // agents typing in it at once both keep every keystroke.
  const addNote = useCallback((): string => {
    const id = newRecordId();
    write((t) => t.set("notes", [id], { id, text: "", authorId: by, updatedAt: new Date().toISOString() }));
    return id;
  }, [write, by]);
  const noteText = useCallback(
    (noteId: string): SharedTextSource | null =>
      client && name
        ? documentTextSource(name, () => client.open<"claim">(name), "notes", [noteId, "text"])
        : null,
    [client, name],
  );

  return {
    orgId,
    name,
    summary,
    indexLoaded: index.loaded,
    loaded: doc.state?.loaded ?? false,
    readOnly: doc.readOnly,
    claim: parsed.success ? parsed.data : undefined,
    legacy: !parsed.success && data?.claim !== undefined,
    checklist: sortChecklist(Object.values((data?.checklist ?? {}) as Record<string, ChecklistItem>)),
    attachments: Object.values((data?.attachments ?? {}) as Record<string, AttachmentRef>).sort((a, b) =>
      a.uploadedAt.localeCompare(b.uploadedAt),
    ),
    notes: Object.values(
      (data?.notes ?? {}) as Record<
        string,
        { id: string; text: string; authorId?: string; updatedAt?: string }
      >,
    ).sort((a, b) => (a.updatedAt ?? "").localeCompare(b.updatedAt ?? "")),
    patch,
    setItem,
    addItem,
    addAttachment,
    addNote,
    noteText,
  };
}
