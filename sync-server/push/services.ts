import { isIP } from "node:net";

// Where the server may POST a Web Push message (PUSH1, docs/alerts.md): the browsers' push services,
// https on port 443, by host name — never an address typed by a user, an IP literal, another port or
// plain http. A subscription's endpoint is the push service's address the browser was given, so a real
// browser's endpoint is always on one of these hosts.

interface PushService {
  name: string;
  /** An exact host, or `.suffix` for any host under it. */
  host: string;
  /** Where the host comes from. */
  source: string;
}

const PUSH_SERVICES: readonly PushService[] = [
  {
    name: "Firebase Cloud Messaging (Chrome, Edge on Android, Opera, Samsung Internet)",
    host: "fcm.googleapis.com",
    source:
      "https://chromium.googlesource.com/chromium/src/+/main/components/push_messaging/push_messaging_constants.cc (kPushMessagingGcmEndpoint, kPushMessagingWebpushEndpoint)",
  },
  {
    name: "Mozilla autopush (Firefox)",
    host: "updates.push.services.mozilla.com",
    source: "https://autopush.readthedocs.io/ (the production endpoint host)",
  },
  {
    name: "Apple Push Notification service (Safari, iOS web apps)",
    host: ".push.apple.com",
    source:
      "https://developer.apple.com/documentation/usernotifications/sending-web-push-notifications-in-web-apps-and-browsers (“allow URLs from *.push.apple.com”)",
  },
  {
    name: "Windows Push Notification Services (Edge on Windows)",
    host: ".notify.windows.com",
    source:
      "https://learn.microsoft.com/windows/apps/design/shell/tiles-and-notifications/windows-push-notification-services--wns--overview (channel URIs under *.notify.windows.com)",
  },
];

const known = (host: string) =>
  PUSH_SERVICES.some((s) => (s.host.startsWith(".") ? host.endsWith(s.host) : host === s.host));

/**
 * Why `endpoint` is no push service's address, or null when it is. `testOrigins` (PUSH_TEST_ORIGINS,
 * refused in production) are loopback stand-ins of a push service that the tests run.
 */
export function pushEndpointProblem(endpoint: string, testOrigins: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "the endpoint is not an address";
  }
  if (testOrigins.includes(url.origin)) return null;
  if (url.protocol !== "https:") return "a push endpoint uses https";
  if (url.port !== "") return "a push endpoint is on port 443";
  if (url.username || url.password) return "a push endpoint carries no user name or password";
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (isIP(host) !== 0) return "a push endpoint names its push service's host, not an IP address";
  if (!known(host))
    return `${host} is not a known push service (${PUSH_SERVICES.map((s) => (s.host.startsWith(".") ? `*${s.host}` : s.host)).join(", ")})`;
  return null;
}
