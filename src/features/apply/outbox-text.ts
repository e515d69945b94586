import type { OutboxItem } from "./outbox";

// What the applicant is told about an application on its way (docs/applications.md). A queued application may
// wait for two different reasons: no connection, or a server that answered "not now" (too many
// applications from this address, a server error). Saying "waiting for a connection" to someone whose
// phone is online would send them looking for a signal, so the server's answer gets its own words.

export type OutboxTone = "info" | "success" | "warning" | "error";

export function outboxText(item: Pick<OutboxItem, "state" | "message">): { tone: OutboxTone; text: string } {
  switch (item.state) {
    case "waiting":
      return item.message
        ? {
            tone: "warning",
            text: `Not sent yet, the server said: “${item.message}” It is kept on this device and sent again automatically.`,
          }
        : {
            tone: "warning",
            text: "Waiting for a connection: it is kept on this device and sent as soon as you are online.",
          };
    case "sending":
      return { tone: "info", text: "Sending…" };
    case "received":
      return { tone: "success", text: "Received by your agency. An agent will review it and contact you." };
    case "accepted":
      return { tone: "success", text: "Accepted by your agency: your agent is setting up your policy." };
    case "declined":
      return {
        tone: "error",
        text: item.message ? `Declined by your agency. Reason: ${item.message}` : "Declined by your agency.",
      };
    case "refused":
      return { tone: "error", text: `Not accepted: ${item.message ?? "the server refused it."}` };
  }
}
