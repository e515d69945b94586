import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { priceCampaignQuote } from "../../../shared/campaigns/price";
import { renderEmail, renderSms, smsSegments } from "../../../shared/campaigns/render";
import { FREQUENCY_OPTIONS_BY_PLAN, WEEKDAY_NAME_BY_NUMBER } from "../../../shared/catalogue/enumerations";
import { type Campaign, campaignSchema } from "../../../shared/documents/campaign";
import { useBookIndex } from "../../components/book";
import { campaignAction, getCampaign, saveCampaign } from "../../components/campaigns/campaigns-client";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { useDeviceMarket } from "../../lib/sync";
import "./campaigns.css";

// Create or edit a quote campaign (issue 12): the quote, the schedule, the recipients (customers of the
// book with an e-mail address), checked with the shared schema (each issue shown at its field), and a
// live preview of the exact e-mail and SMS a recipient would get today — priced with the shared engine
// on this device's market snapshot and rendered by the same functions the server sends with.

const today = () => new Date().toISOString().slice(0, 10);
const blank = (): Campaign => ({
  campaign: {
    schemaVersion: 1,
    name: "",
    status: "ACTIVE",
    quote: {
      plan: "lrp",
      commodity: "0801",
      type: "809",
      endorsementLengthsWeeks: [13],
      head: 100,
      targetWeightCwt: 5.5,
      levelSelection: "TOP",
    },
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

export default function CampaignFormPage() {
  const { campaignId } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const book = useBookIndex();
  const market = useDeviceMarket();
  const [value, setValue] = useState<Campaign>(blank);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [touched, setTouched] = useState(false);
  const id = useMemo(() => campaignId ?? `k-${crypto.randomUUID().slice(0, 12)}`, [campaignId]);

  useEffect(() => {
    if (!campaignId || !session.orgId) return;
    session
      .getAccessToken()
      .then((t) => getCampaign(session.orgId as string, campaignId, t))
      .then(setValue)
      .catch((e: Error) => setMessage({ tone: "error", text: e.message }));
  }, [campaignId, session]);

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

  const preview = useMemo(() => {
    if (!parsed.success || !market.current) return null;
    try {
      const priced = priceCampaignQuote(parsed.data.campaign.quote, market.current);
      const item = {
        campaignName: parsed.data.campaign.name,
        priced,
        quoteUrl: `${location.origin}/${q.plan === "lrp" ? "lrp-quote" : "lgm-quote"}`,
        unsubscribeUrl: `${location.origin}/unsubscribe/campaign/${id}/…`,
      };
      const org = { name: "Your agency", primaryColor: "#1f5130" };
      return { email: renderEmail(org, "Producer", [item]), sms: renderSms(org.name, item, item.quoteUrl) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [parsed.success, parsed.data, market.current, q.plan, id]);

  const save = async () => {
    setTouched(true);
    if (!parsed.success || !session.orgId) return;
    try {
      await saveCampaign(session.orgId, id, parsed.data, await session.getAccessToken());
      navigate("/agent/quote-campaigns");
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  };
  const test = async () => {
    try {
      const token = await session.getAccessToken();
      if (parsed.success) await saveCampaign(session.orgId as string, id, parsed.data, token);
      const r = await campaignAction(session.orgId as string, id, "test", token);
      setMessage({ tone: "success", text: `A test e-mail was sent to ${r.sentTo}.` });
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  };

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
        {book.customers.filter((c) => c.email).length === 0 && (
          <p>No customer of the book has an e-mail address yet.</p>
        )}
        {book.customers
          .filter((c) => c.email)
          .map((c) => {
            const r = value.recipients[c.id];
            return (
              <label key={c.id}>
                <input
                  type="checkbox"
                  checked={Boolean(r)}
                  disabled={r?.status === "UNSUBSCRIBED"}
                  onChange={(e) =>
                    setValue((v) => {
                      const recipients = { ...v.recipients };
                      if (e.target.checked)
                        recipients[c.id] = {
                          id: c.id,
                          customerId: c.id,
                          channels: ["email"],
                          status: "ACTIVE",
                        };
                      else delete recipients[c.id];
                      return { ...v, recipients };
                    })
                  }
                />{" "}
                {c.name} ({c.email}){r && r.status !== "ACTIVE" ? ` — ${r.status.toLowerCase()}` : ""}
              </label>
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
        <Button variant="secondary" onClick={test} disabled={!parsed.success}>
          Send a test to me
        </Button>
      </p>
      <Card>
        <h2>Preview: what a recipient gets today</h2>
        {!market.current && <p>No market data on this device yet.</p>}
        {!parsed.success && <p>Complete the campaign to see the preview.</p>}
        {preview && "error" in preview && <Alert tone="warning">{preview.error}</Alert>}
        {preview && "email" in preview && preview.email && (
          <>
            <p>
              <strong>Subject:</strong> {preview.email.subject}
            </p>
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={preview.email.html}
              style={{ width: "100%", height: 420, border: "1px solid #ddd" }}
            />
            <p>
              <strong>SMS</strong> ({smsSegments(preview.sms)}{" "}
              {smsSegments(preview.sms) === 1 ? "segment" : "segments"}): {preview.sms}
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
