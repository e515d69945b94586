import { HocuspocusProvider } from "@hocuspocus/provider";
import * as Y from "yjs";
import { LGM_TYPES, LRP_TYPES, REGION_STATES } from "../shared/catalogue";
import {
  type CoverageSummary,
  type CustomerSummary,
  coverageSummarySchema,
  customerSummarySchema,
  type EntitySummary,
  entitySummarySchema,
  type PolicySummary,
  PROVIDER_IDS,
  policySummarySchema,
} from "../shared/documents/book";
import { documentName } from "../shared/documents/names";

// A large agent book for `npm run bench:book`: customers, entities, policies and coverages as the
// book document's summaries (`org/{orgId}/book`, shared/documents/book.ts), made from a seeded generator
// so every run measures the same book, and written to a real server through a real sync client, each
// summary one value, as the app writes them (typed-document setWhole).

export interface BookSize {
  customers: number;
  coverages: number;
}

export interface Book {
  customers: CustomerSummary[];
  entities: EntitySummary[];
  policies: PolicySummary[];
  coverages: CoverageSummary[];
}

/** mulberry32: a small seeded generator (uniform in [0, 1)). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Casey",
  "Jordan",
  "Avery",
  "Riley",
  "Morgan",
  "Quinn",
  "Dakota",
  "Hayden",
  "Emerson",
  "Rowan",
];
const LAST = [
  "Hansen",
  "Schmidt",
  "Larson",
  "Olson",
  "Miller",
  "Brandt",
  "Keller",
  "Vogel",
  "Lund",
  "Fischer",
];
const RANCH = ["Ranch", "Cattle Co.", "Farms", "Land & Livestock", "Feeders", "Hog Farm"];
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * The book: `customers` customers, about 1.2 entities and 1.5 policies each, `coverages` coverages
 * (LRP four in five, LGM the rest) on those policies, sold in the 200 days before `asOf`.
 */
export function generateBook({ customers: nCustomers, coverages: nCoverages }: BookSize, asOf: string): Book {
  const random = seeded(20261120);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const at = `${asOf}T12:00:00.000Z`;
  const asOfMs = Date.parse(`${asOf}T00:00:00Z`);
  const states = REGION_STATES.filter((s) =>
    ["NE", "KS", "TX", "IA", "SD", "OK", "MO", "CO"].includes(s.abbreviation),
  );

  const book: Book = { customers: [], entities: [], policies: [], coverages: [] };
  for (let c = 0; c < nCustomers; c++) {
    const id = `bench-c-${pad(c, 5)}`;
    const state = pick(states);
    const name = `${pick(FIRST)} ${pick(LAST)} ${pick(RANCH)} ${c}`;
    book.customers.push(
      customerSummarySchema.parse({ id, name, state: state.abbreviation, status: "active", updatedAt: at }),
    );
    const entityCount = random() < 0.2 ? 2 : 1;
    const entityIds: string[] = [];
    for (let e = 0; e < entityCount; e++) {
      const entityId = `${id}-e${e}`;
      entityIds.push(entityId);
      book.entities.push(
        entitySummarySchema.parse({
          id: entityId,
          customerId: id,
          legalName: e === 0 ? name : `${pick(FIRST)} ${pick(LAST)}`,
          type: e === 0 ? "I" : "C",
          status: random() < 0.05 ? "deactivated" : "active",
          updatedAt: at,
        }),
      );
    }
    const policyCount = random() < 0.5 ? 2 : 1;
    for (let p = 0; p < policyCount; p++) {
      const plan = p === 0 || random() < 0.3 ? "lrp" : "lgm";
      const providers =
        plan === "lrp" ? PROVIDER_IDS.filter((x) => x !== "arbor") : (["agriSompo", "nau", "rcis"] as const);
      book.policies.push(
        policySummarySchema.parse({
          id: `${id}-p${p}`,
          customerId: id,
          entityId: pick(entityIds),
          plan,
          providerId: pick(providers),
          policyNumber: `${plan.toUpperCase()}-${pad(c * 3 + p, 7)}`,
          cropYear: Number(asOf.slice(0, 4)) - (random() < 0.2 ? 1 : 0),
          status: pick(["active", "active", "active", "pending", "cancelled"] as const),
          state: state.abbreviation,
          updatedAt: at,
        }),
      );
    }
  }
  const statuses = [
    "quoted",
    "submitted",
    "accepted",
    "accepted",
    "accepted",
    "ended",
    "claimed",
    "paid",
    "cancelled",
  ] as const;
  for (let v = 0; v < nCoverages; v++) {
    const policy = pick(book.policies);
    const lrp = policy.plan === "lrp";
    const sold = asOfMs - Math.floor(random() * 200) * DAY;
    const weeks = pick([13, 17, 21, 26, 30, 34, 39, 52]);
    const end = lrp ? sold + weeks * 7 * DAY : sold + Math.floor(random() * 11 + 1) * 30 * DAY;
    const type = lrp ? pick(LRP_TYPES) : pick(LGM_TYPES);
    book.coverages.push(
      coverageSummarySchema.parse({
        id: `bench-v-${pad(v, 5)}`,
        customerId: policy.customerId,
        policyId: policy.id,
        plan: policy.plan,
        providerId: policy.providerId,
        commodity: type.commodityCode,
        type: type.code,
        cropYear: policy.cropYear,
        salesDate: isoDay(sold),
        endDate: isoDay(end),
        head: Math.floor(random() * 400) + 20,
        producerPremium: (random() * 20_000 + 200).toFixed(2),
        status: pick(statuses),
        updatedAt: at,
      }),
    );
  }
  return book;
}

/**
 * Writes the book's summaries into `org/{orgId}/book` as an agent of the org, in transactions of `chunk`
 * records (each is one update the server's write guard checks), and waits until the server has them all.
 */
export async function writeBook(
  url: string,
  orgId: string,
  token: string,
  book: Book,
  chunk = 500,
): Promise<void> {
  const doc = new Y.Doc();
  let failure: string | null = null;
  const provider = new HocuspocusProvider({
    url,
    name: documentName.book(orgId),
    token,
    document: doc,
    onAuthenticationFailed: ({ reason }) => {
      failure = `authentication failed: ${reason}`;
    },
    onClose: ({ event }) => {
      if (event.reason) failure = `closed: ${event.reason}`;
    },
  });
  try {
    await waitFor(
      () => provider.isSynced,
      () => failure,
      "the book document to sync",
    );
    const sections: [keyof Book, { id: string }[]][] = [
      ["customers", book.customers],
      ["entities", book.entities],
      ["policies", book.policies],
      ["coverages", book.coverages],
    ];
    for (const [section, records] of sections)
      for (let i = 0; i < records.length; i += chunk)
        doc.transact(() => {
          const map = doc.getMap(section);
          // Summaries are stored whole, as the app writes them (typed-document setWhole).
          for (const record of records.slice(i, i + chunk)) map.set(record.id, structuredClone(record));
        });
    await waitFor(
      () => !provider.hasUnsyncedChanges,
      () => failure,
      "the server to acknowledge the book",
    );
  } finally {
    provider.destroy();
    doc.destroy();
  }
}

async function waitFor(ok: () => boolean, failed: () => string | null, what: string, timeoutMs = 120_000) {
  const start = Date.now();
  while (!ok()) {
    const failure = failed();
    if (failure) throw new Error(`while waiting for ${what}: ${failure}`);
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
