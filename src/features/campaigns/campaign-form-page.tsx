import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { CampaignPreviewInput } from "../../../shared/campaigns/preview";
import { quotePageUrl } from "../../../shared/campaigns/quote-link";
import { availableChannels } from "../../../shared/campaigns/recipients";
import type { RenderOrg } from "../../../shared/campaigns/render";
import { FREQUENCY_OPTIONS_BY_PLAN, WEEKDAY_NAME_BY_NUMBER } from "../../../shared/catalogue/enumerations";
import {
  type Campaign,
  type Channel,
  campaignSchema,
  defaultLrpCampaignQuote,
} from "../../../shared/documents/campaign";
import { documentName } from "../../../shared/documents/names";
import { useOrgBranding } from "../../app/use-org-branding";
import { useBookIndex } from "../../components/book";
import { campaignAction, saveCampaign } from "../../components/campaigns/campaigns-client";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { useWorkerResult } from "../../lib/pricing/use-pricing";
import { useOnline } from "../../lib/pwa/use-online";
import { useDocument } from "../../lib/sync";
import { campaignOf, orgToday, writeCampaign } from "./campaign-document";
import { rememberCampaign } from "./campaign-list-cache";
import { EmailPreviewFrame } from "./email-preview-frame";
import "./campaigns.css";

// Create or edit a quote campaign (issue 12): the quote, the schedule, the recipients (customers of the
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
const numbers = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);

const DEFAULT_COLOUR = "#1f5130";
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

/** The organisation as the e-mail shows it, from its settings (the org document). */
function renderOrgOf(settings: Record<string, unknown> | null): RenderOrg {
  const primary = (settings?.colorScheme as { primary?: unknown } | undefined)?.primary;
  return {
    name: text(settings?.name) ?? "Your agency",
    primaryColor: text(primary) ?? DEFAULT_COLOUR,
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
  const doc = useDocument<"campaign">(orgId ? documentName.campaign(orgId, id) : null);
  const stored = useMemo(() => campaignOf(doc.state?.data), [doc.state?.data]);

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
  const parsed = campaignSchema.safeParse(value);
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const q = value.campaign.quote;
  const setQuote = (patch: Record<string, unknown>) =>
    setValue((v) => ({
      ...v,
      campaign: { ...v.campaign, quote: { ...v.campaign.quote, ...patch } as typeof q },
    }));
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

  // The preview, priced in the pricing worker on the current snapshot.
  const previewInput: CampaignPreviewInput | null = parsed.success
    ? {
        quote: parsed.data.campaign.quote,
        campaignName: parsed.data.campaign.name,
        org: org.render,
        recipientName: "Producer",
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
  const save = async () => {
    setTouched(true);
    if (!parsed.success || !orgId) return;
    try {
      writeLocally(parsed.data);
      navigate("/agent/quote-campaigns");
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
  const reachable = book.customers
    .map((c) => ({ customer: c, channels: availableChannels({ email: c.email, sms: c.sms === true }, org) }))
    .filter((r) => r.channels.length > 0);

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
      <Card>
        <label>
          Campaign name
          <input
            value={value.campaign.name}
            onChange={(e) => setValue((v) => ({ ...v, campaign: { ...v.campaign, name: e.target.value } }))}
          />
        </label>
        <label>
          Plan
          <select
            value={q.plan}
            onChange={(e) =>
              setValue((v) => ({
                ...v,
                campaign: {
                  ...v.campaign,
                  quote:
                    e.target.value === "lgm"
                      ? {
                          plan: "lgm",
                          commodity: "0803",
                          type: "808",
                          targetMarketings: [0, 0, 50, 50],
                          deductible: 0,
                        }
                      : blank().campaign.quote,
                },
                schedule: { ...v.schedule, frequency: "WEEKLY", weekdays: [1] },
              }))
            }
          >
            <option value="lrp">LRP</option>
            <option value="lgm">LGM</option>
          </select>
        </label>
        <label>
          Commodity code
          <input value={q.commodity} onChange={(e) => setQuote({ commodity: e.target.value })} />
        </label>
        <label>
          Type code
          <input value={q.type} onChange={(e) => setQuote({ type: e.target.value })} />
        </label>
        {q.plan === "lrp" ? (
          <>
            <label>
              Endorsement lengths (weeks, comma separated)
              <input
                defaultValue={q.endorsementLengthsWeeks.join(", ")}
                onBlur={(e) => setQuote({ endorsementLengthsWeeks: numbers(e.target.value) })}
              />
            </label>
            <label>
              Head
              <input
                type="number"
                value={q.head}
                onChange={(e) => setQuote({ head: Number(e.target.value) })}
              />
            </label>
            <label>
              Target weight (cwt)
              <input
                type="number"
                step="0.01"
                value={q.targetWeightCwt}
                onChange={(e) => setQuote({ targetWeightCwt: Number(e.target.value) })}
              />
            </label>
            <label>
              Levels
              <select value={q.levelSelection} onChange={(e) => setQuote({ levelSelection: e.target.value })}>
                <option value="TOP">Top Level</option>
                <option value="ALL">All Levels</option>
              </select>
            </label>
          </>
        ) : (
          <>
            <label>
              Target marketings per month (comma separated)
              <input
                defaultValue={q.targetMarketings.join(", ")}
                onBlur={(e) => setQuote({ targetMarketings: numbers(e.target.value) })}
              />
            </label>
            <label>
              Deductible ($ per unit)
              <input
                type="number"
                value={q.deductible}
                onChange={(e) => setQuote({ deductible: Number(e.target.value) })}
              />
            </label>
          </>
        )}
      </Card>
      <Card>
        <label>
          Frequency
          <select
            value={value.schedule.frequency}
            onChange={(e) => {
              const frequency = e.target.value as Campaign["schedule"]["frequency"];
              setSchedule({
                frequency,
                weekdays: frequency === "DAILY" ? [1, 2, 3, 4, 5] : [value.schedule.weekdays[0] ?? 1],
              });
            }}
          >
            {FREQUENCY_OPTIONS_BY_PLAN[q.plan].map((f) => (
              <option key={f} value={f}>
                {f.charAt(0) + f.slice(1).toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Weekdays</legend>
          {([1, 2, 3, 4, 5] as const).map((d) => (
            <label key={d}>
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
              />{" "}
              {WEEKDAY_NAME_BY_NUMBER[d]}
            </label>
          ))}
        </fieldset>
        <label>
          Send time (the organisation's time zone)
          <input
            type="time"
            value={value.schedule.sendTime}
            onChange={(e) => setSchedule({ sendTime: e.target.value })}
          />
        </label>
        <label>
          Start date
          <input
            type="date"
            value={value.schedule.startDate}
            onChange={(e) => setSchedule({ startDate: e.target.value })}
          />
        </label>
        <label>
          Duration
          <select
            value={value.schedule.durationType}
            onChange={(e) =>
              setSchedule(
                e.target.value === "FIXED"
                  ? { durationType: "FIXED", endDate: value.schedule.startDate }
                  : { durationType: "ONGOING", endDate: undefined },
              )
            }
          >
            <option value="ONGOING">Ongoing</option>
            <option value="FIXED">Until an end date</option>
          </select>
        </label>
        {value.schedule.durationType === "FIXED" && (
          <label>
            End date
            <input
              type="date"
              value={value.schedule.endDate ?? ""}
              onChange={(e) => setSchedule({ endDate: e.target.value })}
            />
          </label>
        )}
      </Card>
      <Card>
        <h2>Recipients</h2>
        {!org.enableSMSCampaigns && (
          <p className="campaign-note">SMS campaigns are not enabled for this organisation: e-mail only.</p>
        )}
        {reachable.length === 0 && <p>No customer of the book can be reached by e-mail or SMS yet.</p>}
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
                <label key={channel}>
                  <input
                    type="checkbox"
                    checked={r?.channels.includes(channel) ?? false}
                    disabled={r?.status === "UNSUBSCRIBED"}
                    onChange={(e) => setChannel(c.id, channel, e.target.checked)}
                  />{" "}
                  {CHANNEL_LABEL[channel]}
                </label>
              ))}
            </fieldset>
          );
        })}
      </Card>
      {touched && issues.length > 0 && (
        <Alert tone="error" title="Fix these first">
          <ul>
            {issues.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </Alert>
      )}
      <p>
        <Button onClick={save}>Save campaign</Button>{" "}
        <Button variant="secondary" onClick={test} disabled={!parsed.success || !online}>
          Send a test to me
        </Button>
      </p>
      {!online && (
        <p className="campaign-note" data-testid="test-offline">
          Offline: saving keeps the campaign on this device and sends it to the server when the connection is
          back. Sending a test needs a connection.
        </p>
      )}
      <Card>
        <h2>Preview: what a recipient gets today</h2>
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
            <p>
              <strong>SMS</strong> ({shown.smsSegments} {shown.smsSegments === 1 ? "segment" : "segments"}):{" "}
              {shown.sms}
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
