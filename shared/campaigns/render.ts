import { Decimal } from "decimal.js";
import { DEFAULT_COLOR_SCHEME } from "../catalogue/app-defaults";
import { dateInWords } from "../dates-in-words";
import type { PricedQuote } from "./price";

// The messages of a campaign run for one recipient (docs/campaigns.md), pure: the screen's live preview and
// the server's send call the same functions with the same priced quote, so what the agent sees is what
// the producer gets. E-mail: HTML and plain text with the organisation's name, colour, sender, postal
// address (CAN-SPAM) and a visible unsubscribe link; several campaigns of one organisation may share
// one e-mail (enableCombinedQuoteCampaignsToSingleEmail). SMS: as few segments as possible, a short link
// to the full quote and the STOP line.

export interface RenderOrg {
  name: string;
  primaryColor: string;
  /** The agency's full logo, an absolute https/http address (its settings' fullLogo on this server); none: its name only. */
  logoUrl?: string | null;
  senderEmail?: string | null;
  phone?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

export interface RenderItem {
  campaignName: string;
  priced: PricedQuote;
  /** The full quote on the web (the SMS links here too). */
  quoteUrl: string;
  /** This campaign's own unsubscribe link for this recipient. */
  unsubscribeUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/** Dollars with cents and thousands separators, exact (decimal.js), e.g. "$1,234.50". */
export function dollars(value: number | string): string {
  const d = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [whole, cents] = d.abs().toFixed(2).split(".");
  return `${d.isNegative() ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}

const percent = (level: number) => `${new Decimal(level).times(100).toDecimalPlaces(2).toString()}%`;

export function postalAddress(org: RenderOrg): string {
  const cityLine = [org.city, [org.state, org.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [org.addressLine1, org.addressLine2, cityLine].filter((s) => s && s.trim() !== "").join(", ");
}

interface Table {
  head: string[];
  rows: string[][];
}

function tableOf(priced: PricedQuote): Table {
  if (priced.plan === "lrp")
    return {
      head: [
        "Length",
        "Coverage level",
        "Coverage price /cwt",
        "Producer premium /cwt",
        "Producer premium /head",
        "End date",
      ],
      rows: priced.rows.map((r) => [
        `${r.endorsementLengthWeeks} weeks`,
        percent(r.coverageLevel),
        dollars(r.coveragePricePerCwt),
        dollars(r.producerPremiumPerCwt),
        dollars(r.producerPremiumPerHead),
        dateInWords(r.endDate),
      ]),
    };
  return {
    head: ["Expected gross margin", "Deductible", "Gross margin guarantee", "Producer premium"],
    rows: [
      [
        dollars(priced.quote.expectedGrossMargin),
        dollars(priced.deductible),
        dollars(priced.quote.grossMarginGuarantee),
        dollars(priced.quote.producerPremium),
      ],
    ],
  };
}

/** " (no sales on <date>: <reason>)" when the quote's sales date has none, else "". */
const noSalesNote = (p: PricedQuote) =>
  p.noSales ? ` (no sales on ${dateInWords(p.noSales.date)}: ${p.noSales.reason})` : "";

const summaryOf = (p: PricedQuote) =>
  (p.plan === "lrp"
    ? `${p.title}, ${p.head.toLocaleString("en-US")} head at ${p.targetWeightCwt} cwt, prices of ${dateInWords(p.asOf)}`
    : `${p.title}, deductible ${dollars(p.deductible)}, margins of ${dateInWords(p.asOf)}`) + noSalesNote(p);

export function renderEmail(
  org: RenderOrg,
  recipientName: string,
  items: readonly RenderItem[],
): RenderedEmail {
  if (items.length === 0) throw new Error("renderEmail: no campaign to render");
  const asOf = dateInWords(items[0].priced.asOf);
  const subject =
    items.length === 1
      ? `${org.name}: ${items[0].priced.title} quote for ${asOf}`
      : `${org.name}: your ${items.length} quotes for ${asOf}`;
  const address = postalAddress(org);
  // The agency's colour; the app's default colour (the one its screens show) when it set none.
  const colour = /^#[0-9a-fA-F]{3,8}$/.test(org.primaryColor)
    ? org.primaryColor
    : DEFAULT_COLOR_SCHEME.primary;
  const logo =
    org.logoUrl && /^https?:\/\/[^\s"'<>]+$/.test(org.logoUrl)
      ? `<img src="${esc(org.logoUrl)}" alt="${esc(org.name)}" style="max-height:48px;max-width:240px;display:block;margin-bottom:6px;background:#fff;padding:4px;border-radius:4px">`
      : "";

  const textParts = [`Hello ${recipientName},`, "", `Today's quotes from ${org.name}.`, ""];
  const htmlParts = [
    `<!doctype html><html><body style="margin:0;padding:0;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;background:#f5f5f5">`,
    `<div style="max-width:640px;margin:0 auto;background:#fff">`,
    `<div style="background:${colour};color:#fff;padding:16px 20px;font-size:20px;font-weight:bold">${logo}${esc(org.name)}</div>`,
    `<div style="padding:20px"><p>Hello ${esc(recipientName)},</p><p>Today's quotes from ${esc(org.name)}.</p>`,
  ];
  for (const item of items) {
    const t = tableOf(item.priced);
    textParts.push(`${item.campaignName}: ${summaryOf(item.priced)}`);
    for (const row of t.rows) textParts.push(`  ${t.head.map((h, i) => `${h}: ${row[i]}`).join("; ")}`);
    textParts.push(
      `  Full quote: ${item.quoteUrl}`,
      `  Stop receiving "${item.campaignName}": ${item.unsubscribeUrl}`,
      "",
    );
    htmlParts.push(
      `<h2 style="font-size:17px;color:${colour};margin:20px 0 4px">${esc(item.campaignName)}</h2>`,
      `<p style="margin:0 0 8px;color:#555">${esc(summaryOf(item.priced))}</p>`,
      `<table style="border-collapse:collapse;width:100%;font-size:14px"><thead><tr>${t.head
        .map(
          (h) => `<th style="text-align:left;border-bottom:2px solid ${colour};padding:4px">${esc(h)}</th>`,
        )
        .join("")}</tr></thead><tbody>${t.rows
        .map(
          (r) =>
            `<tr>${r.map((c) => `<td style="border-bottom:1px solid #ddd;padding:4px">${esc(c)}</td>`).join("")}</tr>`,
        )
        .join("")}</tbody></table>`,
      `<p><a href="${esc(item.quoteUrl)}" style="color:${colour}">See the full quote</a></p>`,
      `<p style="font-size:13px"><a href="${esc(item.unsubscribeUrl)}" style="color:#555">Unsubscribe from “${esc(item.campaignName)}”</a></p>`,
    );
  }
  const footer = [
    "Quotes are indicative until an endorsement is bought within the sales window.",
    `${org.name}${address ? `, ${address}` : ""}${org.phone ? `, ${org.phone}` : ""}`,
  ];
  textParts.push(...footer);
  htmlParts.push(
    `</div><div style="padding:16px 20px;font-size:12px;color:#555;border-top:1px solid #ddd">${footer
      .map((f) => `<p style="margin:4px 0">${esc(f)}</p>`)
      .join("")}</div></div></body></html>`,
  );
  return { subject, html: htmlParts.join(""), text: textParts.join("\n") };
}

const GSM7 =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXT = "^{}\\[~]|€";

/** The SMS segments a text takes: GSM-7 160 (153 per part when split), otherwise UCS-2 70 (67). */
export function smsSegments(text: string): number {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM7.includes(ch)) septets += 1;
    else if (GSM7_EXT.includes(ch)) septets += 2;
    else gsm = false;
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** The SMS of one campaign: the best figures first, a short link, the STOP line; two segments at most. */
export function renderSms(orgName: string, item: Pick<RenderItem, "priced">, shortUrl: string): string {
  const p = item.priced;
  const tail = ` Full quote: ${shortUrl} Reply STOP to opt out`;
  const head = `${orgName}: ${p.title} ${dateInWords(p.asOf, true)}${p.noSales ? " (no sales that day)" : ""}`;
  const parts: string[] =
    p.plan === "lrp"
      ? p.rows.map(
          (r) =>
            `${r.endorsementLengthWeeks}wk ${percent(r.coverageLevel)} ${dollars(r.coveragePricePerCwt)}/cwt prem ${dollars(r.producerPremiumPerCwt)}/cwt`,
        )
      : [`GMG ${dollars(p.quote.grossMarginGuarantee)} prem ${dollars(p.quote.producerPremium)}`];
  let text = `${head}.${tail}`;
  for (let n = parts.length; n >= 1; n--) {
    const candidate = `${head}: ${parts.slice(0, n).join("; ")}${n < parts.length ? " +more" : ""}.${tail}`;
    if (smsSegments(candidate) <= 2) {
      text = candidate;
      break;
    }
  }
  return text.replace(/[“”]/g, '"');
}
