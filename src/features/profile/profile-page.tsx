import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Role } from "../../../shared/access/roles";
import {
  DEFAULT_NOTIFICATIONS,
  NOTIFICATION_TOPICS,
  type NotificationPreferences,
  type NotificationTopic,
  profileUpdateSchema,
} from "../../../shared/admin/profile";
import {
  BookForm,
  Field,
  FieldGroup,
  type FieldIssues,
  issuesByPath,
  NO_ISSUES,
} from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { sessionJson } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";
import { InvitationPanel } from "./invitation-panel";
import "./profile.css";
import { formatDayIn } from "../../components/org-time/org-time";
import { useOrgZone } from "../../components/org-time/use-org-time";

interface Profile {
  id: string;
  email: string | null;
  name: string | null;
  mobilePhone: string | null;
  notifications: NotificationPreferences;
  smsConsent: { given: boolean; at: string | null };
  organisations: { orgId: string; roles: Role[] }[];
}

const ROLE_NAMES: Record<Role, string> = {
  admin: "Admin",
  superAdmin: "Platform admin",
  agent: "Agent",
  customer: "Customer",
  partner: "Partner",
};

/**
 * /profile (any signed-in user): name, e-mail (from the sign-in, read-only), mobile phone, which
 * messages by which channel, consent to text messages with its date, the organisations and roles held,
 * and "sign out on all devices". With `?invitation=` (production: the link sent the invitee to sign in
 * and back here) it offers to accept the invitation (invitation-panel.tsx).
 */
export default function ProfilePage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [notifications, setNotifications] = useState<NotificationPreferences>(DEFAULT_NOTIFICATIONS);
  const [consent, setConsent] = useState(false);
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const zone = useOrgZone();
  const [message, setMessage] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);

  const show = useCallback((p: Profile) => {
    setProfile(p);
    setName(p.name ?? "");
    setPhone(p.mobilePhone ?? "");
    setNotifications(p.notifications);
    setConsent(p.smsConsent.given);
  }, []);
  const { getAccessToken } = session;
  const load = useCallback(async () => {
    try {
      show(await sessionJson<Profile>(getAccessToken, "/api/me"));
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  }, [getAccessToken, show]);
  useEffect(() => {
    void load();
  }, [load]);
  // An invitation link (production: after the Auth0 sign-in) is accepted with the panel's button.
  // The panel stays (with its outcome) after the spent link leaves the address.
  const linked = params.get("invitation");
  const [invitation, setInvitation] = useState(linked);
  useEffect(() => {
    if (linked) setInvitation(linked);
  }, [linked]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const update = {
      name,
      mobilePhone: phone.trim() === "" ? null : phone.trim(),
      notifications,
      smsConsent: consent,
    };
    const parsed = profileUpdateSchema.safeParse(update);
    if (!parsed.success) {
      setIssues(issuesByPath(parsed.error));
      setMessage({ tone: "error", text: "Nothing was saved: correct the fields marked below." });
      return;
    }
    setIssues(NO_ISSUES);
    try {
      show(await sessionJson<Profile>(getAccessToken, "/api/me", { method: "PUT", json: update }));
      setMessage({ tone: "success", text: "Your profile is saved." });
    } catch (e) {
      setMessage({ tone: "error", text: `Nothing was saved: ${(e as Error).message}` });
    }
  };
  const toggle = (topic: NotificationTopic, channel: "email" | "sms", on: boolean) =>
    setNotifications((n) => ({ ...n, [topic]: { ...n[topic], [channel]: on } }));

  return (
    <div className="profile" data-testid="profile-page">
      {invitation ? (
        <InvitationPanel
          key={invitation}
          token={invitation}
          signedInAs={session.user?.email ?? null}
          getAccessToken={getAccessToken}
          signIn={session.signIn}
          signOut={session.signOut}
          onSettled={(outcome) => {
            // The link is spent (joined, or refused for good): a reload does not try it again.
            setParams({}, { replace: true });
            if (outcome.kind === "joined") void load();
          }}
        />
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {profile === null && message?.tone !== "error" ? (
        <p>Loading your profile (a connection is needed)…</p>
      ) : null}
      {profile ? (
        <BookForm onSubmit={submit} data-testid="profile-form">
          <FieldGroup legend="You">
            <Field label="Name" path="name" issues={issues} required>
              <input
                className="book-input"
                name="name"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <Field label="E-mail" hint="From your sign-in; change it with your sign-in provider.">
              <input className="book-input" name="email" value={profile.email ?? ""} readOnly />
            </Field>
            <Field label="Mobile phone" path="mobilePhone" issues={issues} hint="e.g. (620) 555-0134">
              <input
                className="book-input"
                name="mobilePhone"
                type="tel"
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
            </Field>
            <label className="profile__check">
              <input
                type="checkbox"
                name="smsConsent"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
              />
              <span>
                I agree to receive text messages (SMS) at this number. Message and data rates may apply; reply
                STOP to stop.
                {profile.smsConsent.at ? (
                  <span className="book-form__help" data-testid="sms-consent-date">
                    {" "}
                    Given on {formatDayIn(profile.smsConsent.at, zone)}.
                  </span>
                ) : null}
              </span>
            </label>
          </FieldGroup>
          <FieldGroup legend="What we send you">
            <table className="profile__channels">
              <thead>
                <tr>
                  <th scope="col">Message</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Text</th>
                </tr>
              </thead>
              <tbody>
                {(Object.keys(NOTIFICATION_TOPICS) as NotificationTopic[]).map((topic) => {
                  const problem = issues[`notifications.${topic}.sms`];
                  return (
                    <tr key={topic}>
                      <th scope="row">
                        {NOTIFICATION_TOPICS[topic]}
                        {problem ? <span className="book-field__error"> {problem}</span> : null}
                      </th>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`${NOTIFICATION_TOPICS[topic]} by e-mail`}
                          checked={notifications[topic].email}
                          onChange={(e) => toggle(topic, "email", e.target.checked)}
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`${NOTIFICATION_TOPICS[topic]} by text message`}
                          aria-invalid={problem ? true : undefined}
                          checked={notifications[topic].sms}
                          onChange={(e) => toggle(topic, "sms", e.target.checked)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </FieldGroup>
          <div className="book-form__actions">
            <Button type="submit" data-testid="profile-save">
              Save profile
            </Button>
          </div>
        </BookForm>
      ) : null}
      {profile ? (
        <section aria-labelledby="orgs-title" className="profile__section">
          <h2 id="orgs-title">Your organisations</h2>
          {profile.organisations.length === 0 ? (
            <p className="book-form__help">You belong to no organisation yet.</p>
          ) : (
            <ul data-testid="profile-orgs">
              {profile.organisations.map((o) => (
                <li key={o.orgId}>
                  <strong>{o.orgId}</strong>: {o.roles.map((r) => ROLE_NAMES[r]).join(", ")}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="devices-title" className="profile__section">
        <h2 id="devices-title">Devices</h2>
        <p className="book-form__help">
          Lost a phone or used a shared computer? This signs you out everywhere, this device included.
        </p>
        <Button variant="secondary" onClick={() => void session.signOutEverywhere()}>
          Sign out on all devices
        </Button>
      </section>
    </div>
  );
}
