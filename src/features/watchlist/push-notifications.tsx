import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { ServerRefusal, sessionJson } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";

// "Price alerts on this device": Web Push for the watch items' targets (docs/market-data.md). The browser asks
// for permission only when the user presses the button; the subscription goes to the server
// (POST /api/push/subscriptions), which sends an alert when a new snapshot meets a target.

type State = "unsupported" | "off" | "on" | "blocked" | "working";

const supported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** base64url → the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function PushNotifications() {
  const session = useSession();
  const [state, setState] = useState<State>("working");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    void navigator.serviceWorker.ready
      .then((r) => r.pushManager.getSubscription())
      .then((s) => setState(s ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  // A 404 (no such subscription on the server) is no failure: there is nothing to add or remove.
  const call = (method: "POST" | "DELETE", json: unknown) =>
    sessionJson(session.getAccessToken, "/api/push/subscriptions", { method, json }).catch((e) => {
      if (!(e instanceof ServerRefusal && e.status === 404)) throw e;
    });

  const enable = async () => {
    setError(null);
    setState("working");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? "blocked" : "off");
      const keyAnswer = await fetch("/api/push/vapid-public-key");
      if (!keyAnswer.ok) throw new Error("Price alerts are not available on this server.");
      const { publicKey } = (await keyAnswer.json()) as { publicKey: string };
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      const json = subscription.toJSON();
      await call("POST", { endpoint: json.endpoint, keys: json.keys });
      setState("on");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState("off");
    }
  };

  const disable = async () => {
    setError(null);
    setState("working");
    try {
      const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      if (subscription) {
        await call("DELETE", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState("on");
    }
  };

  return (
    <section className="watchlist__push" data-testid="push-notifications" data-state={state}>
      {state === "unsupported" ? (
        <p>This browser cannot show price alerts.</p>
      ) : state === "blocked" ? (
        <p>
          Notifications are blocked for this site; allow them in the browser's settings to get price alerts.
        </p>
      ) : state === "on" ? (
        <p>
          Price alerts are on for this device.{" "}
          <Button variant="ghost" onClick={() => void disable()}>
            Turn off
          </Button>
        </p>
      ) : (
        <p>
          Get a notification when a new day's prices meet a target.{" "}
          <Button variant="secondary" disabled={state === "working"} onClick={() => void enable()}>
            Turn on price alerts
          </Button>
        </p>
      )}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
