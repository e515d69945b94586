import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { CampaignPreviewInput } from "../../../shared/campaigns/preview";
import { quotePageUrl } from "../../../shared/campaigns/quote-link";
import { availableChannels } from "../../../shared/campaigns/recipients";
import type { RenderOrg } from "../../../shared/campaigns/render";
import { DEFAULT_COLOR_SCHEME } from "../../../shared/catalogue/app-defaults";
import { FREQUENCY_OPTIONS_BY_PLAN, WEEKDAY_NAME_BY_NUMBER } from "../../../shared/catalogue/enumerations";
import {
  type Campaign,
  type Channel,
  campaignSchema,
  defaultLrpCampaignQuote,
} from "../../../shared/documents/campaign";
import { documentName } from "../../../shared/documents/names";
import { DEFAULT_ORG_TIME_ZONE, zoneName } from "../../../shared/schemas/time-zone-names";
import { useBookIndex } from "../../components/book";
import {
  Field,
  type FieldIssues,
  focusFirstInvalid,
  issuesByPath,
  NO_ISSUES,
  NotSavedAlert,
  RequiredNote,
  SelectInput,
} from "../../components/book-forms";
import { campaignAction, saveCampaign } from "../../components/campaigns/campaigns-client";
import { documentTextSource, SharedTextInput } from "../../components/shared-text";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { useOrgBranding } from "../../lib/org/use-org-branding";
import { useWorkerResult } from "../../lib/pricing/use-pricing";
import { useOnline } from "../../lib/pwa/use-online";
import { useAfterStored, useDocument, useSyncClient } from "../../lib/sync";
import { campaignOf, orgToday, writeCampaign } from "./campaign-document";
import { rememberCampaign } from "./campaign-list-cache";
import { CampaignQuoteFields, defaultLgmCampaignQuote } from "./campaign-quote-fields";
import { EmailPreviewFrame } from "./email-preview-frame";
import "./campaigns.css";

// Create or edit a quote campaign (docs/campaigns.md): the quote, the schedule, the recipients (customers of the
// book, each on the channels the shared rule allows: e-mail with an address, SMS when the organisation
// has SMS campaigns and the customer's summary says mobile phone and consent), checked with the shared
// schema, and a live preview of the exact e-mail and SMS a recipient would get today — priced in the
// pricing worker on the current snapshot and rendered by the same functions the server sends with.
// The campaign is its synced document: it opens and saves offline (campaign-document.ts); only
// "send a test to me" needs the server, and says so offline.

const today = () => new Date().toISOString().slice(0, 10);
const blank = (): Campaign => ({
  campaign: {
    schemaVersion: 1,
    name: "",
    status: "ACTIVE",
    quote: defaultLrpCampaignQuote(),
  },
  schedule: {
    schemaVersion: 1,
    frequency: "DAILY",
    weekdays: [1, 2, 3, 4, 5],
    sendTime: "07:00",
    durationType: "ONGOING",
    startDate: today(),
  },
  recipients: {},
});

/** The fields of the form: a schema issue at any other path is listed in the alert above the buttons. */
const PLACED = [
  "campaign.name",
  ...[
    "plan",
    "commodity",
    "type",
    "endorsementLengthsWeeks",
    "head",
    "targetWeightCwt",
    "levelSelection",
  ].map((k) => `campaign.quote.${k}`),
  "campaign.quote.targetMarketings",
  "campaign.quote.deductible",
  ...["frequency", "sendTime", "startDate", "durationType", "endDate"].map((k) => `schedule.${k}`),
];
/** An issue inside a list ("…endorsementLengthsWeeks.0") is shown at the list's field. */
const atListField = (issues: FieldIssues): FieldIssues => {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(issues)) {
    const field = key.replace(/\.\d+$/, "");
    if (!Object.hasOwn(out, field)) out[field] = message;
  }
  return out;
};

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

/** The organisation as the e-mail shows it, from its settings (the org document). */
function renderOrgOf(settings: Record<string, unknown> | null): RenderOrg {
  const primary = (settings?.colorScheme as { primary?: unknown } | undefined)?.primary;
  return {
    name: text(settings?.name) ?? "Your agency",
    primaryColor: text(primary) ?? DEFAULT_COLOR_SCHEME.primary,
    // The agency's full logo, as the e-mail the server sends shows it (run-org.ts).
    logoUrl:
      typeof settings?.fullLogo === "string" && settings.fullLogo.startsWith("/api/orgs/")
        ? `${location.origin}${settings.fullLogo}`
        : null,
    senderEmail: text(settings?.senderEmail),
    phone: text(settings?.phone),
    addressLine1: text(settings?.addressLine1),
    addressLine2: text(settings?.addressLine2),
    city: text(settings?.city),
    state: text(settings?.state),
    zip: text(settings?.zip),
  };
}

const CHANNEL_LABEL: Record<Channel, string> = { email: "E-mail", sms: "SMS" };

export default function CampaignFormPage() {
  const { campaignId } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const online = useOnline();
  const book = useBookIndex();
  const settings = useOrgBranding();
  const [value, setValue] = useState<Campaign>(blank);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [touched, setTouched] = useState(false);
  const [started, setStarted] = useState(false);
  const id = useMemo(() => campaignId ?? `k-${crypto.randomUUID().slice(0, 12)}`, [campaignId]);
  const orgId = session.orgId;
  const client = useSyncClient();
  const docName = orgId ? documentName.campaign(orgId, id) : null;
  const doc = useDocument<"campaign">(docName);
  const kept = useAfterStored("campaign");
  const stored = useMemo(() => campaignOf(doc.state?.data), [doc.state?.data]);
  // An existing campaign's name is typed live into its shared text (TEXT1, docs/sync-rules.md TEXT1): everyone with the
  // form open sees it as it is typed and keeps every keystroke; the rest of the form is saved with Save.
  // A new campaign's name is typed here until it is saved (there is no document to share yet).
  const storedName = (doc.state?.data?.campaign as { name?: unknown } | undefined)?.name;
  const liveName = campaignId && typeof storedName === "string" ? storedName : null;
  const nameSource = useMemo(
    () =>
      client && docName && campaignId
        ? documentTextSource(docName, () => client.open<"campaign">(docName), "campaign", ["name"])
        : null,
    [client, docName, campaignId],
  );

  // An edit starts from the device's copy of the document (offline too, once it was opened online).
  useEffect(() => {
    if (!campaignId || started || !stored) return;
    setValue(stored);
    setStarted(true);
  }, [campaignId, started, stored]);
  const waiting = Boolean(campaignId) && !started;

  const org = useMemo(
    () => ({ enableSMSCampaigns: settings?.enableSMSCampaigns === true, render: renderOrgOf(settings) }),
    [settings],
  );
  // What the form holds: the live name of an existing campaign, else what was typed here.
  const edited: Campaign =
    liveName === null ? value : { ...value, campaign: { ...value.campaign, name: liveName } };
  const parsed = campaignSchema.safeParse(edited);
  const fieldIssues = touched && !parsed.success ? atListField(issuesByPath(parsed.error)) : NO_ISSUES;
  const orgZone = text(settings?.timezone) ?? DEFAULT_ORG_TIME_ZONE;
  const q = value.campaign.quote;
  const setSchedule = (patch: Partial<Campaign["schedule"]>) =>
    setValue((v) => ({ ...v, schedule: { ...v.schedule, ...patch } }));
  const setChannel = (customerId: string, channel: Channel, on: boolean) =>
    setValue((v) => {
      const recipients = { ...v.recipients };
      const before = recipients[customerId];
      const channels = (["email", "sms"] as const).filter((c) =>
        c === channel ? on : (before?.channels.includes(c) ?? false),
      );
      if (channels.length === 0) delete recipients[customerId];
      else
        recipients[customerId] = before
          ? { ...before, channels }
          : { id: customerId, customerId, channels, status: "ACTIVE" };
      return { ...v, recipients };
    });

  const reachable = book.customers
    .map((c) => ({ customer: c, channels: availableChannels({ email: c.email, sms: c.sms === true }, org) }))
    .filter((r) => r.channels.length > 0);
  // CAMP1: a new campaign starts with no recipient — saving never schedules anyone the agent did not
  // choose; "Everyone with an e-mail address" is a choice of its own.
  const chooseAllByEmail = () =>
    setValue((v) => {
      const recipients = { ...v.recipients };
      for (const { customer, channels } of reachable)
        if (channels.includes("email") && !recipients[customer.id])
          recipients[customer.id] = {
            id: customer.id,
            customerId: customer.id,
            channels: ["email"],
            status: "ACTIVE",
          };
      return { ...v, recipients };
    });
  const chooseNone = () =>
    setValue((v) => ({
      ...v,
      recipients: Object.fromEntries(Object.entries(v.recipients).filter(([, r]) => r.status !== "ACTIVE")),
    }));
  const chosen = Object.values(edited.recipients).filter((r) => r.status === "ACTIVE").length;
  const firstRecipientName = book.customers.find((c) => edited.recipients[c.id])?.name;

  // The preview, priced in the pricing worker on the current snapshot.
  const previewInput: CampaignPreviewInput | null = parsed.success
    ? {
        quote: parsed.data.campaign.quote,
        campaignName: parsed.data.campaign.name,
        org: org.render,
        recipientName: firstRecipientName ?? "Producer",
        quoteUrl: quotePageUrl(location.origin, id, parsed.data.campaign.quote),
        unsubscribeUrl: `${location.origin}/unsubscribe/campaign/${id}/…`,
      }
    : null;
  const preview = useWorkerResult(
    "campaignPreview",
    previewInput ? JSON.stringify(previewInput) : null,
    (api) => api.campaignPreview(previewInput as CampaignPreviewInput),
  );

  const writeLocally = (campaign: Campaign) => {
    doc.write((t) =>
      writeCampaign(t, stored, campaign, {
        today: orgToday(text(settings?.timezone) ?? undefined),
        userId: session.user?.sub ?? "agent",
        now: new Date().toISOString(),
      }),
    );
    if (orgId)
      rememberCampaign(orgId, {
        id,
        name: campaign.campaign.name,
        plan: campaign.campaign.quote.plan,
        status: campaign.campaign.status,
      });
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    if (!orgId) return;
    try {
      writeLocally(parsed.data);
      kept.then(() => navigate("/agent/quote-campaigns"));
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  };
  const test = async () => {
    if (!parsed.success || !orgId) return;
    try {
      // The server sends the test from its copy: the campaign goes there first, through its API.
      writeLocally(parsed.data);
      const token = await session.getAccessToken();
      await saveCampaign(orgId, id, parsed.data, token);
      const r = await campaignAction(orgId, id, "test", token);
      setMessage({ tone: "success", text: `A test e-mail was sent to ${r.sentTo}.` });
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  };
  const shown =
    preview.status === "done" ? preview.value : preview.status === "pending" ? preview.last : undefined;

  if (waiting)
    return (
      <div className="campaign-form">
        {doc.state?.loaded && !online ? (
          <Alert tone="warning">
            This campaign is not on this device yet. Open it once while online to edit it offline.
          </Alert>
        ) : (
          <p>Loading the campaign…</p>
        )}
      </div>
    );

  return (
    <div className="campaign-form">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {kept.problem && <Alert tone="error">{kept.problem}</Alert>}
      <form className="book-form" onSubmit={save} noValidate aria-label="Quote campaign">
        <RequiredNote />
        <Card>
          <h2>Quote</h2>
          <Field label="Campaign name" path="campaign.name" issues={fieldIssues} required>
            {liveName === null ? (
              <input
                className="book-input"
                value={value.campaign.name}
                onChange={(e) =>
                  setValue((v) => ({ ...v, campaign: { ...v.campaign, name: e.target.value } }))
                }
              />
            ) : (
              <SharedTextInput
                className="book-input"
                source={nameSource}
                fallback={liveName}
                autoComplete="off"
              />
            )}
          </Field>
          <SelectInput
            label="Plan"
            path="campaign.quote.plan"
            issues={fieldIssues}
            value={q.plan}
            options={[
              { value: "lrp", label: "LRP" },
              { value: "lgm", label: "LGM" },
            ]}
            onChange={(plan) =>
              setValue((v) => ({
                ...v,
                campaign: {
                  ...v.campaign,
                  quote: plan === "lgm" ? defaultLgmCampaignQuote() : blank().campaign.quote,
                },
                schedule: { ...v.schedule, frequency: "WEEKLY", weekdays: [1] },
              }))
            }
          />
          <CampaignQuoteFields
            key={q.plan}
            quote={q}
            issues={fieldIssues}
            onChange={(quote) => setValue((v) => ({ ...v, campaign: { ...v.campaign, quote } }))}
          />
        </Card>
        <Card>
          <h2>Schedule</h2>
          <SelectInput
            label="Frequency"
            path="schedule.frequency"
            issues={fieldIssues}
            value={value.schedule.frequency}
            options={FREQUENCY_OPTIONS_BY_PLAN[q.plan].map((f) => ({
              value: f,
              label: f.charAt(0) + f.slice(1).toLowerCase(),
            }))}
            onChange={(next) => {
              const frequency = next as Campaign["schedule"]["frequency"];
              setSchedule({
                frequency,
                weekdays: frequency === "DAILY" ? [1, 2, 3, 4, 5] : [value.schedule.weekdays[0] ?? 1],
              });
            }}
          />
          <fieldset className="book-fieldset campaign-weekdays" data-field="schedule.weekdays">
            <legend>{value.schedule.frequency === "DAILY" ? "Weekdays" : "Weekday"}</legend>
            {([1, 2, 3, 4, 5] as const).map((d) => (
              <label key={d} className="campaign-choice">
                <input
                  type={value.schedule.frequency === "DAILY" ? "checkbox" : "radio"}
                  name="weekday"
                  checked={value.schedule.weekdays.includes(d)}
                  onChange={(e) =>
                    setSchedule({
                      weekdays:
                        value.schedule.frequency !== "DAILY"
                          ? [d]
                          : e.target.checked
                            ? [...value.schedule.weekdays, d].sort()
                            : value.schedule.weekdays.filter((w) => w !== d),
                    })
                  }
                />
                {WEEKDAY_NAME_BY_NUMBER[d]}
              </label>
            ))}
          </fieldset>
          <div className="book-form__row">
            <Field
              label="Send time"
              path="schedule.sendTime"
              issues={fieldIssues}
              hint={`In the organisation's time zone: ${zoneName(orgZone)}`}
              required
            >
              <input
                className="book-input"
                type="time"
                value={value.schedule.sendTime}
                onChange={(e) => setSchedule({ sendTime: e.target.value })}
              />
            </Field>
            <Field label="Start date" path="schedule.startDate" issues={fieldIssues} required>
              <input
                className="book-input"
                type="date"
                value={value.schedule.startDate}
                onChange={(e) => setSchedule({ startDate: e.target.value })}
              />
            </Field>
          </div>
          <div className="book-form__row">
            <SelectInput
              label="Duration"
              path="schedule.durationType"
              issues={fieldIssues}
              value={value.schedule.durationType}
              options={[
                { value: "ONGOING", label: "Ongoing" },
                { value: "FIXED", label: "Until an end date" },
              ]}
              onChange={(next) =>
                setSchedule(
                  next === "FIXED"
                    ? { durationType: "FIXED", endDate: value.schedule.startDate }
                    : { durationType: "ONGOING", endDate: undefined },
                )
              }
            />
            {value.schedule.durationType === "FIXED" && (
              <Field label="End date" path="schedule.endDate" issues={fieldIssues}>
                <input
                  className="book-input"
                  type="date"
                  value={value.schedule.endDate ?? ""}
                  onChange={(e) => setSchedule({ endDate: e.target.value })}
                />
              </Field>
            )}
          </div>
        </Card>
        <Card>
          <h2>Recipients</h2>
          {!org.enableSMSCampaigns && (
            <p className="campaign-note">SMS campaigns are not enabled for this organisation: e-mail only.</p>
          )}
          {reachable.length === 0 && <p>No customer of the book can be reached by e-mail or SMS yet.</p>}
          {reachable.length > 0 && (
            <div className="campaign-recipients__choose">
              <p data-testid="recipients-chosen">
                {chosen === 0
                  ? "No recipient chosen yet: tick the customers who should get this campaign."
                  : `${chosen} ${chosen === 1 ? "recipient" : "recipients"} chosen.`}
              </p>
              <Button variant="secondary" onClick={chooseAllByEmail}>
                Choose everyone with an e-mail address
              </Button>
              {chosen > 0 && (
                <Button variant="secondary" onClick={chooseNone}>
                  Choose none
                </Button>
              )}
            </div>
          )}
          {reachable.map(({ customer: c, channels }) => {
            const r = value.recipients[c.id];
            return (
              <fieldset key={c.id} className="campaign-recipient" data-testid={`recipient-${c.id}`}>
                <legend>
                  {c.name}
                  {c.email ? ` (${c.email})` : ""}
                  {r && r.status !== "ACTIVE" ? ` — ${r.status.toLowerCase()}` : ""}
                </legend>
                {channels.map((channel) => (
                  <label key={channel} className="campaign-choice">
                    <input
                      type="checkbox"
                      checked={r?.channels.includes(channel) ?? false}
                      disabled={r?.status === "UNSUBSCRIBED"}
                      onChange={(e) => setChannel(c.id, channel, e.target.checked)}
                    />
                    {CHANNEL_LABEL[channel]}
                  </label>
                ))}
              </fieldset>
            );
          })}
        </Card>
        <NotSavedAlert title="The campaign was not saved" issues={fieldIssues} placed={PLACED} />
        <p className="book-form__actions">
          <Button type="submit" disabled={kept.storing}>
            Save campaign
          </Button>
          <Button variant="secondary" onClick={test} disabled={!parsed.success || !online}>
            Send a test to me
          </Button>
        </p>
      </form>
      {!online && (
        <p className="campaign-note" data-testid="test-offline">
          Offline: saving keeps the campaign on this device and sends it to the server when the connection is
          back. Sending a test needs a connection.
        </p>
      )}
      <Card>
        <h2>Preview: what a recipient gets today</h2>
        {text(settings?.name) === null ? (
          <Alert tone="info" title="Your agency has no name yet">
            The e-mail says "Your agency" until an admin sets the agency's name in{" "}
            <Link to="/settings">Application Settings</Link>.
          </Alert>
        ) : null}
        {!parsed.success && <p>Complete the campaign to see the preview.</p>}
        {preview.status === "failed" && (
          <Alert tone="warning">
            {preview.code === "stale-market-data" ? "No market data on this device yet." : preview.message}
          </Alert>
        )}
        {preview.status === "pending" && !preview.last && <p>Pricing the preview…</p>}
        {shown && (
          <>
            <p>
              <strong>Subject:</strong> {shown.email.subject}
            </p>
            <EmailPreviewFrame title="E-mail preview" html={shown.email.html} />
            {/* CAMP1: no SMS preview where the organisation sends no SMS. */}
            {org.enableSMSCampaigns && (
              <p data-testid="sms-preview">
                <strong>SMS</strong> ({shown.smsSegments} {shown.smsSegments === 1 ? "segment" : "segments"}
                ): {shown.sms}
              </p>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
