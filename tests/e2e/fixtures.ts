import { type Browser, type BrowserContext, test as base, type TestDetails } from "@playwright/test";
import { EMBEDDED_CLIENT_ID } from "../../sync-server/identity/embedded/client";
import { e2eNow } from "./clock";

// Everything else of Playwright's test API, as it is (`test` below takes precedence over its own).
export * from "@playwright/test";

// Every spec imports `test` from here (tests/e2e/imports.test.ts checks it): each browser context,
// the default one and those a test opens with browser.newContext(), starts on the run's clock
// (./clock.ts). Playwright's setSystemTime fakes Date only: time runs on from the set instant and
// timers fire as usual (setFixedTime would stop Date.now(), which elapsed-time code in the app reads).
// A test of another day moves this process's clock (moveClockTo) and runs a server of its own on it
// (day-kinds.spec.ts), so browser and server share the day; test.use({ clockAt }) puts the default
// context (the `page` fixture) on an instant of its own.

/** Puts a context on the run's clock (this process's: ./clock.ts), or on `at`. */
export async function onRunClock(context: BrowserContext, at?: string | Date): Promise<BrowserContext> {
  await context.clock.setSystemTime(at ?? e2eNow());
  return context;
}

const clocked = new WeakSet<Browser>();

export const test = base.extend<{ clockAt: string | undefined }, { clockedBrowser: Browser }>({
  clockAt: [undefined, { option: true }],
  clockedBrowser: [
    async ({ browser }, use) => {
      if (!clocked.has(browser)) {
        clocked.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => onRunClock(await newContext(options));
      }
      await use(browser);
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context, clockAt }, use) => {
    await onRunClock(context, clockAt);
    await use(context);
  },
});

// Two workers share the run's one server (README "End-to-end tests: two at once"). A test that another
// test running at the same moment would upset, or be upset by, says so with a lock (Playwright's `lock`
// detail: tests holding one lock never run at once; Playwright keeps a spec file's tests in one worker,
// so a file runs under the locks of all its tests):
// - DEMO_CUSTOMER: the test writes the demo customer's record c-demo (renames it, adds records to its
//   book) and reads back what it wrote; every such test holds it, one at a time.
// - EXCLUSIVE: Playwright's built-in `-exclusive-` lock, nothing else runs meanwhile: the test changes
//   what every signed-in user or the whole organisation gets (sessions, roles, organisation settings), or
//   asserts a figure of time the other worker's load would stretch.

/** Holds the demo customer's record (c-demo) for the test: `test(title, DEMO_CUSTOMER, body)`. */
export const DEMO_CUSTOMER = { lock: "demo-customer" } satisfies TestDetails;
/** Runs the test with nothing else running: `test(title, EXCLUSIVE, body)`. */
export const EXCLUSIVE = { lock: "-exclusive-" } satisfies TestDetails;

/**
 * A cookie a page script writes with an expiry (js-cookie: now + N days) expires on Chromium's own
 * clock, which the run's clock is days behind: auth0-spa-js's day-long "is authenticated" cookie, written
 * at sign-in, is already gone, and a reload without the token cache then skips the silent sign-in. A
 * test about that sign-in writes the cookie again as a real day would (a day after Chromium's now).
 */
export async function keepSignInCookie(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([
    {
      name: `auth0.${EMBEDDED_CLIENT_ID}.is.authenticated`,
      value: "true",
      url: baseURL,
      expires: Math.floor(Date.now() / 1000) + 86_400,
    },
  ]);
}
