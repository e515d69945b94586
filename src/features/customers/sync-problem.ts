import type { DocumentProblem } from "../../lib/sync";

/** The sentence for a reason code the sync server sent about a document (codes: sync-reasons.ts). */
export function problemMessage(problem: DocumentProblem): string {
  switch (problem.reason) {
    case "forbidden":
      return "The server refused your last change: you may not change this. Nothing is lost: what the server did not take stays on this device.";
    case "invalid-document":
      return `The server refused your last change as invalid${problem.detail ? ` (${problem.detail})` : ""}. Nothing is lost: what the server did not take stays on this device.`;
    case "unauthorized":
    case "session-expired":
    case "token-unavailable":
      return "Your sign-in needs renewing; changes stay on this device and sync once it is renewed.";
    case "unknown-document":
      return "This record does not exist.";
    case "held-for-confirmation":
      return "Your last change would remove most of this record at once, so the server held it: answer the question at the top of the screen to remove them or keep them.";
    case "org-disabled":
      return "Your organisation was disabled by the Rangeline platform; its records are no longer available here.";
    case "rate-limited":
      return "The server is busy with too many connections from you; this record syncs again in a moment.";
    case "client-too-old":
      return "This app is older than the server accepts: reload to update it. Your changes stay on this device.";
    case "server-too-old":
      return "This record was saved by a newer version of Rangeline than the server knows; it syncs once the server is updated.";
    case "missing-updates":
      return "A change from this device reached the server before one it depends on; this record syncs again in a moment.";
    case "document-damaged":
      return "The server cannot open this record: it is damaged. Your administrators were told and can restore it from its history; your changes stay on this device.";
    case "malformed-message":
      return "The server could not read a change from this device and closed this record: reload the page to try again.";
    case "document-too-large":
      return "The server refused your last change: it would make this record larger than the server keeps. Your copy is kept on this device (see the notice above).";
    case "too-many-documents":
      return "You created many new records in a short time, so the server holds off new ones for now: your copy is kept on this device; send it again later (see the notice above).";
    default:
      return `The server closed this record (${problem.reason}).`;
  }
}
