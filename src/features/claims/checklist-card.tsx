import { useCallback, useEffect, useState } from "react";
import { ATTACHMENT_TYPE_LABELS } from "../../../shared/documents/attachment-sniff";
import type { AttachmentRef, ChecklistItem } from "../../../shared/documents/claim";
import { newRecordId } from "../../components/book";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FileButton } from "../../components/ui/file-button";
import { Select } from "../../components/ui/select";
import { useSession } from "../../lib/auth/session";
import { useSyncStatus } from "../../lib/sync";
import {
  flushUploads,
  listUploads,
  type QueuedUpload,
  queueUpload,
  removeUpload,
  subscribeUploads,
} from "./upload-queue";
import type { ClaimView } from "./use-claim";

const STATUS_WORDS: Record<ChecklistItem["status"], string> = {
  needed: "Still needed",
  received: "Received",
  "not-applicable": "Not needed for this claim",
};

const STATUS_OPTIONS = Object.entries(STATUS_WORDS).map(([value, label]) => ({ value, label }));

const fileUrl = (orgId: string, claimId: string, id: string) =>
  `/api/orgs/${encodeURIComponent(orgId)}/claims/${encodeURIComponent(claimId)}/attachments/${encodeURIComponent(id)}`;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The documents the producer must provide, with files attached to each (uploaded, or waiting). */
export function ChecklistCard({ view, claimId }: { view: ClaimView; claimId: string }) {
  const session = useSession();
  const { socket } = useSyncStatus();
  const online = socket === "connected";
  const userId = session.user?.sub ?? "";
  const orgId = view.orgId ?? "";
  const [queued, setQueued] = useState<QueuedUpload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [newItem, setNewItem] = useState("");
  const { addAttachment } = view;
  const { getAccessToken } = session;

  const reload = useCallback(() => {
    if (userId && orgId) void listUploads(userId, orgId, claimId).then(setQueued, () => setQueued([]));
  }, [userId, orgId, claimId]);
  useEffect(() => {
    reload();
    return subscribeUploads(reload);
  }, [reload]);
  // Send what waits whenever the device is (back) online, and whenever a file joins the queue.
  // biome-ignore lint/correctness/useExhaustiveDependencies: queued.length is the trigger for a new file
  useEffect(() => {
    if (!online || !userId || !orgId || view.readOnly) return;
    void flushUploads(userId, orgId, claimId, getAccessToken, addAttachment);
  }, [online, userId, orgId, claimId, getAccessToken, addAttachment, view.readOnly, queued.length]);

  const pick = async (item: ChecklistItem | null, file: File) => {
    setProblem(null);
    const why = await queueUpload(
      userId,
      {
        orgId,
        claimId,
        id: newRecordId(),
        ...(item ? { itemId: item.id } : {}),
        name: file.name,
        bytes: await file.arrayBuffer(),
      },
      new Date(),
    );
    if (why) setProblem(why);
  };

  const filesOf = (itemId: string | undefined) => ({
    stored: view.attachments.filter((a) => a.itemId === itemId),
    waiting: queued.filter((q) => q.itemId === itemId),
  });

  const files = (itemId: string | undefined, item: ChecklistItem | null) => {
    const { stored, waiting } = filesOf(itemId);
    return (
      <>
        {stored.length + waiting.length > 0 ? (
          <ul className="claim__files">
            {stored.map((a: AttachmentRef) => (
              <li key={a.id} data-testid="claim-attachment">
                <a href={fileUrl(orgId, claimId, a.id)} onClick={(e) => openWithToken(e, getAccessToken)}>
                  {a.name}
                </a>{" "}
                ({ATTACHMENT_TYPE_LABELS[a.contentType]}, {size(a.size)})
              </li>
            ))}
            {waiting.map((q) => (
              <li key={q.key} data-testid="claim-attachment-waiting">
                {q.name} ({size(q.bytes.byteLength)}) —{" "}
                {q.error ? (
                  <>
                    <span role="alert">not uploaded: {q.error}</span>{" "}
                    <Button variant="ghost" onClick={() => void removeUpload(userId, q.key)}>
                      Remove
                    </Button>
                  </>
                ) : online ? (
                  "uploading…"
                ) : (
                  "waiting for a connection; it uploads by itself"
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {view.readOnly ? null : (
          <FileButton
            label="Attach a file"
            accessibleName={item ? `Attach a file to ${item.label}` : "Attach a file"}
            hint="PDF, PNG, JPEG or HEIC, at most 10 MB"
            accept="application/pdf,image/png,image/jpeg,image/heic,.heic"
            data-testid={item ? `attach-${item.kind}` : "attach-other"}
            onPick={(file) => void pick(item, file)}
          />
        )}
      </>
    );
  };

  return (
    <Card aria-labelledby="claim-checklist-title" data-testid="claim-checklist">
      <h2 id="claim-checklist-title">Documents for the claim</h2>
      <p className="claim-note">
        What the insurance provider needs before it pays. Items from the producer show in their My coverages
        until you mark them received.
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <ul className="claim__checklist">
        {view.checklist.map((item) => (
          <li key={item.id} data-testid="checklist-item" data-kind={item.kind} data-status={item.status}>
            <strong>{item.label}</strong>
            <span className="claim-note">
              From {item.from === "producer" ? "the producer" : "the agency"}
            </span>
            <div className="claim__status-select">
              <Select
                label="Status"
                value={item.status}
                options={STATUS_OPTIONS}
                disabled={view.readOnly}
                onChange={(status) => view.setItem(item.id, { status: status as ChecklistItem["status"] })}
                data-testid="checklist-status"
              />
            </div>
            {files(item.id, item)}
          </li>
        ))}
      </ul>
      {view.readOnly ? null : (
        <div className="claims__actions">
          <label className="claims__field">
            <span>Another document the producer must provide</span>
            <input value={newItem} onChange={(e) => setNewItem(e.target.value)} maxLength={200} />
          </label>
          <Button
            variant="secondary"
            disabled={newItem.trim() === ""}
            onClick={() => {
              view.addItem(newItem.trim(), "producer");
              setNewItem("");
            }}
          >
            Add to the list
          </Button>
        </div>
      )}
    </Card>
  );
}

/** Opens a stored file: the API needs the access token, so fetch it and show it from a blob. */
async function openWithToken(event: React.MouseEvent<HTMLAnchorElement>, token: () => Promise<string>) {
  event.preventDefault();
  const href = event.currentTarget.href;
  const opened = window.open("", "_blank");
  try {
    const response = await fetch(href, { headers: { Authorization: `Bearer ${await token()}` } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    if (opened) opened.location.href = url;
    else window.location.href = url;
  } catch {
    opened?.close();
    window.alert("The file could not be opened: it needs a connection to the server.");
  }
}
