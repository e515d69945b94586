import type { z } from "zod";
import { quoteLgm, quoteLrp } from "../../shared/pricing";
import { organisationLines } from "../commissions/lines";
import { type MarketSource, snapshotForSalesDate } from "../market/api";
import type { Storage } from "../storage/types";
import { storedBookIndex } from "../sync/book-index";
import {
  commissionsQuerySchema,
  commissionsResponseSchema,
  coveragesResponseSchema,
  customersResponseSchema,
  lgmQuoteInputSchema,
  lgmQuoteSchema,
  lrpOffersSchema,
  lrpQuoteInputSchema,
  lrpQuoteSchema,
  marketCurrentSchema,
} from "./schemas";
import type { ApiScope } from "./tables";

// The partner API's routes (docs/partner-api.md), one table for the router (api.ts) and the OpenAPI document
// (openapi.ts). A handler gets the parsed body and the key's organisation and returns the JSON answer;
// a DomainError it throws (the pricing engine's, with the spec's messages) becomes a 422 problem.

export interface RouteContext {
  orgId: string;
  body: unknown;
  /** The query, parsed with the route's `query` schema (undefined for a route without one). */
  query?: unknown;
  storage: Storage;
  market: MarketSource;
}

export interface PartnerRoute {
  method: "get" | "post";
  path: string;
  operationId: string;
  scope: ApiScope;
  summary: string;
  description: string;
  request?: z.ZodType;
  /** The query's parameters (an object schema: each key one parameter). */
  query?: z.ZodObject;
  /** The query the reference shows and the contract test sends. */
  queryExample?: Record<string, string>;
  response: z.ZodType;
  /** A request the reference shows and the contract test sends (dated to the current snapshot's day). */
  example?: Record<string, unknown>;
  /** Whether the answer needs a market snapshot (503 without one). */
  usesMarket: boolean;
  handle(ctx: RouteContext): Promise<unknown>;
}

export class NoMarketData extends Error {}

const salesDateOf = (body: unknown) =>
  typeof body === "object" && body !== null ? (body as { salesDate?: unknown }).salesDate : undefined;

/** The current snapshot, or with a sales date that day's (docs/market-data.md; quotes on the sales date's prices). */
async function snapshotOf(market: MarketSource, salesDate?: unknown) {
  const snapshot = await snapshotForSalesDate(market, salesDate);
  if (!snapshot)
    throw new NoMarketData("No market snapshot is published yet: try again after the next market update.");
  return snapshot;
}

/** The book's summaries: the book document's (schema 3), with an unmigrated organisation document's. */
const orgDocument = storedBookIndex;
const values = (section: unknown) =>
  section && typeof section === "object" ? Object.values(section as Record<string, unknown>) : [];
const byId = (a: unknown, b: unknown) =>
  String((a as { id: string }).id).localeCompare(String((b as { id: string }).id));

export const LRP_EXAMPLE = {
  commodity: "0801",
  type: "809",
  endorsementLengthWeeks: 26,
  coverageLevel: 0.95,
  head: 100,
  targetWeightCwt: 5.5,
  share: 1,
  farmerClassification: "Neither",
  cropYear: 2027,
  salesDate: "2026-11-20",
};
export const LGM_EXAMPLE = {
  commodity: "0803",
  type: "808",
  targetMarketings: [0, 0, 0, 100, 0, 0, 0, 0, 50, 0, 0],
  deductible: 20,
  farmerClassification: "Neither",
  cropYear: 2027,
  salesDate: "2026-11-20",
  seed: 1,
};

export const PARTNER_ROUTES: PartnerRoute[] = [
  {
    method: "post",
    path: "/api/v1/quotes/lrp",
    operationId: "quoteLrp",
    usesMarket: true,
    scope: "quotes:read",
    summary: "Price an LRP quote",
    description:
      "The same input and output keys as `npx rangeline quote lrp`. Priced on the snapshot of `salesDate` (the current one, or that day's from the market history; a day not held is refused with 422 stale-market-data). `noSales` says when the day has no LRP sales.",
    request: lrpQuoteInputSchema,
    response: lrpQuoteSchema,
    example: LRP_EXAMPLE,
    handle: async ({ body, market }) => quoteLrp(body, await snapshotOf(market, salesDateOf(body))),
  },
  {
    method: "post",
    path: "/api/v1/quotes/lrp/offers",
    operationId: "quoteLrpOffers",
    usesMarket: true,
    scope: "quotes:read",
    summary: "Price an LRP quote with the offer table",
    description:
      "As /quotes/lrp, with `offers`: every row of the type's offer table (`npx rangeline quote lrp --all`).",
    request: lrpQuoteInputSchema,
    response: lrpOffersSchema,
    example: LRP_EXAMPLE,
    handle: async ({ body, market }) =>
      quoteLrp(body, await snapshotOf(market, salesDateOf(body)), { all: true }),
  },
  {
    method: "post",
    path: "/api/v1/quotes/lgm",
    operationId: "quoteLgm",
    usesMarket: true,
    scope: "quotes:read",
    summary: "Price an LGM quote with its deductible curve",
    description:
      "The same input and output keys as `npx rangeline quote lgm`. Priced on the snapshot of `salesDate`, as the LRP quote. `noSales` says when the day has no LGM sales (weekend, exchange holiday).",
    request: lgmQuoteInputSchema,
    response: lgmQuoteSchema,
    example: LGM_EXAMPLE,
    handle: async ({ body, market }) => quoteLgm(body, await snapshotOf(market, salesDateOf(body))),
  },
  {
    method: "get",
    path: "/api/v1/market/current",
    operationId: "marketCurrent",
    usesMarket: true,
    scope: "market:read",
    summary: "The current market snapshot's date and label",
    description: "Which trading day quotes are priced against.",
    response: marketCurrentSchema,
    handle: async ({ market }) => {
      const s = await snapshotOf(market);
      return { asOf: s.asOf, label: s.label, source: s.source };
    },
  },
  {
    method: "get",
    path: "/api/v1/book/customers",
    operationId: "bookCustomers",
    usesMarket: false,
    scope: "book:read",
    summary: "The organisation's customers",
    description: "Summaries of the key's organisation's customers (no tax ids, no notes).",
    response: customersResponseSchema,
    handle: async ({ storage, orgId }) => ({
      customers: values((await orgDocument(storage, orgId)).customers).sort(byId),
    }),
  },
  {
    method: "get",
    path: "/api/v1/book/coverages",
    operationId: "bookCoverages",
    usesMarket: false,
    scope: "book:read",
    summary: "The organisation's policies and coverages",
    description: "Summaries of the key's organisation's policies and LRP/LGM coverages (no tax ids).",
    response: coveragesResponseSchema,
    handle: async ({ storage, orgId }) => {
      const doc = await orgDocument(storage, orgId);
      return { policies: values(doc.policies).sort(byId), coverages: values(doc.coverages).sort(byId) };
    },
  },
  {
    method: "get",
    path: "/api/v1/commissions",
    operationId: "commissions",
    usesMarket: false,
    scope: "commissions:read",
    summary: "The organisation's expected commission lines of a crop year",
    description:
      "For the agency's accounting system: every expected commission line of the coverages of `cropYear` (docs/commissions.md) — total premium × the schedule's rate, rounded to the cent once per line, split between the writing agent, the servicing agent and the agency (which takes the rounding remainder), and a chargeback line reversing a line exactly when a coverage is cancelled or its premium changes. Amounts are decimal strings.",
    query: commissionsQuerySchema,
    queryExample: { cropYear: "2027" },
    response: commissionsResponseSchema,
    handle: async ({ storage, orgId, query }) => {
      const { cropYear } = query as z.infer<typeof commissionsQuerySchema>;
      return { cropYear, lines: await organisationLines(storage, orgId, cropYear) };
    },
  },
];
