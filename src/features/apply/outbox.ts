import type { Application, ApplicationStatus } from "../../../shared/documents/application";

// Completed applications on their way to the agency (docs/applications.md). A submitted application is put in
// this outbox (localStorage) and sent at once when there is a connection, else when it returns (the
// `online` event and a retry every 20 s). The full application — tax ids included — stays on the device
// only until the server has received it; after that only its id, status token and status are kept, to
// show the applicant what the agency decided.

const KEY = "rangeline.apply.outbox";

export type OutboxState = "waiting" | "sending" | "refused" | ApplicationStatus;

export interface OutboxItem {
  id: string;
  orgId: string;
  applicantName: string;
  state: OutboxState;
  /** Present until the server received it. */
  application?: Application;
  statusToken?: string;
  /** The server's reason for refusing it, or the agency's reason for declining it. */
  message?: string;
  updatedAt: string;
}

export function readOutbox(): OutboxItem[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as OutboxItem[]) : [];
  } catch {
    return [];
  }
}

function writeOutbox(items: OutboxItem[]): void {
  localStorage.setItem(KEY, JSON.stringify(items));
  window.dispatchEvent(new Event("rangeline-apply-outbox"));
}

function update(id: string, change: (item: OutboxItem) => OutboxItem): void {
  writeOutbox(readOutbox().map((i) => (i.id === id ? change(i) : i)));
}

/** Puts a completed application in the outbox (a second submit of the same id replaces it). */
export function enqueue(application: Application, applicantName: string): void {
  const rest = readOutbox().filter((i) => i.id !== application.submissionId);
  writeOutbox([
    ...rest,
    {
      id: application.submissionId,
      orgId: application.orgId,
      applicantName,
      state: "waiting",
      application,
      updatedAt: new Date().toISOString(),
    },
  ]);
}

let flushing: Promise<void> | null = null;

/** Sends every waiting application; one run at a time. */
export function flushOutbox(): Promise<void> {
  if (flushing) return flushing;
  const run = async () => {
    await Promise.resolve();
    try {
      for (const item of readOutbox()) {
        if (item.state !== "waiting" || !item.application) continue;
        if (typeof navigator !== "undefined" && navigator.onLine === false) return;
        update(item.id, (i) => ({ ...i, state: "sending" }));
        try {
          const response = await fetch("/api/applications", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(item.application),
          });
          const body = (await response.json().catch(() => ({}))) as {
            statusToken?: string;
            status?: ApplicationStatus;
            message?: string;
          };
          if (response.ok && body.statusToken)
            update(item.id, (i) => ({
              id: i.id,
              orgId: i.orgId,
              applicantName: i.applicantName,
              state: body.status ?? "received",
              statusToken: body.statusToken,
              updatedAt: new Date().toISOString(),
            }));
          else if (response.status === 429 || response.status >= 500)
            update(item.id, (i) => ({ ...i, state: "waiting", message: body.message }));
          else
            update(item.id, (i) => ({
              ...i,
              state: "refused",
              message: body.message ?? `refused (${response.status})`,
            }));
        } catch {
          // No connection after all: it waits for the next try (no server reason any more).
          update(item.id, (i) => ({ ...i, state: "waiting", message: undefined }));
        }
      }
    } finally {
      flushing = null;
    }
  };
  // Set before the run can end (a run that ends at once must not leave a settled promise behind).
  flushing = run();
  return flushing;
}

/** Asks the server what became of received applications (accepted, declined with the reason). */
export async function refreshStatuses(): Promise<void> {
  for (const item of readOutbox()) {
    if (item.state !== "received" || !item.statusToken) continue;
    try {
      const response = await fetch(`/api/applications/${encodeURIComponent(item.id)}/status`, {
        headers: { "x-application-token": item.statusToken },
      });
      if (!response.ok) continue;
      const body = (await response.json()) as { status: ApplicationStatus; declineReason: string | null };
      if (body.status !== item.state)
        update(item.id, (i) => ({
          ...i,
          state: body.status,
          message: body.declineReason ?? undefined,
          updatedAt: new Date().toISOString(),
        }));
    } catch {
      return;
    }
  }
}

/** Takes a refused application back out of the outbox (the applicant corrects it in the form). */
export function dropFromOutbox(id: string): void {
  writeOutbox(readOutbox().filter((i) => i.id !== id));
}
