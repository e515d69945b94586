import type { DocumentProblem } from "../../lib/sync";

/** The sentence for a reason code the sync server sent about a document (codes: sync-reasons.ts). */
export function problemMessage(problem: DocumentProblem): string {
  switch (problem.reason) {
    case "forbidden":
      return "The server refused your last change: you may not change this. Your copy was reset to the server's.";
    case "invalid-document":
      return `The server refused your last change as invalid${problem.detail ? ` (${problem.detail})` : ""}. Your copy was reset to the server's.`;
    case "unauthorized":
    case "session-expired":
    case "token-unavailable":
      return "Your sign-in needs renewing; changes stay on this device and sync once it is renewed.";
    case "unknown-document":
      return "This record does not exist.";
    default:
      return `The server closed this record (${problem.reason}).`;
  }
}
