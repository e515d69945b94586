import { type FormEvent, useCallback, useEffect, useMemo, useState } from "react";
import type { Role } from "../../../shared/access/roles";
import { ADMIN_GRANTABLE_ROLES, AGENT_GRANTABLE_ROLES } from "../../../shared/admin/members";
import { useBookIndex } from "../../components/book";
import {
  BookForm,
  Field,
  FieldGroup,
  type FieldIssues,
  hasIssues,
  NO_ISSUES,
  RequiredLegend,
  RequiredNote,
} from "../../components/book-forms";
import { useOrgDateTime } from "../../components/org-time/use-org-time";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ServerRefusal } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";
import { adminFetch } from "./admin-api";
import { inviteProblems } from "./invite-problems";
import { imageWords } from "./logo-uploads";
import "./settings.css";

const ROLE_NAMES: Record<Role, string> = {
  admin: "Admin",
  superAdmin: "Platform admin",
  agent: "Agent",
  customer: "Customer (portal)",
  partner: "Partner",
};
const ACTIONS: Record<string, string> = {
  "invitation.created": "invited",
  "invitation.accepted": "accepted the invitation sent to",
  "invitation.replaced": "sent a new invitation (the old link stopped working) to",
  "invitation.revoked": "revoked the invitation of",
  "role.added": "gave a role to",
  "role.removed": "took a role from",
  "member.removed": "removed",
  "secret.set": "set the secret",
  "secret.cleared": "cleared the secret",
  "image.uploaded": "uploaded",
  "image.removed": "removed",
};

interface Member {
  id: string;
  email: string | null;
  name: string | null;
  roles: Role[];
  lastSignInAt: string | null;
}
interface People {
  members: Member[];
  invitations: { email: string; roles: Role[]; customerId: string | null; expiresAt: string }[];
  you: { id: string; roles: Role[] };
}
type InviteBody = { email: string; roles: Role[]; customerId?: string; replace?: boolean };
/** Why an invitation was not sent; `open`: the address has an open one (INVITE1), it may be sent again. */
type InviteProblem = { message: string; open: boolean } | null;

interface AuditRow {
  id: number;
  at: string;
  actor: { id: string; email: string | null };
  action: string;
  target: string;
  detail: string | null;
}

/**
 * /settings/manage-users (admins and agents): the organisation's people with their roles and last
 * sign-in, invitations by e-mail, role changes and removal, and the audit log of every change. Agents
 * manage their customers' portal accounts only. Needs a connection (the server keeps memberships).
 */
export default function ManageUsersPage() {
  const session = useSession();
  const orgId = session.orgId;
  const index = useBookIndex();
  const when = useOrgDateTime();
  const [people, setPeople] = useState<People | null>(null);
  const [audit, setAudit] = useState<AuditRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; link?: string } | null>(null);
  const base = orgId ? `/api/orgs/${encodeURIComponent(orgId)}` : "";

  const load = useCallback(async () => {
    if (!base) return;
    try {
      const [p, a] = await Promise.all([
        adminFetch<People>(session.getAccessToken, `${base}/people`),
        adminFetch<{ audit: AuditRow[] }>(session.getAccessToken, `${base}/audit?limit=50`),
      ]);
      setPeople(p);
      setAudit(a.audit);
    } catch (e) {
      setError(`The members could not be loaded (a connection is needed): ${(e as Error).message}`);
    }
  }, [base, session.getAccessToken]);
  useEffect(() => {
    void load();
  }, [load]);

  const isAdmin = session.roles.includes("admin");
  const grantable = isAdmin ? ADMIN_GRANTABLE_ROLES : AGENT_GRANTABLE_ROLES;
  const customers = useMemo(
    () => [...index.customers].sort((a, b) => a.name.localeCompare(b.name)),
    [index.customers],
  );
  const customerName = (id: string | null) => (id ? (customers.find((c) => c.id === id)?.name ?? id) : null);
  const nameOf = (userId: string) => {
    const m = people?.members.find((x) => x.id === userId);
    return m ? (m.name ?? m.email ?? userId) : userId;
  };

  const run = async (what: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await what();
      setNotice({ text: done });
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <div className="settings" data-testid="manage-users-page">
      <p className="settings__intro">
        {isAdmin
          ? "Everyone with access to your agency, and what they may do. Invite people by e-mail; the link in the e-mail works once."
          : "Your customers' portal accounts. Invite a customer by e-mail and link the account to their customer record; an admin manages staff."}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? (
        <Alert tone="success">
          {notice.text}
          {notice.link ? (
            <>
              {" "}
              Development server: the e-mail went to the local outbox. Its link:{" "}
              <a href={notice.link} data-testid="invitation-link">
                open the invitation
              </a>
            </>
          ) : null}
        </Alert>
      ) : null}
      <InviteForm
        grantable={grantable}
        customers={customers}
        onInvite={async (body): Promise<InviteProblem> => {
          setError(null);
          try {
            const sent = await adminFetch<{ developmentLink?: string }>(
              session.getAccessToken,
              `${base}/invitations`,
              {
                method: "POST",
                json: body,
              },
            );
            setNotice({
              text: body.replace
                ? `A new invitation was e-mailed to ${body.email}; the link sent before no longer works.`
                : `Invitation e-mailed to ${body.email}.`,
              link: sent.developmentLink,
            });
            await load();
            return null;
          } catch (e) {
            const open = e instanceof ServerRefusal && e.body.error === "invitation-open";
            return { message: (e as Error).message, open };
          }
        }}
      />
      {people === null && !error ? <p>Loading the members…</p> : null}
      {people ? (
        <section aria-labelledby="members-title" className="settings__secrets">
          <h2 id="members-title">Members</h2>
          <ul className="settings__secret-list" data-testid="members">
            {people.members.map((m) => (
              <MemberRow
                key={m.id}
                member={m}
                you={m.id === people.you.id}
                grantable={grantable}
                // A platform admin's membership is the platform's, not the agency's to change.
                manageable={
                  (isAdmin && !m.roles.includes("superAdmin")) || m.roles.every((r) => r === "customer")
                }
                onSave={(roles) =>
                  run(
                    () =>
                      adminFetch(
                        session.getAccessToken,
                        `${base}/members/${encodeURIComponent(m.id)}/roles`,
                        {
                          method: "PUT",
                          json: { roles },
                        },
                      ),
                    `Roles of ${m.name ?? m.email ?? m.id} saved.`,
                  )
                }
                onRemove={() =>
                  run(
                    () =>
                      adminFetch(session.getAccessToken, `${base}/members/${encodeURIComponent(m.id)}`, {
                        method: "DELETE",
                      }),
                    `${m.name ?? m.email ?? m.id} removed.`,
                  )
                }
              />
            ))}
          </ul>
          {people.invitations.length ? (
            <>
              <h2>Open invitations</h2>
              <ul className="settings__secret-list" data-testid="invitations">
                {people.invitations.map((i) => (
                  <li
                    key={`${i.email}-${i.expiresAt}`}
                    className="settings__secret"
                    data-testid="invitation"
                    data-email={i.email}
                  >
                    <span className="settings__secret-label">{i.email}</span>
                    <span>
                      {i.roles.map((r) => ROLE_NAMES[r]).join(", ")}
                      {i.customerId ? ` — ${customerName(i.customerId)}` : ""}
                    </span>
                    <span className="book-form__help">valid until {when(i.expiresAt)}</span>
                    {i.roles.every((r) => grantable.includes(r)) ? (
                      <span className="settings__secret-actions">
                        <Button
                          variant="ghost"
                          aria-label={`Revoke the invitation of ${i.email}`}
                          onClick={() =>
                            void run(
                              () =>
                                adminFetch(
                                  session.getAccessToken,
                                  `${base}/invitations/${encodeURIComponent(i.email)}`,
                                  { method: "DELETE" },
                                ),
                              `The invitation of ${i.email} is revoked: its link no longer works.`,
                            )
                          }
                        >
                          Revoke
                        </Button>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="audit-title" className="settings__secrets">
        <h2 id="audit-title">Changes</h2>
        {audit.length === 0 ? (
          <p className="book-form__help">No changes recorded yet.</p>
        ) : (
          <ol className="settings__audit" data-testid="audit-log">
            {audit.map((a) => (
              <li key={a.id}>
                <time dateTime={a.at}>{when(a.at)}</time> — {a.actor.email ?? a.actor.id}{" "}
                {ACTIONS[a.action] ?? a.action}{" "}
                <strong>
                  {a.action.startsWith("image.")
                    ? imageWords(a.target)
                    : a.target.includes("@")
                      ? a.target
                      : nameOf(a.target)}
                </strong>
                {a.detail ? ` (${a.detail})` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function InviteForm({
  grantable,
  customers,
  onInvite,
}: {
  grantable: readonly Role[];
  customers: { id: string; name: string }[];
  onInvite: (body: InviteBody) => Promise<InviteProblem>;
}) {
  const [email, setEmail] = useState("");
  const [roles, setRoles] = useState<Role[]>(grantable.length === 1 ? [...grantable] : ["agent"]);
  const [customerId, setCustomerId] = useState("");
  const [error, setError] = useState<InviteProblem>(null);
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const send = async (replace: boolean) => {
    const problem = await onInvite({
      email: email.trim(),
      roles,
      ...(customerId ? { customerId } : {}),
      ...(replace ? { replace } : {}),
    });
    setError(problem);
    if (!problem) {
      setEmail("");
      setCustomerId("");
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = inviteProblems({ email, roles, customerId });
    setIssues(found);
    if (hasIssues(found)) return;
    await send(false);
  };
  return (
    <BookForm onSubmit={submit} requiredNote={false} data-testid="invite-form">
      <FieldGroup legend="Invite someone">
        <RequiredNote />
        {error?.open ? (
          <Alert
            tone="warning"
            title="This address already has an open invitation"
            actions={
              <Button variant="secondary" onClick={() => void send(true)} data-testid="invite-resend">
                Send it again
              </Button>
            }
          >
            <span data-testid="invitation-open">{error.message}</span>
          </Alert>
        ) : error ? (
          <Alert tone="error">{error.message}</Alert>
        ) : null}
        <Field
          label="E-mail address"
          hint="The invitation link goes to this address."
          path="email"
          issues={issues}
          required
        >
          <input
            className="book-input"
            type="email"
            name="inviteEmail"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <fieldset className="settings__roles">
          <legend>
            <RequiredLegend>Roles</RequiredLegend>
          </legend>
          {grantable.map((r) => (
            <label key={r} className="settings__check">
              <input
                type="checkbox"
                aria-invalid={issues.roles ? true : undefined}
                aria-describedby={issues.roles ? "invite-roles-error" : undefined}
                name={`invite-role-${r}`}
                checked={roles.includes(r)}
                onChange={(e) =>
                  setRoles((rs) => (e.target.checked ? [...rs, r] : rs.filter((x) => x !== r)))
                }
              />
              {ROLE_NAMES[r]}
            </label>
          ))}
          {issues.roles ? (
            <span className="book-field__error" id="invite-roles-error">
              {issues.roles}
            </span>
          ) : null}
        </fieldset>
        {roles.includes("customer") ? (
          <Field
            label="Customer record"
            hint="The portal account sees this customer's coverages."
            path="customerId"
            issues={issues}
            required
          >
            <select
              className="book-input"
              name="inviteCustomer"
              value={customerId}
              onChange={(e) => setCustomerId(e.target.value)}
            >
              <option value="">Choose a customer</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <div className="book-form__actions">
          <Button type="submit" data-testid="invite-send">
            Send invitation
          </Button>
        </div>
      </FieldGroup>
    </BookForm>
  );
}

function MemberRow({
  member,
  you,
  grantable,
  manageable,
  onSave,
  onRemove,
}: {
  member: Member;
  you: boolean;
  grantable: readonly Role[];
  manageable: boolean;
  onSave: (roles: Role[]) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState<Role[]>(member.roles);
  const when = useOrgDateTime();
  return (
    <li className="settings__member" data-member={member.email ?? member.id}>
      <div>
        <strong>{member.name ?? member.email ?? member.id}</strong>
        {you ? " (you)" : ""}
        <div className="book-form__help">{member.email}</div>
      </div>
      <div data-testid="member-roles">{member.roles.map((r) => ROLE_NAMES[r]).join(", ")}</div>
      <div className="book-form__help">Last sign-in: {when(member.lastSignInAt)}</div>
      {manageable && !editing ? (
        <span className="settings__secret-actions">
          <Button
            variant="secondary"
            onClick={() => {
              setRoles(member.roles);
              setEditing(true);
            }}
          >
            Change roles
          </Button>
          <Button variant="ghost" onClick={() => void onRemove()}>
            Remove
          </Button>
        </span>
      ) : null}
      {editing ? (
        <div className="settings__roles-edit">
          {[...new Set([...grantable, ...member.roles])].map((r) => (
            <label key={r} className="settings__check">
              <input
                type="checkbox"
                name={`role-${r}`}
                checked={roles.includes(r)}
                disabled={!grantable.includes(r)}
                onChange={(e) =>
                  setRoles((rs) => (e.target.checked ? [...rs, r] : rs.filter((x) => x !== r)))
                }
              />
              {ROLE_NAMES[r]}
            </label>
          ))}
          <span className="settings__secret-actions">
            <Button
              onClick={async () => {
                await onSave(roles);
                setEditing(false);
              }}
            >
              Save roles
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </span>
        </div>
      ) : null}
    </li>
  );
}
