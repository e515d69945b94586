import { chromium, type FullConfig } from "@playwright/test";
import { E2E_CLOCK_FIXED_AT, E2E_DAY, e2eNow, followRunClock } from "./clock";
import { AGENT, CUSTOMER, expectAllSynced, saveNewCustomer, signIn } from "./sync-helpers";

/** The demo customer's record (the id customer@demo is linked to) is named so at the start of each run. */
export const DEMO_CUSTOMER_NAME = "Casey Demo";

// Before any test, once per run:
// 0. This run's clock is set to agree with the server's.
// 1. The server under test is on the run's day (its sample market is made for the day of its clock). A
//    server started without CLOCK_FIXED_AT, or with another, would make every dated assertion wrong far
//    from the cause: say so here.
// 2. Its data is fresh, and the demo customer (customer@demo's linked record) exists: the agent starts
//    it here, so no test has to accept "there or not". A record already there means the data folder
//    was used before: refused, with what to do.
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  // The run's clock is the server's, to a few milliseconds (its /api/health answers its clock): the
  // tests' "since" and "at" times compare with times the server stamps. Of three readings, the one with
  // the shortest round trip, taken as stamped half-way. Workers read E2E_CLOCK_STARTED.
  let best: { started: number; roundTrip: number } | undefined;
  for (let i = 0; i < 3; i++) {
    const sent = Date.now();
    const health = (await (await fetch(new URL("/api/health", baseURL))).json()) as { now?: number };
    const received = Date.now();
    if (typeof health.now !== "number")
      throw new Error("e2e setup: the server's /api/health does not say its clock");
    const reading = {
      started: (sent + received) / 2 - (health.now - Date.parse(E2E_CLOCK_FIXED_AT)),
      roundTrip: received - sent,
    };
    if (!best || reading.roundTrip < best.roundTrip) best = reading;
  }
  const started = Math.round(best?.started ?? Date.now());
  process.env.E2E_CLOCK_STARTED = String(started);
  followRunClock(started);
  const response = await fetch(new URL("/api/market/current", baseURL));
  if (!response.ok) throw new Error(`e2e setup: GET /api/market/current answered ${response.status}`);
  const { asOf } = (await response.json()) as { asOf?: string };
  if (asOf !== E2E_DAY)
    throw new Error(
      `e2e setup: the server's market is of ${asOf}, the run's day is ${E2E_DAY}: start the server with ` +
        `CLOCK_FIXED_AT=${E2E_CLOCK_FIXED_AT} (and an empty DATA_DIR given as E2E_DATA_DIR)`,
    );

  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    const context = await browser.newContext({ baseURL });
    await context.clock.setSystemTime(e2eNow());
    const page = await context.newPage();
    const id = CUSTOMER.customerId as string;
    await signIn(page, AGENT, `/agent/customers?customer=${encodeURIComponent(id)}`);
    const notFound = page.getByTestId("record-not-found");
    const record = page.getByTestId("customer-record");
    await record.or(notFound).waitFor({ timeout: 20_000 });
    if (await record.isVisible())
      throw new Error(
        `e2e setup: the demo customer's record already exists: the server's data is not fresh. Give the ` +
          "server an empty DATA_DIR (and the same folder as E2E_DATA_DIR), or let Playwright start it",
      );
    await notFound.getByRole("link", { name: "start the customer record for this id" }).click();
    if ((await saveNewCustomer(page, DEMO_CUSTOMER_NAME)) !== id)
      throw new Error(`e2e setup: the demo customer's record was not made with the id ${id}`);
    await expectAllSynced(page);
  } finally {
    await browser.close();
  }
}
