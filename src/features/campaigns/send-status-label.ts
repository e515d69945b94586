/**
 * How the run log names a send's state: "claimed" is being sent; "uncertain" was handed to a provider
 * whose answer was lost, and waits for its delivery report (docs/campaigns.md). The server may report
 * states the client's type does not list yet, so this takes any string.
 */
export function sendStatusLabel(status: string): string {
  if (status === "claimed") return "sending";
  if (status === "uncertain") return "awaiting the provider's report";
  return status;
}
