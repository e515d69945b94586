import { chooseOffer, choosePolicy, DEMO_CUSTOMER_ID, seedDemoCustomerBook } from "./book-helpers";
import { DEMO_CUSTOMER, expect, type Page, test } from "./fixtures";
import {
  AGENT,
  CUSTOMER,
  customerPath,
  device,
  dropSocket,
  expectAllSynced,
  newCustomerPath,
  restoreSocket,
} from "./sync-helpers";

// docs/agent-book.md "phone first, 360 px up": every agent book route, and My coverages for the producer, at
// 360 × 780 must not scroll sideways (document.documentElement.scrollWidth > clientWidth), and its
// links, buttons and fields are tap targets of at least 24 × 24 px. Each page
// is also saved as a full-page screenshot (in the test's output folder, or PHONE_SHOTS_DIR) to look at.
// The records are written into the demo customer's document (seedDemoCustomerBook), so My coverages
// has them too. A second test opens every {id} and {action} route with an unknown id or action: each
// gives the "not found" page, not a crash.

const CUSTOMER_ID = DEMO_CUSTOMER_ID;
const PHONE = { width: 360, height: 780 };

/** The elements that stick out on the right (for the failure message), and whether the page scrolls sideways. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && out.length < 5) {
        const cls = typeof el.className === "string" && el.className ? `.${el.className.split(" ")[0]}` : "";
        out.push(`${el.tagName.toLowerCase()}${cls} (right ${Math.round(box.right)})`);
      }
    }
    return { scrolls: root.scrollWidth > root.clientWidth, scrollWidth: root.scrollWidth, width, out };
  });
}

/**
 * Links, buttons and fields under 24 × 24 px (WCAG 2.2 target size, AA), except: a link inside a
 * sentence; what is visually hidden (a list's header row on a phone); a checkbox or radio, measured by
 * its label; a row button, measured by its row (the whole row chooses). The LRP quote screen's table
 * headers (src/components/quote, the quote screen's own table on the create page) are left out: 21 px.
 */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll("main a, main button, main input, main select"))) {
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const thead = el.closest("thead");
      if (thead && thead.getBoundingClientRect().height <= 1) continue;
      if (el.closest(".data-table thead")) continue;
      if (el.tagName === "A" && el.parentElement && /^(P|LI|SPAN|DD)$/.test(el.parentElement.tagName)) {
        const text = el.parentElement.textContent?.trim() ?? "";
        if (text.length > (el.textContent?.trim().length ?? 0) + 3) continue;
      }
      const input = el as HTMLInputElement;
      if (input.type === "checkbox" || input.type === "radio") {
        const label =
          el.closest("label") ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (el.classList.contains("row-button")) box = el.closest("tr")?.getBoundingClientRect() ?? box;
      if (box.height < 24 || box.width < 24)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return out;
  });
}

async function shoot(page: Page, name: string) {
  const dir = process.env.PHONE_SHOTS_DIR;
  const path = dir ? `${dir}/${name}.png` : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
}

/** Saves a screenshot of the page as it is and reports a sideways scroll and small tap targets. */
async function check(page: Page, name: string, problems: string[]) {
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  await shoot(page, name);
  const where = `${name} (${new URL(page.url()).pathname})`;
  const small = await smallTargets(page);
  if (small.length > 0) problems.push(`${where}: tap targets under 24 px: ${small.join("; ")}`);
  const o = await overflow(page);
  if (o.scrolls) problems.push(`${where}: ${o.scrollWidth} px wide at ${o.width}: ${o.out.join(", ")}`);
}

/** Opens `path`, waits for `ready` and for loading texts to go, then checks it. */
async function visit(page: Page, name: string, path: string, ready: string, problems: string[]) {
  await page.goto(path);
  await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
  await check(page, name, problems);
}

test(
  "every agent book route and My coverages fit a 360 px phone: no sideways scroll, tap targets of 24 px",
  DEMO_CUSTOMER,
  async ({ browser }) => {
    test.setTimeout(300_000);
    const agent = await device(browser, AGENT, customerPath(CUSTOMER_ID));
    const page = agent.page;
    const problems: string[] = [];
    try {
      await expectAllSynced(page);
      const ids = await seedDemoCustomerBook(page);
      await expectAllSynced(page);
      await page.setViewportSize(PHONE);

      const routes: [string, string, string][] = [
        ["agent-hub", "/agent", "agent-hub"],
        ["customers", "/agent/customers", "customers-page"],
        ["customer-record", customerPath(CUSTOMER_ID), "customer-record"],
        ["customer-new", newCustomerPath(), "new-customer-form"],
        ["entities", "/agent/entities", "entities-page"],
        ["entity-create", `/agent/entities/create?customer=${CUSTOMER_ID}`, "entity-create"],
        ["entity", `/agent/entities/${ids.entityId}`, "entity-page"],
        ["entity-edit", `/agent/entities/${ids.entityId}/edit`, "entity-edit"],
        ["entity-deactivate", `/agent/entities/${ids.entityId}/deactivate`, "confirm-action"],
        ["policies", "/agent/policies", "policies-page"],
        ["policy-create", `/agent/policies/create?customer=${CUSTOMER_ID}`, "policy-create"],
        ["policy", `/agent/policies/${ids.lrpPolicyId}`, "policy-page"],
        ["policy-edit", `/agent/policies/${ids.lrpPolicyId}/edit`, "policy-edit"],
        ["policy-cancel", `/agent/policies/${ids.lrpPolicyId}/cancel`, "confirm-action"],
        ["policy-terminate", `/agent/policies/${ids.lgmPolicyId}/terminate`, "confirm-action"],
        ["coverages", "/agent/coverages", "coverages-page"],
        ["lrp-create", `/agent/coverages/lrp/create?customer=${CUSTOMER_ID}`, "lrp-coverage-create-page"],
        ["lrp-coverage", `/agent/coverages/lrp/${ids.lrpCoverageId}`, "lrp-coverage-page"],
        ["lrp-edit", `/agent/coverages/lrp/${ids.lrpCoverageId}/edit`, "lrp-coverage-edit-page"],
        ["lgm-endorsement", `/agent/coverages/lgm/${ids.lgmTodayId}`, "lgm-curve"],
        ["lgm-endorsement-old", `/agent/coverages/lgm/${ids.lgmEndorsementId}`, "lgm-curve-unavailable"],
        ["lgm-create", `/agent/coverages/lgm/create?customer=${CUSTOMER_ID}`, "lgm-create-page"],
        ["claims", "/agent/claims", "claims-page"],
      ];
      for (const [name, path, ready] of routes) await visit(page, name, path, ready, problems);

      // The states a phone user reaches on those pages: an SBI added to a new entity; an offer chosen
      // for a new LRP coverage; an LGM endorsement priced; a coverage's status change to confirm.
      await visit(
        page,
        "entity-create-sbi",
        `/agent/entities/create?customer=${CUSTOMER_ID}`,
        "entity-create",
        [],
      );
      await page.getByRole("button", { name: "Add an SBI" }).click();
      await expect(page.getByTestId("sbi")).toHaveCount(1);
      await check(page, "entity-create-sbi", problems);
      await visit(
        page,
        "lrp-create-chosen",
        `/agent/coverages/lrp/create?customer=${CUSTOMER_ID}`,
        "lrp-coverage-create-page",
        [],
      );
      await choosePolicy(page, ids.lrpPolicyNumber);
      await chooseOffer(page, 100);
      await check(page, "lrp-create-chosen", problems);
      await visit(
        page,
        "lgm-create-priced",
        `/agent/coverages/lgm/create?customer=${CUSTOMER_ID}`,
        "lgm-create-page",
        [],
      );
      await page.getByLabel("LGM policy", { exact: true }).selectOption(ids.lgmPolicyId);
      await expect(page.getByTestId("lgm-create-quote")).toBeVisible({ timeout: 60_000 });
      await check(page, "lgm-create-priced", problems);
      await visit(
        page,
        "lrp-coverage-confirm",
        `/agent/coverages/lrp/${ids.lrpCoverageId}`,
        "lrp-coverage-page",
        [],
      );
      await page.getByRole("button", { name: "Mark ended" }).click();
      await expect(page.getByRole("button", { name: "Accepted → Ended" })).toBeVisible();
      await check(page, "lrp-coverage-confirm", problems);

      // The endorsement sold on a day whose market data is on neither the device nor the server: said
      // plainly, and the stored figures stay.
      await page.goto(`/agent/coverages/lgm/${ids.lgmEndorsementId}`);
      const view = page.getByTestId("lgm-endorsement-page");
      await expect(view.getByTestId("lgm-curve-unavailable")).toContainText(
        "The market data of the sales date (2026-01-15) is not on this device",
        { timeout: 30_000 },
      );
      await expect(view.getByTestId("producer-premium")).toHaveText("$3,526");
      // Offline, the server's market history is not asked: the page says why.
      await page.goto(customerPath(CUSTOMER_ID));
      await expect(page.getByTestId("customer-record")).toBeVisible();
      await expectAllSynced(page);
      await agent.context.setOffline(true);
      await dropSocket(page);
      await page.locator(`a[href="/agent/coverages/lgm/${ids.lgmEndorsementId}"]`).click();
      await expect(view.getByTestId("lgm-curve-unavailable")).toContainText(
        "The market data of the sales date (2026-01-15) is not on this device and you are offline",
      );
      await agent.context.setOffline(false);
      await restoreSocket(page);
      await expectAllSynced(page);
    } finally {
      await agent.context.close();
    }

    const producer = await device(browser, CUSTOMER, "/insurance/my-coverages");
    try {
      await producer.page.setViewportSize(PHONE);
      await visit(producer.page, "my-coverages", "/insurance/my-coverages", "my-coverage", problems);
    } finally {
      await producer.context.close();
    }
    expect(problems).toEqual([]);
  },
);
